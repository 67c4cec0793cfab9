"""The encounter as one viewer sees it: the `Scene` (loaded once per request and passed down)
and the board everyone watches (tracker, turn banner, proposals, log), filtered by
combat.visibility. The panel one user edits is combat.panel."""

import hashlib
import json
from dataclasses import asdict, dataclass, field, replace
from functools import cached_property
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext

from campaigns.models import Campaign, Membership
from combat.rules.base import ActionOption, Audience, Fight, RulesError, TrackerView
from combat.rules.dice import InvalidDice
from combat.rules.encounter import EventType
from combat.rules.engine import EngineBase
from combat.rules.engines import get_engine
from combat.rules.flow import NEW_ROUND_WAITS, skips_defeated, waits_for_initiative
from combat.rules.serialize import action_from_json

from . import live, workflows
from .display import log_entry, tracker_block
from .encounter_urls import EncounterUrls
from .fightstate import fight_of
from .log_html import Shown, log_page, view_mark
from .models import Combatant, Encounter, Event
from .services import new_roll_key
from .visibility import Viewer, visible_events, without_hidden
from .wording import step_text, system_words
from .workflow_frame import ROWS_AFTER


def _unnamed(options: tuple[ActionOption, ...], hidden: frozenset[str]) -> tuple[ActionOption, ...]:
    """A player's options with no choice that names a combatant hidden from them (5e's "leaves
    the reach of" lists the fight's combatants by id)."""
    if not hidden:
        return options
    return tuple(
        replace(
            option,
            values=tuple(
                replace(value, choices=tuple(c for c in value.choices if c[0] not in hidden))
                for value in option.values
            ),
        )
        for option in options
    )


