"""The import graph, read from the source (ast, nothing imported): combat builds on campaigns.

* campaigns never imports the combat app, at module level or inside a function; what combat adds
  to campaigns it registers through campaigns.extensions from its AppConfig.ready. The rules core
  (combat.rules) is a library, not the app: pure Python that imports no Django, no campaigns and
  no combat app module, so campaigns may use it (stat schemas, the systems registry, dice).
* No import hides inside a function to dodge a cycle: an import in a function body is refused
  when the module it names reaches the importing module again through module-level imports.
  An AppConfig's `ready` imports what needs loaded models (signal receivers, registrations), and
  imports under `if TYPE_CHECKING:` never run; both are allowed.
"""

import ast
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGES = ("campaigns", "combat", "config")
RULES = "combat.rules"


@dataclass(frozen=True)
class Import:
    module: str  # the importing module
    target: str  # a module it names (for `from a import b`: a, and a.b when that is a module)
    line: int
    function: str | None  # the enclosing function, None at module level
    type_only: bool  # under `if TYPE_CHECKING:`
    in_ready: bool  # inside an AppConfig's ready()


def sources(root: Path = REPO) -> dict[str, str]:
    """Every product module's dotted name and text (migrations included)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path.read_text(encoding="utf-8")
    return found


def _is_package(name: str, modules: Mapping[str, str]) -> bool:
    return any(other.startswith(name + ".") for other in modules)


def _targets(
    module: str, node: ast.Import | ast.ImportFrom, modules: Mapping[str, str]
) -> list[str]:
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".")
        package = package if _is_package(module, modules) else package[:-1]
        package = package[: len(package) - (node.level - 1)]
        base = ".".join([*package, node.module] if node.module else package)
    submodules = [f"{base}.{a.name}" for a in node.names if f"{base}.{a.name}" in modules]
    return submodules if node.module is None else [base, *submodules]


def _type_checking(node: ast.AST) -> bool:
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")
    )


def _is_app_config(node: ast.ClassDef) -> bool:
    return any("AppConfig" in ast.unparse(base) for base in node.bases)


def imports_of(module: str, text: str, modules: Mapping[str, str]) -> Iterator[Import]:
    def walk(
        nodes: Iterable[ast.AST], function: str | None, typed: bool, ready: bool
    ) -> Iterator[Import]:
        for node in nodes:
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in _targets(module, node, modules):
                    yield Import(module, target, node.lineno, function, typed, ready)
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                yield from walk(node.body, function or node.name, typed, ready)
            elif isinstance(node, ast.ClassDef) and _is_app_config(node):
                for item in node.body:
                    is_ready = isinstance(item, ast.FunctionDef) and item.name == "ready"
                    yield from walk([item], function, typed, ready or is_ready)
            else:
                yield from walk(
                    ast.iter_child_nodes(node), function, typed or _type_checking(node), ready
                )

    yield from walk(ast.parse(text).body, None, False, False)


def all_imports(modules: Mapping[str, str]) -> list[Import]:
    return [found for name, text in modules.items() for found in imports_of(name, text, modules)]


def module_graph(modules: Mapping[str, str], imports: Iterable[Import]) -> dict[str, set[str]]:
    """What importing each module runs at once: its module-level imports and their packages'
    __init__ (a package the importer sits in is already loading, so it is no edge)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for found in imports:
        if found.function is not None or found.type_only:
            continue
        parts = found.target.split(".")
        for size in range(1, len(parts) + 1):
            target = ".".join(parts[:size])
            if target in modules and not (found.module + ".").startswith(target + "."):
                graph[found.module].add(target)
    return graph


