"""The words of each rule system (issue M): per concept its Czech, English and Polish term, an
abbreviation, a short gloss, where the term comes from (the seed's line, the system's standard
translation, or ours) and the variants that must not appear. Each system keeps its own list in
its package (`glossary.py`); tests/test_glossary.py reads them against the catalogs, the stat
labels, the demo records and the docs, and docs/glossary.md is written from them
(`python -m combat.rules.glossary > docs/glossary.md`)."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Mapping
from dataclasses import dataclass, field

LANGUAGES = ("cs", "en", "pl")


@dataclass(frozen=True)
class Term:
    concept: str  # what it is, in English
    cs: str
    en: str
    pl: str
    source: str  # "seed 000 l. 84", "standard", "ours"
    abbr: str = ""
    gloss: str = ""
    avoid: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # language → variants


def systems() -> dict[str, tuple[str, str]]:
    """The registered systems that keep a glossary: key → (name, its page under docs/systems/)."""
    from combat.rules.systems import SYSTEMS  # the one registry; imported when asked

    return {
        key: (system.name.en, key.replace("_", "-") + ".md")
        for key, system in SYSTEMS.items()
        if importlib.util.find_spec(f"combat.rules.{key}.glossary") is not None
    }


def terms(system: str) -> tuple[Term, ...]:
    module = importlib.import_module(f"combat.rules.{system}.glossary")
    found: tuple[Term, ...] = module.TERMS
    return found


def seed_language(system: str) -> str:
    """The language the system's seed (and so its demo records) is written in."""
    language: str = importlib.import_module(f"combat.rules.{system}.glossary").LANGUAGE
    return language


def _cell(text: str) -> str:
    return text.replace("|", "\\|") or "—"


def markdown() -> str:
    """docs/glossary.md: one table per system."""
    lines = [
        "# Glossary — each system in its own words",
        "",
        "Written from `combat/rules/<system>/glossary.py` by `python -m combat.rules.glossary`;",
        "tests/test_glossary.py fails when a variant in the last column appears in that system's",
        "own translations, stat labels, demo records or its page under docs/systems/. The seed's",
        "word comes first, then the system's standard translation (official Czech and Polish",
        "terms where the seed is silent), then ours.",
    ]
    for key, (name, page) in systems().items():
        lines += ["", f"## {name} (`{key}`, [docs/systems/{page}](systems/{page}))", ""]
        lines += [
            "| concept | cs | en | pl | abbr. | gloss | source | never |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for term in terms(key):
            avoid = "; ".join(
                f"{lang}: " + ", ".join(f"“{v}”" for v in term.avoid[lang])
                for lang in LANGUAGES
                if term.avoid.get(lang)
            )
            cells = (term.concept, term.cs, term.en, term.pl, term.abbr, term.gloss, term.source)
            lines.append("| " + " | ".join(_cell(c) for c in (*cells, avoid)) + " |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(markdown(), end="")