@dataclass
class Scene:
    """One encounter, its combatants and its rules state, as one user may see them: read once
    per request; the board, the panel and the forms all take it from here."""

    membership: Membership
    encounter: Encounter
    user: User | AnonymousUser  # anonymous: the table display, a seat with no character
    rows: list[Combatant]
    viewer: Viewer
    engine: EngineBase
    fight: Fight | None
    _asked: dict[str, tuple[ActionOption, ...]] = field(default_factory=dict, repr=False)

    @classmethod
    def load(
        cls,
        membership: Membership,
        encounter: Encounter,
        user: User | AnonymousUser,
        rows: list[Combatant] | None = None,
    ) -> "Scene":
        """`rows`: the combatants already read (with their characters), in their order."""
        if rows is None:
            rows = list(encounter.combatants.select_related("character"))
        gm = membership.is_gm
        return cls(
            membership,
            encounter,
            user,
            rows,
            Viewer.of(encounter, rows, user, gm=gm),
            get_engine(encounter.system),
            fight_of(encounter, rows) if rows else None,
        )

    def reloaded(self, written: Event | None = None) -> "Scene":
        """The same viewer after a write: the encounter and its combatants as the workflow
        of the event `written` saved them under the lock, else read again."""
        saved = written.encounter if written and Event.encounter.is_cached(written) else None
        if saved is not None and saved.pk == self.encounter.pk:
            rows = ROWS_AFTER.get(written) if written is not None else None
            return Scene.load(self.membership, saved, self.user, rows)
        self.encounter.refresh_from_db()
        return Scene.load(self.membership, self.encounter, self.user)

    @cached_property
    def urls(self) -> EncounterUrls:
        return EncounterUrls(self.campaign.pk, self.encounter.pk)

    @property
    def gm(self) -> bool:
        return self.membership.is_gm

    @property
    def campaign(self) -> Campaign:
        return self.membership.campaign

    @property
    def hidden(self) -> frozenset[str]:
        """The combatants this viewer may not know of (none for the GM)."""
        return frozenset() if self.gm else self.viewer.hidden

    def combatant(self, key: str) -> Combatant | None:
        """A combatant this viewer may name: for a player a hidden one is nobody."""
        return next((r for r in self.rows if r.key == key and r.key not in self.hidden), None)

    def playable(self) -> list[Combatant]:
        """Whom this viewer may act for: every combatant for the GM; a player's own, never a
        hidden one (for a player a hidden combatant is nobody, even one they own)."""
        return [
            row
            for row in self.rows
            if self.gm or (row.owned_by(self.user) and row.key not in self.hidden)
        ]

    def options(self, actor: str) -> tuple[ActionOption, ...]:
        """What the actor may do now; a player never gets the GM's bookkeeping actions. The
        engine is asked once per actor and request."""
        if actor not in self._asked:
            found = self.engine.actions(self.fight, actor) if self.fight is not None else ()
            mine = tuple(o for o in found if self.gm or not o.gm_only)
            self._asked[actor] = mine if self.gm else _unnamed(mine, self.hidden)
        return self._asked[actor]

    def decided(self) -> bool:
        """ "Only one side is still standing" prompts the GM to end the fight. Players learn the
        end when the GM ends it: told from their view it would be false while a hidden monster
        stands (or at the start of an ambush), and withheld it would give that monster away."""
        running = self.encounter.status == "running"
        return self.gm and running and self.fight is not None and self.engine.is_over(self.fight)

    def offer(self) -> str:
        """What the panel offers depends on, in words the viewer already reads: the status, the
        round, whose turn (only if this viewer sees that combatant) and who may be targeted or
        adjusted. The page asks for a new panel when the board's offer differs from the panel's
        (static/js/app.js), and carries over what was typed into it."""
        current = self.encounter.current if self.viewer.sees(self.encounter.current) else ""
        keys = ",".join(row.key for row in self.rows if row.key not in self.hidden)
        encounter, mark = self.encounter, _stage_mark(self.tracker_view)
        return f"{encounter.status} {encounter.round} {current} {keys} {mark}"

    @cached_property
    def pending(self) -> list[Event]:
        """The proposals the GM has not answered yet, oldest first (read once per request)."""
        return workflows.pending_proposals(self.encounter)

    @cached_property
    def tracker_view(self) -> TrackerView:
        return _tracker_view(self.engine, self.fight, self.viewer)

    @cached_property
    def defeated(self) -> frozenset[str]:
        """Those the engine says skip their turns (the dead, the down): dimmed in the tracker,
        and last of their list when the fight passes over them. What a player reads of them
        already says so ("down", "dead")."""
        fight = self.fight
        if fight is None:
            return frozenset()
        return frozenset(c.id for c in fight.combatants if self.engine.skips_turn(fight, c))

    def skips_defeated(self) -> bool:
        return self.fight is not None and skips_defeated(self.fight)

    def initiative_due(self) -> bool:
        """A new round of a fight that rolls initiative every round, before anyone acted in it:
        the panel asks for the roll (Next turn would keep the old order)."""
        fight, encounter = self.fight, self.encounter
        if fight is None or encounter.status != "running" or encounter.round < 2:
            return False
        if fight.options.get(NEW_ROUND_WAITS) == "yes":  # nobody's turn until it is rolled
            return waits_for_initiative(self.engine, fight)
        fresh = all(not combatant.turn for combatant in fight.combatants)
        return fresh and self.engine.rerolls_each_round(fight)

    def upcoming(self) -> str | None:
        """Whose turn follows the current one in this round's order (past those Next turn
        passes over); None at the round's end, whose next order is not known yet."""
        encounter = self.encounter
        if encounter.status != "running" or encounter.current not in encounter.order:
            return None
        passed = self.defeated if self.skips_defeated() else frozenset()
        passed |= self.hidden  # for a player, a hidden combatant is nobody
        after = encounter.order[encounter.order.index(encounter.current) + 1 :]
        return next((key for key in after if key not in passed), None)


def _stage_mark(view: TrackerView) -> str:
    """The engine's stage (OSE's phase, Shadowrun's pass) changes what may be done while the
    same combatant acts (melee after movement): a digest of the stage as this viewer reads it
    in the tracker (its header lines and blocks, worked out without hidden combatants), so the
    offer changes with it and says nothing the board does not."""
    seen = [[asdict(line) for line in view.header], [asdict(g) for g in view.groups]]
    text = json.dumps([*seen, sorted(view.acted)], sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12].upper()  # no key ("c12") in it


