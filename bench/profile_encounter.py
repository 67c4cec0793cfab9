"""Where an encounter request's time goes (issue L): a breakdown by part, and cProfile's top.

Run: ``.venv/bin/python bench/profile_encounter.py [--fight demo|big] [--cprofile NAME]``
(``DATABASE_URL=postgres://...`` for PostgreSQL). Each part's time is exclusive (a part called
inside another counts only in the inner one): SQL (the database driver's execute, measured by a
Django execute wrapper), the ORM outside it is "framework", etc.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import cProfile
import functools
import io
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import encounter_scenarios  # noqa: E402
from bench.encounter_scenarios import prepare, requests, setup_django  # noqa: E402

EXCLUSIVE: collections.Counter[str] = collections.Counter()
STACK: list[list[Any]] = []  # [category, start, children]
BY_TEMPLATE = False


def _enter(category: str) -> None:
    STACK.append([category, time.perf_counter(), 0.0])


def _leave() -> None:
    category, start, children = STACK.pop()
    elapsed = time.perf_counter() - start
    EXCLUSIVE[category] += elapsed - children
    if STACK:
        STACK[-1][2] += elapsed


@contextlib.contextmanager
def _untimed() -> Any:
    """Set-up inside a timed function: its time counts nowhere (and not in the total)."""
    saved = EXCLUSIVE.copy()
    start = time.perf_counter()
    _enter("untimed")
    try:
        yield
    finally:
        _leave()
        EXCLUSIVE.clear()
        EXCLUSIVE.update(saved)
        UNTIMED_SECONDS[0] += time.perf_counter() - start


UNTIMED_SECONDS = [0.0]


def _wrap(category: str, func: Any) -> Any:
    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _enter(category)
        try:
            return func(*args, **kwargs)
        finally:
            _leave()

    wrapper.__wrapped_category__ = category  # type: ignore[attr-defined]
    return wrapper


def _patch_function(module: Any, name: str, category: str) -> None:
    """Wrap module.name and every other loaded module's name bound to the same function."""
    original = getattr(module, name)
    wrapped = _wrap(category, original)
    for loaded in list(sys.modules.values()):
        namespace = getattr(loaded, "__dict__", None)
        if not isinstance(namespace, dict):
            continue
        for key, value in list(namespace.items()):
            if value is original:
                setattr(loaded, key, wrapped)


def _patch_method(cls: Any, name: str, category: str) -> None:
    original = cls.__dict__[name]
    if isinstance(original, classmethod):
        setattr(cls, name, classmethod(_wrap(category, original.__func__)))
    else:
        setattr(cls, name, _wrap(category, original))


