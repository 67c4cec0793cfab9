"""The encounter page as one viewer sees it: the per-viewer read model the views render
(tracker, log page, proposals, the action panel and its form ids), filtered by
combat.visibility."""

from typing import Any

from django.http import HttpRequest
from django.utils.crypto import salted_hmac

from campaigns.models import Membership
from combat.rules.base import Audience, RulesError, TrackerView
from combat.rules.dice import InvalidDice
from combat.rules.engine import EngineBase
from combat.rules.engines import get_engine

from . import journal_rolls, live, workflows
from .display import log_entry, tracker_block
from .encounter_forms import ActionForm, TurnForm, step_text
from .fightstate import fight_of
from .models import Encounter, Event
from .services import new_roll_key
from .visibility import Viewer, visible_events, without_hidden

LOG_PAGE = 30
FORM_ID_SALT = "combat.encounter_views.form-id"  # unchanged: the ids stay what they were


def page_context(
    request: HttpRequest, membership: Membership, encounter: Encounter
) -> dict[str, Any]:
    gm = membership.is_gm
    rows = list(encounter.combatants.select_related("character"))
    viewer = Viewer.of(encounter, rows, request.user, gm=gm)
    visible, older_from = _log_page(encounter, viewer, before=None)
    engine = get_engine(encounter.system)
    fight = fight_of(encounter, rows) if rows else None
    ids = _FormIds(encounter, request.user, viewer)
    context: dict[str, Any] = {
        "campaign": membership.campaign,
        "membership": membership,
        "encounter": encounter,
        "tracker": tracker_block(
            encounter, rows, gm=gm, user=request.user, view=_tracker_view(engine, fight, viewer)
        ),
        "log": [log_entry(event, gm=gm, viewer=viewer) for event in visible],
        "older_from": older_from,
        "seen": live.seen_mark(visible[0] if visible else None),  # the newest entry shown
        "turn_form": TurnForm.fresh(keep=ids.turn()) if gm else None,
        "proposals": _proposals(encounter, rows, gm=gm, user=request.user),
    }
    acting = _acting(rows, encounter, request.GET.get("actor", ""), gm=gm, user=request.user)
    running = encounter.status == "running"
    # "Only one side is still standing" prompts the GM to end the fight. Players learn the end
    # when the GM ends it: told from their view it would be false while a hidden monster stands
    # (or at the start of an ambush), and withheld it would give that monster away.
    context["decided"] = gm and running and fight is not None and engine.is_over(fight)
    context["next_step"] = "initiative" if not encounter.order else "next"
    options = allowed_options(engine, fight, acting.key, gm=gm) if fight and acting else ()
    if acting is not None and not options and acting.key == encounter.current:
        context["cannot_act"] = acting
    if acting is not None and fight is not None and options:
        hidden = frozenset() if gm else frozenset(row.key for row in rows if row.hidden)
        rolls = journal_rolls.offered(membership.campaign, request.user, gm=gm)
        context["action_form"] = ActionForm.fresh(
            fight,
            acting.key,
            options,
            hidden=hidden,
            engine=engine,
            journal_rolls=rolls,
            gm=gm,
        )
        context["action_form_id"] = ids.panel(acting.key, options)
        context["action_error"] = getattr(request, "action_error", "")
        context["acting"] = acting
        context["out_of_turn"] = bool(encounter.current) and acting.key != encounter.current
        context["may_act_as"] = [row for row in rows if gm or row.owned_by(request.user)]
    return context


class _FormIds:
    """The HTML ids of the page's forms, the same on every live refresh until this user acts
    again or what the form offers changes: the page then keeps a half-filled action form, the
    faces the GM is typing and the key each form was given (hx-preserve) while others act.

    An id is a name, never a key: every render issues new random one-time keys (issue K, a key
    derived from this state let a player who posted with it jam the GM's turn controls). A kept
    form keeps the key of the render that made it; the server takes any key this user has not
    used yet, so a kept form acts once and a retried post stays one action.

    An id states nothing the viewer may not see: it is a keyed hash (a player cannot try
    candidate states offline), and whose turn it is counts only when the viewer sees that
    combatant (a hidden wolf's turn and the next hidden wolf's give the same id)."""

    def __init__(self, encounter: Encounter, user: Any, viewer: Viewer) -> None:
        self.encounter, self.user, self.viewer = encounter, user, viewer
        self.done: int | None = None

    def _id(self, *state: Any) -> str:
        if self.done is None:  # looked up once for both forms: this user's newest event
            mine = Event.objects.filter(encounter=self.encounter, user=self.user)
            self.done = mine.order_by("-seq").values_list("seq", flat=True).first() or 0
        encounter = self.encounter
        current = encounter.current if self.viewer.sees(encounter.current) else None
        text = repr(
            (self.done, encounter.status, encounter.round, current, encounter.stage, *state)
        )
        return salted_hmac(FORM_ID_SALT, text, algorithm="sha256").hexdigest()[:24]

    def panel(self, actor: str, options: Any) -> str:
        offered = [(o.kind, o.modifiers, [v.key for v in o.values]) for o in options]
        return self._id("action", actor, offered)

    def turn(self) -> str:
        return self._id("turn")


