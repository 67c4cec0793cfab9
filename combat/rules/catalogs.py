"""The product's Czech and Polish for the rules' own labels (a stat's name, a choice, a
system's name), read from the catalogs the web layer reads too
(`locale/<lang>/LC_MESSAGES/django.mo`) with Python's own gettext: a translator edits one
file for every text of the product, and the rules stay free of Django. English is the msgid."""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

LOCALE = Path(__file__).resolve().parents[2] / "locale"
TRANSLATED = ("cs", "pl")  # the catalogs' languages; English is the msgid itself


def language(lang: str | None) -> str:
    """ "cs" for "cs", "cs-CZ" or "cs_CZ"; "en" for English and any language not translated."""
    code = (lang or "en").replace("_", "-").split("-")[0].lower()
    return code if code in TRANSLATED else "en"


@functools.cache
def _catalog(code: str) -> gettext.NullTranslations:
    return gettext.translation("django", LOCALE, languages=[code], fallback=True)


def translate(lang: str | None, context: str, text: str) -> str:
    """`text` (an English msgid) under `context` in the language `lang`; English otherwise."""
    code = language(lang)
    return text if code == "en" else _catalog(code).pgettext(context, text)