def instrument() -> None:
    from crispy_forms.templatetags import crispy_forms_filters
    from django.db import connection
    from django.template.backends import django as django_backend

    from combat import (
        display,
        encounter_forms,
        fightstate,
        journal_rolls,
        live,
        panel,
        presenter,
        visibility,
        workflows,
    )
    from combat.rules.engines import get_engine
    from combat.templatetags import encounter_fields

    def sql(execute: Any, sql: Any, params: Any, many: Any, context: Any) -> Any:
        _enter("SQL (driver execute)")
        try:
            return execute(sql, params, many, context)
        finally:
            _leave()

    connection.execute_wrappers.append(sql)
    _patch_method(django_backend.Template, "render", "template rendering")
    from django.template import base as template_base

    plain_render = template_base.Template.render

    def render_by_name(self: Any, context: Any) -> Any:
        name = getattr(self.origin, "template_name", None) or "?"
        if BY_TEMPLATE:
            category = "template " + ("crispy/" if "bootstrap5/" in str(name) else str(name))
        else:
            category = "template rendering: " + (
                "crispy field templates" if "bootstrap5/" in str(name) else "{% include %}d"
            )
        _enter(category)
        try:
            return plain_render(self, context)
        finally:
            _leave()

    template_base.Template.render = render_by_name
    crispy = _wrap("crispy as_crispy_field (python)", crispy_forms_filters.as_crispy_field)
    crispy_forms_filters.register.filters["as_crispy_field"] = crispy
    for name in ("fight_of", "load_fight"):
        _patch_function(fightstate, name, "load_fight / fight_of")
    engine = get_engine("draci_hlidka")
    for name in ("actions", "tracker", "is_over"):
        setattr(engine, name, _wrap(f"engine.{name}", getattr(engine, name)))
    _patch_method(presenter.Scene, "options", "Scene.options (engine.actions)")
    _patch_method(presenter.Scene, "load", "Scene.load (encounter's combatants, fight_of)")
    _patch_function(display, "log_entry", "log entries (display.log_entry)")
    for name in ("visible_outcome", "visible_events", "visible_step"):
        _patch_function(visibility, name, "visibility filter")
    _patch_method(visibility.Viewer, "of", "Viewer.of")
    _patch_function(display, "tracker_block", "tracker (display.tracker_block)")
    _patch_function(display, "face_marks", "log entries: face_marks (dice replay)")
    _patch_method(encounter_forms.ActionForm, "__init__", "ActionForm build")
    _patch_method(encounter_forms.TurnForm, "fresh", "TurnForm build")
    _patch_function(encounter_fields, "field_html", "fields drawn (combat.fieldhtml)")
    _patch_function(encounter_fields, "tick_rows", "fields drawn (combat.fieldhtml)")
    _patch_function(journal_rolls, "offered", "journal_rolls.offered")
    _patch_function(presenter, "_proposals", "proposals")
    _patch_function(presenter, "log_page", "log page (log_html.log_page)")
    _patch_function(live, "rewritten", "live.rewritten (seen check)")
    _patch_function(presenter, "board_context", "board_context (rest)")
    _patch_function(panel, "panel_context", "panel_context (rest)")
    for name in ("resolve_action", "propose_action", "undo"):
        _patch_function(workflows, name, f"workflow {name}")


def breakdown(work: dict[str, Any], calls: int) -> dict[str, dict[str, float]]:
    result = {}
    for name, fn in work.items():
        EXCLUSIVE.clear()
        total = 0.0
        for _ in range(calls):
            _enter("framework: middleware, ORM, test client, view glue")
            total += fn()
            _leave()
        parts = {key: value / calls * 1000 for key, value in EXCLUSIVE.items()}
        parts["TOTAL"] = total / calls * 1000
        result[name] = parts
    return result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fight", default="demo")
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--cprofile", default="", help="a request name: cProfile it instead")
    parser.add_argument("--sort", default="tottime")
    parser.add_argument("--top", type=int, default=45)
    parser.add_argument("--by-template", action="store_true")
    parser.add_argument("--only", default="")
    parser.add_argument("--callers", default="", help="with --cprofile: who calls these")
    args = parser.parse_args()
    global BY_TEMPLATE
    BY_TEMPLATE = args.by_template
    print(setup_django(args.database_url))
    state = prepare()
    work = requests(state, args.fight)
    if args.cprofile:
        for fn in work.values():  # warm: templates compiled, caches filled
            fn()
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.calls):
            work[args.cprofile]()
        profile.disable()
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out).sort_stats(args.sort)
        stats.print_stats(args.top)
        if args.callers:
            stats.print_callers(args.callers)
        print(out.getvalue())
        return
    instrument()
    encounter_scenarios.UNTIMED[0] = _untimed
    if args.only:
        work = {name: fn for name, fn in work.items() if name in args.only.split(",")}
    for fn in work.values():
        fn()
    for name, parts in breakdown(work, args.calls).items():
        total = parts.pop("TOTAL")
        print(f"\n## {name}: {total:.2f} ms")
        for part, ms in sorted(parts.items(), key=lambda item: -item[1]):
            print(f"  {ms:7.2f} ms {ms / total * 100:5.1f} %  {part}")


if __name__ == "__main__":
    main()
