"""The seams where an app built on campaigns adds its parts; campaigns imports none of those apps.

An app registers its parts from its AppConfig.ready (combat: combat.campaign_parts), so the
direction of every import is one way: combat builds on campaigns, never the reverse.

* the campaign page's context (`add_page_context`): combat's quick-roll box and recent rolls;
* sections of the campaign file (`add_file_section`): combat's encounters with their logs;
* the fight options on the campaign's edit form (`set_option_fields`): the rule system's
  engine says what they are, and only combat knows engines' options as form fields;
* the fights of a register entry's character or monster (`add_register_fights`): only combat
  knows who fought where, and which of its combatants a player may not see.

Without a registered part the campaign page has no box, the file no such section, the form no
fight options (as for a system without an engine) and a register entry no fights.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django import forms

from .models import Campaign, Character, Monster

Row = dict[str, Any]
PageContext = Callable[[Campaign], Mapping[str, Any]]


@dataclass(frozen=True)
class FileIds:
    """On export: database pks of the campaign's characters and monsters to their file-local ids,
    and how the file writes a moment."""

    characters: Mapping[int, int]
    monsters: Mapping[int, int]
    when: Callable[[datetime], str]


@dataclass(frozen=True)
class FileRecords:
    """On import: the records just created, by file-local id, and the file's readers of a user
    and a moment (each given the value and where it stands, for the error message)."""

    characters: Mapping[int, Character]
    monsters: Mapping[int, Monster]
    user_of: Callable[[str, str], Any]
    moment: Callable[[str, str], Any]


@dataclass(frozen=True)
class FileSection:
    """A top-level list of the campaign file. `load` raises CampaignFormatError naming where, or
    TypeError/ValueError/ValidationError (then prefixed with the section's key)."""

    key: str
    export: Callable[[Campaign, FileIds], list[Row]]
    load: Callable[[Campaign, list[Any], FileRecords], None]
    # Loaded after the journal (a section that points at posts); otherwise before it.
    after_journal: bool = False


@dataclass(frozen=True)
class OptionFields:
    add: Callable[[forms.BaseForm, str, Mapping[str, Any]], None]
    chosen: Callable[[forms.BaseForm, str], dict[str, Any]]


def _no_fields(form: forms.BaseForm, system: str, current: Mapping[str, Any]) -> None:
    return None


def _no_options(form: forms.BaseForm, system: str) -> dict[str, Any]:
    return {}


@dataclass(frozen=True)
class FightLink:
    """A fight a register entry's record took part in, as a link."""

    name: str
    url: str


# (campaign, character pk, monster pk, the viewer is a GM) -> the record's fights, newest first;
# a player's list leaves out every fight where the record's combatant is hidden from players.
RegisterFights = Callable[[Campaign, int | None, int | None, bool], Sequence[FightLink]]


def _no_fights(
    campaign: Campaign, character: int | None, monster: int | None, gm: bool
) -> Sequence[FightLink]:
    return ()


@dataclass
class _Registered:
    pages: dict[str, PageContext] = field(default_factory=dict)
    sections: dict[str, FileSection] = field(default_factory=dict)
    options: OptionFields = OptionFields(_no_fields, _no_options)
    fights: RegisterFights = _no_fights


_REGISTERED = _Registered()


def add_page_context(name: str, context: PageContext) -> None:
    """`context(campaign)` joins the campaign page's context (registering a name again replaces
    its part)."""
    _REGISTERED.pages[name] = context


def add_file_section(section: FileSection) -> None:
    _REGISTERED.sections[section.key] = section


def set_option_fields(fields: OptionFields) -> None:
    _REGISTERED.options = fields


def add_register_fights(fights: RegisterFights) -> None:
    _REGISTERED.fights = fights


def register_fights(
    campaign: Campaign, character: int | None, monster: int | None, *, gm: bool
) -> Sequence[FightLink]:
    """The fights of a register entry's character or monster that the viewer may see."""
    if character is None and monster is None:
        return ()
    return _REGISTERED.fights(campaign, character, monster, gm)


def page_context(campaign: Campaign) -> dict[str, Any]:
    context: dict[str, Any] = {}
    for part in _REGISTERED.pages.values():
        context.update(part(campaign))
    return context


def file_sections() -> tuple[FileSection, ...]:
    return tuple(_REGISTERED.sections.values())


def add_option_fields(form: forms.BaseForm, system: str, current: Mapping[str, Any]) -> None:
    """Add a field per fight option of `system` to `form`, showing `current` (or the default)."""
    _REGISTERED.options.add(form, system, current)


def chosen_options(form: forms.BaseForm, system: str) -> dict[str, Any]:
    """The fight options from a valid form that has their fields."""
    return _REGISTERED.options.chosen(form, system)