def board_context(scene: Scene, shown: Shown | None = None) -> dict[str, Any]:
    """Everything the board shows: read-only, the same for every request of this viewer.
    `shown`: what the browser's board shows already; then only the entries after it, where
    they are all that changed in the log (`log_kept`: the browser keeps its own)."""
    encounter, gm, system = scene.encounter, scene.gm, scene.campaign.system
    log = log_page(encounter, scene.viewer, before=None, system=system, shown=shown)
    view = scene.tracker_view
    return {
        "campaign": scene.campaign,
        "membership": scene.membership,
        "encounter": encounter,
        "urls": scene.urls,
        "tracker": tracker_block(
            encounter,
            scene.rows,
            gm=gm,
            user=scene.user,
            view=view,
            defeated=scene.defeated,
            last=scene.skips_defeated(),
        ),
        "log": log.entries,
        "log_kept": log.after is not None,
        "log_after": log.after,
        "older_from": log.older_from,
        "seen": live.seen_mark(log.newest),  # the newest entry shown
        "view": view_mark(scene.viewer),
        "proposals": _proposals(scene),
        "offer": scene.offer(),
        "decided": scene.decided(),
        "words": words_of(scene.campaign.system, encounter.round),
    }


def words_of(system: str, round_number: int | None) -> dict[str, str]:
    """The system's own words on the fight page; "round" filled with the round's number."""
    words = system_words(system)
    words["round"] = words["round"] % {"n": round_number or 0}
    return words


def _tracker_view(engine: EngineBase, fight: Fight | None, viewer: Viewer) -> TrackerView:
    """What the system's engine adds to the tracker: passes, phases, pools, monitors, sides.

    A player's is worked out on the fight without its hidden combatants (red team finding 2:
    "declare lowest first — …, Ghostganger", "grappled by Wolf", a pass count that counted
    them), so no header line or badge can name or count one. Should an engine still look one
    up there (a badge about a hidden combatant), the player gets no engine lines rather than
    lines worked out on the whole fight."""
    seen = fight if viewer.gm else without_hidden(fight, viewer.hidden)
    if seen is None:
        return TrackerView()
    try:
        return engine.tracker(seen)
    except KeyError:
        if viewer.gm:
            raise
        return TrackerView()


def own_result(scene: Scene, written: Event) -> str:
    """What this user's post just did, in one line, as they may read it: a phone's window
    stays where the user clicked, far above the log."""
    if not visible_events([written], scene.viewer):
        return ""
    if written.type == EventType.PROPOSED:  # not done yet: the GM answers it
        return gettext("Sent to the game master: it waits for an answer")
    return log_entry(
        written, gm=scene.gm, viewer=scene.viewer, system=scene.campaign.system
    ).summary


def _kind_label(scene: Scene, actor: str, kind: str) -> str:
    """The action's name as the actor's form offers it, in the page's language."""
    if scene.combatant(actor) is None:
        return kind
    labels = {option.kind: option.label for option in scene.options(actor)}
    return step_text(labels[kind], scene.campaign.system) if kind in labels else kind


def _proposals(scene: Scene) -> list[dict[str, Any]]:
    names = {row.key: row.name for row in scene.rows if row.key not in scene.hidden}
    shown = []
    for event in scene.pending:
        if not (scene.gm or event.user_id == scene.user.pk):
            continue
        action = action_from_json(event.payload["action"])
        targets = ", ".join(names.get(t, "?") for t in action.targets)  # hidden since: "?"
        shown.append(
            {
                "seq": event.seq,
                "url": scene.urls.proposal(event.seq),
                "actor": names.get(action.actor, "?"),
                "kind": _kind_label(scene, action.actor, action.kind),
                "targets": targets,
                "faces": ", ".join(str(face) for face in event.payload.get("faces") or ()),
                "key": new_roll_key(),
            }
        )
    return shown


def stats_readable(viewer: Viewer, fight: Fight | None, actor: str) -> bool:
    """May this viewer read the defence numbers of everyone in the fight the odds are computed
    on (a visible fight: hidden combatants are not in it)? The odds state them: 5e's "needs 10
    or more" is an AC, Dračí Hlídka's chance an OČ, Shadowrun's levels a Body, a dice pool's
    round the other side's dice. The odds read more than the targets (a round counts everyone),
    so all of them count, the actor's own side as well."""
    others = fight.combatants if fight is not None else ()
    return all(viewer.reads(Audience.STATS, c.id) for c in others if c.id != actor)


def engine_odds(engine: EngineBase, fight: Fight | None, action: Any) -> list[str]:
    if fight is None:
        return []
    try:
        return [step_text(line, engine.key) for line in engine.odds(fight, action) or ()]
    except (RulesError, InvalidDice, KeyError):  # not allowed as chosen (or, for a player, it
        return []  # needs a hidden combatant's state): the resolve says why
