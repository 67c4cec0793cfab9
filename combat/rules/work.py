"""The working fight of one engine call, the same for every rule system.

Every engine resolves an action the same way: it takes the frozen `Fight`, changes it only
through `Change`s (each applied at once, so a second attack in the same action sees the wound
of the first, and each kept, so the machinery can store and undo it), keeps every roll with all
its faces, writes steps and GM notes, and at the end returns one `Outcome`. That bookkeeping
was written five times, once in each system's `common.py`; the house rule is "one small
interface, one module per system; nothing copied between systems", so it lives here once and
each system's `Work` subclasses it with only what its rules add (Shadowrun's pass order, OSE's
turn updates, the dice pool's N d6 roll).

What differs between systems is a parameter, not a copy: `records_sixes` says whether a roll's
sixes go into the log (Dračí Hlídka criticals, Shadowrun's rule of six), and `WorkBase` leaves
`roll` to the subclass so the dice pool can roll "N d6" while the others roll an expression.

Typed faces: the dice engine checks after each roll that a `TypedFaces` was used up. One engine
call rolls many times from the same typed faces, so rolls draw through `Draw` (which hides the
type) and `finish` makes that check once for the whole call, with the dice engine's messages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, ClassVar

from combat.rules.base import (
    Audience,
    Change,
    Combatant,
    Effect,
    Fight,
    Outcome,
    RolledDice,
    RulesError,
    Step,
    _,
    apply,
    condition_change,
)
from combat.rules.dice import InvalidDice, RollResult, roll
from combat.rules.dice import errors as dice_errors
from combat.rules.faces import FaceSource, TypedFaces


def fail(template: str, **params: Any) -> RulesError:
    """A rules error to raise: `raise fail(_("…%(name)s…"), name=…)`."""
    return RulesError(template, **params)


class Draw:
    """Hands out faces without the dice engine's per-roll "every typed face used" check;
    `WorkBase.finish` makes it once for the whole engine call."""

    __slots__ = ("source",)

    def __init__(self, source: FaceSource) -> None:
        self.source = source

    def roll(self, sides: int) -> int:
        return self.source.roll(sides)


class WorkBase:
    """The fight during one engine call, with every change, roll, step and note so far.

    A subclass provides `roll` (see `Work`). `order` and `stage` may be set on the way (a pass
    handler deep inside Shadowrun's engine sets the next pass); `finish` uses them unless it is
    given its own.
    """

    # Whether a RolledDice keeps the roll's sixes (only where the rules read them).
    records_sixes: ClassVar[bool] = False

    def __init__(self, fight: Fight, faces: FaceSource) -> None:
        self.fight = fight
        self.source = faces
        self.draw: FaceSource = Draw(faces) if isinstance(faces, TypedFaces) else faces
        self.changes: list[Change] = []
        self.steps: list[Step] = []
        self.rolls: list[RolledDice] = []
        self.notes: list[Step] = []
        self.order: tuple[str, ...] | None = None
        self.stage: Mapping[str, Any] | None = None
        self.subject: str | None = None  # see `about_combatant`

    # --- combatants and changes ---------------------------------------------------------------

    def get(self, combatant_id: str) -> Combatant:
        try:
            return self.fight.get(combatant_id)
        except KeyError:
            raise fail(
                _("there is no combatant %(id)s in this fight"), id=str(combatant_id)
            ) from None

    def change(self, *changes: Change | None) -> None:
        """Apply the changes at once and keep them (None, "nothing to change", is skipped)."""
        real = [change for change in changes if change is not None]
        self.fight = apply(self.fight, real)
        self.changes += real

    def set_hp(self, combatant_id: str, hp: int) -> None:
        before = self.get(combatant_id).hp
        if hp != before:
            self.change(Change(combatant_id, "hp", hp, before=before))

    def condition(self, combatant_id: str, condition: str, *, add: bool = True) -> None:
        self.change(condition_change(self.get(combatant_id), condition, add=add))

    def effect(self, combatant_id: str, key: str) -> Effect | None:
        """The combatant's effect with this key, if it has one."""
        return next((e for e in self.get(combatant_id).effects if e.key == key), None)

    def add_effect(self, combatant_id: str, effect: Effect) -> None:
        """Add an effect; one with the same key is removed first, so an undo restores it."""
        self.remove_effect(combatant_id, effect.key)
        self.change(Change(combatant_id, "add_effect", effect))

    def remove_effect(self, combatant_id: str, effect: Effect | str) -> None:
        """Remove the effect with this key (given as the effect or the key), if there is one.

        The change keeps the removed effect and its index, so an undo puts it back in place.
        """
        key = effect if isinstance(effect, str) else effect.key
        for index, old in enumerate(self.get(combatant_id).effects):
            if old.key == key:
                self.change(Change(combatant_id, "remove_effect", old, before=index))
                return

    def turn(self, combatant_id: str) -> dict[str, Any]:
        """A copy of the combatant's bookkeeping (`Combatant.turn`), to change and `set_turn`."""
        return dict(self.get(combatant_id).turn)

    def set_turn(self, combatant_id: str, turn: Mapping[str, Any]) -> None:
        before = self.get(combatant_id).turn
        if dict(turn) != dict(before):
            self.change(Change(combatant_id, "turn", dict(turn), before=dict(before)))

    # --- dice and the log ---------------------------------------------------------------------

    def roll_notation(self, purpose: str, roller: str | None, expression: str) -> RollResult:
        """Roll a dice expression and keep it, with every face, for the Outcome."""
        result = roll(expression, self.draw)
        sixes = result.sixes if self.records_sixes else 0
        self.rolls.append(
            RolledDice(purpose, roller, expression, result.faces, result.total, sixes)
        )
        return result

    def step(
        self,
        template: str,
        *,
        about: str | None = None,
        audience: Audience = Audience.ALL,
        secret: Mapping[str, Audience] | None = None,
        lists: Mapping[str, tuple[tuple[str, str], ...]] | None = None,
        **params: Any,
    ) -> None:
        """A line of the breakdown, with who may read it (`Step`); `about` defaults to the
        combatant of an enclosing `about_combatant`."""
        about = about if about is not None else self.subject
        self.steps.append(Step(template, params, audience, about, secret or {}, lists or {}))

    def secret_roll(self, about: str, audience: Audience = Audience.STATS) -> None:
        """The last roll's expression and total are `about`'s numbers, read by `audience` (a
        monster's defence roll "1d6!+4" states its OČ); everyone sees its faces."""
        self.rolls[-1] = replace(self.rolls[-1], about=about, audience=audience)

    def note(self, template: str, **params: Any) -> None:
        """A note for the game master only."""
        self.notes.append(Step(template, params, Audience.GM, self.subject))

    @contextmanager
    def about_combatant(self, combatant_id: str) -> Iterator[None]:
        """Steps, notes and rolls written inside are about this combatant (a player never
        reads them while it is hidden): one combatant's initiative, its bleeding, its turn."""
        outer, self.subject = self.subject, combatant_id
        steps, notes, rolls = len(self.steps), len(self.notes), len(self.rolls)
        try:
            yield
        finally:
            self.subject = outer
            # What was appended directly (`work.steps += result.steps`) is about it too.
            self.steps[steps:] = [_about(s, combatant_id) for s in self.steps[steps:]]
            self.notes[notes:] = [_about(s, combatant_id) for s in self.notes[notes:]]
            self.rolls[rolls:] = [
                r if r.about else replace(r, about=combatant_id) for r in self.rolls[rolls:]
            ]

    def finish(
        self,
        summary: Step,
        data: Mapping[str, Any],
        order: tuple[str, ...] | None = None,
        stage: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """The Outcome; typed faces must all have been used (as the dice engine requires)."""
        if isinstance(self.source, TypedFaces) and self.source.remaining:
            extra = self.source.remaining
            if extra == 1:
                raise InvalidDice(dice_errors.ONE_TOO_MANY, expected=self.source.used)
            raise InvalidDice(dice_errors.TOO_MANY_FACES, extra=extra, expected=self.source.used)
        return Outcome(
            summary=summary,
            steps=tuple(self.steps),
            rolls=tuple(self.rolls),
            changes=tuple(self.changes),
            order=order if order is not None else self.order,
            stage=stage if stage is not None else self.stage,
            notes=tuple(self.notes),
            data=data,
        )


def _about(step: Step, combatant_id: str) -> Step:
    return step if step.about else replace(step, about=combatant_id)


class Work(WorkBase):
    """The working fight of a system that rolls dice expressions ("1d20+5", "1d6!", "6d6")."""

    def roll(self, purpose: str, roller: str | None, expression: str) -> RollResult:
        return self.roll_notation(purpose, roller, expression)


# --- small helpers every system needs ---------------------------------------------------------


def roster(
    fight: Fight, ids: Sequence[str], texts: Sequence[str] | None = None
) -> tuple[tuple[str, str], ...]:
    """The (id, text) parts of a parameter that lists combatants (`Step.lists`): each one's
    name, or the given text for each ("Wolf 3")."""
    shown = texts if texts is not None else [fight.get(cid).name for cid in ids]
    return tuple(zip(ids, shown, strict=True))


def joined_roster(parts: tuple[tuple[str, str], ...]) -> str:
    """The parameter's full text, as the GM reads it: "Wolf, Helga"."""
    return ", ".join(text for _id, text in parts)


def with_bonus(base: str, bonus: int) -> str:
    """A dice expression with a constant: "1d20+5", "1d6!-1" (so the roll's total is the result)."""
    return base if bonus == 0 else f"{base}{bonus:+d}"


def stat_or_default(combatant: Combatant, key: str, defaults: Mapping[str, Any]) -> Any:
    """A stat of the combatant; a missing one takes the system schema's default."""
    return combatant.stats.get(key, defaults.get(key))


def whole_number(combatant: Combatant, key: str, defaults: Mapping[str, Any]) -> int:
    """An integer stat (missing: the schema's default); anything else is a rules error."""
    value = stat_or_default(combatant, key, defaults)
    if type(value) is not int:
        raise fail(
            _("%(name)s: the stat %(stat)s is not a whole number"), name=combatant.name, stat=key
        )
    return value


def effects_of(combatant: Combatant, kind: str) -> list[Effect]:
    return [effect for effect in combatant.effects if effect.kind == kind]


def next_key(combatant: Combatant, prefix: str) -> str:
    """An effect key not used yet on this combatant: "bleeding-1", "bleeding-2" …"""
    used = {effect.key for effect in combatant.effects}
    index = 1
    while f"{prefix}-{index}" in used:
        index += 1
    return f"{prefix}-{index}"