def reachable(graph: Mapping[str, set[str]], start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for target in graph.get(todo.pop(), set()) - seen:
            seen.add(target)
            todo.append(target)
    return seen


def _is_combat_app(target: str) -> bool:
    in_combat = target == "combat" or target.startswith("combat.")
    return in_combat and target != RULES and not target.startswith(RULES + ".")


def campaigns_to_combat(imports: Iterable[Import]) -> list[Import]:
    return [
        i for i in imports if i.module.split(".")[0] == "campaigns" and _is_combat_app(i.target)
    ]


def rules_outside_the_core(imports: Iterable[Import]) -> list[Import]:
    def outside(target: str) -> bool:
        top = target.split(".")[0]
        return top in ("django", "campaigns", "config") or _is_combat_app(target)

    return [i for i in imports if i.module.startswith(RULES) and outside(i.target)]


def cycle_dodges(modules: Mapping[str, str]) -> list[Import]:
    """Imports inside functions whose module reaches the importing module again at load time."""
    imports = all_imports(modules)
    graph = module_graph(modules, imports)
    return [
        found
        for found in imports
        if found.function is not None
        and not (found.type_only or found.in_ready)
        and found.target in modules
        and (found.target == found.module or found.module in reachable(graph, found.target))
    ]


def _show(found: Iterable[Import]) -> list[str]:
    return [f"{i.module}:{i.line} imports {i.target} (in {i.function or 'module'})" for i in found]


# --- the project -------------------------------------------------------------------------------


def test_campaigns_never_imports_the_combat_app() -> None:
    assert _show(campaigns_to_combat(all_imports(sources()))) == []


def test_the_rules_core_imports_no_django_no_campaigns_and_no_combat_app() -> None:
    assert _show(rules_outside_the_core(all_imports(sources()))) == []


def test_no_import_hides_in_a_function_to_dodge_a_cycle() -> None:
    assert _show(cycle_dodges(sources())) == []


# --- the checks themselves, on small made-up trees ---------------------------------------------


def test_a_campaigns_import_of_combat_inside_a_function_is_found() -> None:
    tree = {
        "campaigns": "",
        "campaigns.views": "def page():\n    from combat.rolling import roller_context\n",
        "campaigns.forms": "from combat.rules.schema import Schema\n",
        "combat": "",
        "combat.rolling": "",
    }
    assert _show(campaigns_to_combat(all_imports(tree))) == [
        "campaigns.views:2 imports combat.rolling (in page)"
    ]


def test_the_rules_core_importing_django_is_found() -> None:
    tree = {"combat.rules.dice": "from django.db import models\nimport random\n"}
    assert _show(rules_outside_the_core(all_imports(tree))) == [
        "combat.rules.dice:1 imports django.db (in module)"
    ]


def test_a_function_import_that_closes_a_cycle_is_found_and_a_plain_one_is_not() -> None:
    tree = {
        "combat": "",
        "combat.display": "def label():\n    from .forms import value\n",
        "combat.forms": "from .display import say\n",
        "combat.workflows": "def claim():\n    from .journal import claim\n",
        "combat.journal": "",
    }
    assert _show(cycle_dodges(tree)) == ["combat.display:2 imports combat.forms (in label)"]


def test_a_cycle_through_a_package_init_is_found() -> None:
    tree = {
        "campaigns.models": "from .journal import Roll\n",
        "campaigns.models.journal": "def wipe():\n    from campaigns.logs import allowed\n",
        "campaigns.logs": "from campaigns.models.base import Base\n",
        "campaigns.models.base": "",
    }
    assert _show(cycle_dodges(tree)) == [
        "campaigns.models.journal:2 imports campaigns.logs (in wipe)"
    ]


def test_ready_and_type_checking_imports_are_allowed() -> None:
    tree = {
        "combat.apps": (
            "from django.apps import AppConfig\n"
            "class CombatConfig(AppConfig):\n"
            "    def ready(self):\n"
            "        from . import signals\n"
        ),
        "combat.signals": "from .apps import CombatConfig\n",
        "combat.forms": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from .display import say\n",
        "combat.display": "from .forms import value\n",
    }
    assert _show(cycle_dodges(tree)) == []
    assert module_graph(tree, all_imports(tree))["combat.forms"] == set()