def _tracker_view(engine: EngineBase, fight: Any, viewer: Viewer) -> TrackerView:
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


def _acting(
    rows: list[Any], encounter: Encounter, chosen: str, *, gm: bool, user: Any
) -> Any | None:
    """Who the action panel acts for: whose turn it is, or — out of turn (Shadowrun's free
    action, 5e's reaction) — another combatant the GM or its player chose; the engine decides
    what that combatant may do now."""
    if encounter.status == "ended" or not rows:
        return None
    if encounter.status == "preparing" and not _acts_before_initiative(encounter):
        return None
    mine = [row for row in rows if gm or row.owned_by(user)]
    by_key = {row.key: row for row in mine}
    may_interrupt = gm or _acts_out_of_turn(encounter)
    if chosen in by_key and (chosen == encounter.current or may_interrupt):
        return by_key[chosen]
    if encounter.current in by_key:
        return by_key[encounter.current]
    # Not one's turn, or nobody's (OSE's declarations): what one may do out of turn.
    fallback = not encounter.current if gm else may_interrupt
    if mine and fallback:
        return mine[0]
    return None


def _acts_before_initiative(encounter: Encounter) -> bool:
    """OSE declares spells and withdrawals before the first initiative roll."""
    return get_engine(encounter.system).acts_before_initiative


def _acts_out_of_turn(encounter: Encounter) -> bool:
    """Players may act when it is not their turn (a reaction, a free action)."""
    return get_engine(encounter.system).acts_out_of_turn


def allowed_options(engine: EngineBase, fight: Any, actor: str, *, gm: bool) -> tuple[Any, ...]:
    """What the actor may do now; a player never gets the GM's bookkeeping actions."""
    return tuple(o for o in engine.actions(fight, actor) if gm or not o.gm_only)


def _proposals(
    encounter: Encounter, rows: list[Any], *, gm: bool, user: Any
) -> list[dict[str, Any]]:
    names = {row.key: row.name for row in rows if gm or not row.hidden}  # hidden since: "?"
    shown = []
    for event in workflows.pending_proposals(encounter):
        if not (gm or event.user_id == user.pk):
            continue
        action = event.payload["action"]
        targets = ", ".join(names.get(t, "?") for t in action["targets"])
        actor = names.get(action["actor"], "?")
        shown.append(
            {
                "seq": event.seq,
                "actor": actor,
                "kind": action["kind"],
                "targets": targets,
                "key": new_roll_key(),
            }
        )
    return shown


def _log_page(
    encounter: Encounter, viewer: Viewer, *, before: int | None
) -> tuple[list[Event], int | None]:
    """A page of the log, newest first: the events this viewer may see (combat.visibility),
    and where the next older page starts (a full page had more before it, shown or not)."""
    events = Event.objects.filter(encounter=encounter).select_related("user").order_by("-seq")
    if before is not None:
        events = events.filter(seq__lt=before)
    page = list(events[:LOG_PAGE])
    return visible_events(page, viewer), page[-1].seq if len(page) == LOG_PAGE else None


def _stats_readable(viewer: Viewer, fight: Any, actor: str) -> bool:
    """May this viewer read the defence numbers of everyone in the fight the odds are computed
    on (a visible fight: hidden combatants are not in it)? The odds state them: 5e's "needs 10
    or more" is an AC, Dračí Hlídka's chance an OČ, Shadowrun's levels a Body, a dice pool's
    round the other side's dice. The odds read more than the targets (a round counts everyone),
    so all of them count, the actor's own side as well."""
    others = fight.combatants if fight is not None else ()
    return all(viewer.reads(Audience.STATS, c.id) for c in others if c.id != actor)


def _engine_odds(engine: EngineBase, fight: Any, action: Any) -> list[str]:
    try:
        return [step_text(line) for line in engine.odds(fight, action) or ()]
    except (RulesError, InvalidDice, KeyError):  # not allowed as chosen (or, for a player, it
        return []  # needs a hidden combatant's state): the resolve says why
