"""The panel one user edits: the action form of the combatant they act for, the GM's turn
controls and, when opened, the GM's add / adjust / options forms. Never polled: it is rendered
by the page, by the user's own posts (bound with its errors, or fresh after success) and when
the board says the panel's offer changed (static/js/app.js carries what was typed over)."""

from functools import partial
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import QueryDict

from combat.rules import held

from . import journal_rolls
from .encounter_forms import ActionForm, TurnForm
from .hand_forms import AddCombatantsForm, AdjustForm
from .models import Combatant
from .options import EncounterOptionsForm, option_specs
from .presenter import Scene, words_of
from .services import new_roll_key


def panel_context(
    scene: Scene,
    *,
    chosen: str = "",
    action: ActionForm | None = None,
    turn: TurnForm | None = None,
    gm_forms: dict[str, Any] | None = None,
    error: str = "",
    result: str = "",
    confirm: str = "",
    hp: AdjustForm | None = None,
) -> dict[str, Any]:
    """The panel for this viewer; `action`/`turn`/`hp` are forms sent back with their errors,
    `gm_forms` the GM's opened add/adjust/options forms, `error` what refused the post,
    `confirm` the GM's step to confirm before it is done (with the `turn` form sent)."""
    encounter = scene.encounter
    context: dict[str, Any] = {
        "campaign": scene.campaign,
        "membership": scene.membership,
        "encounter": encounter,
        "urls": scene.urls,
        "offer": scene.offer(),
        "words": words_of(scene.campaign.system, encounter.round),
        "next_step": "initiative" if not encounter.order or scene.initiative_due() else "next",
        "decided": scene.decided(),
        "turn_form": (turn or TurnForm.fresh()) if scene.gm else None,
        "hp_form": (hp or _hp_form(scene)) if scene.gm and scene.rows else None,
        **({} if scene.gm else turn_banner(scene)),
        "confirm": confirm,  # the GM's step asked again ("End the fight?")
        "gm_forms_open": gm_forms is not None,
        "panel_error": error,
        "result": result,
        **(gm_forms or {}),
    }
    acting = acting_for(scene, chosen)
    options = scene.options(acting.key) if acting is not None else ()
    if acting is not None and not options and acting.key == encounter.current:
        context["cannot_act"] = acting
    if acting is not None and options:
        context["action_form"] = action if action is not None else action_form(scene, acting)
        context["acting"] = acting
        context["out_of_turn"] = bool(encounter.current) and acting.key != encounter.current
        # Chosen, not given by the turn: a panel asked for again keeps this actor, and only it
        # (a default actor follows the turn, even to a panel asked for before the turn moved).
        context["actor_chosen"] = bool(chosen) and acting.key == chosen != encounter.current
        context["may_act_as"] = scene.playable()
    return context


def action_form(
    scene: Scene, actor: Combatant, data: QueryDict | None = None, *, rolls: bool = True
) -> ActionForm:
    """The actor's action form, fresh (a new one-time key) or bound to what was sent; without
    `rolls`, no journal rolls are read (the odds never use one)."""
    offered = partial(journal_rolls.offered, scene.campaign, scene.user, gm=scene.gm)
    return ActionForm(
        scene.fight,  # type: ignore[arg-type]  # an actor exists only in a loaded fight
        actor.key,
        scene.options(actor.key),
        data,
        initial=None if data is not None else {"key": new_roll_key()},
        hidden=scene.hidden,
        engine=scene.engine,
        journal_rolls=offered if rolls else (),
        gm=scene.gm,
        held=held_modifiers(scene, actor),
    )


def held_modifiers(scene: Scene, actor: Combatant) -> list[tuple[str, int]]:
    """The modifiers of the campaign's own conditions the actor holds, from the fight state."""
    fight = scene.fight
    return held.modifiers(fight.get(actor.key)) if fight is not None else []


def turn_banner(scene: Scene) -> dict[str, Combatant]:
    """A player's "Your turn" (their combatant acts now) or "On deck" (theirs comes next in
    this round's order, past those Next turn passes over): only of combatants they may see."""
    if scene.encounter.status != "running":
        return {}
    mine = {row.key: row for row in scene.playable()}
    if scene.encounter.current in mine:
        return {"your_turn": mine[scene.encounter.current]}
    upcoming = scene.upcoming()
    return {"on_deck": mine[upcoming]} if upcoming in mine else {}


def _hp_form(scene: Scene) -> AdjustForm | None:
    """The GM's quick HP box ("−7", "+5", "=12"), on the combatant whose turn it is; a click
    on a tracker row chooses another (static/js/app.js)."""
    if scene.encounter.status == "ended":
        return None
    initial = {"key": new_roll_key(), "combatant": scene.encounter.current}
    return AdjustForm(scene.rows, initial=initial, engine=scene.engine, campaign=scene.campaign)


def gm_forms(
    scene: Scene,
    *,
    add: AddCombatantsForm | None = None,
    adjust: AdjustForm | None = None,
    options: EncounterOptionsForm | None = None,
    opened: str = "",
) -> dict[str, Any]:
    """The GM's add / adjust / fight-options forms (the options only before the fight);
    `opened`: the one just used, shown open."""
    encounter, campaign = scene.encounter, scene.campaign
    forms: dict[str, Any] = {
        "opened": opened,
        "add_form": add or AddCombatantsForm.fresh(campaign),
        "adjust_form": adjust or AdjustForm.fresh(scene.rows, scene.engine, scene.campaign),
    }
    if options is not None:
        forms["options_form"] = options
    elif encounter.status == "preparing" and option_specs(encounter.system):
        initial = {"key": new_roll_key()}
        forms["options_form"] = EncounterOptionsForm(
            encounter.system, encounter.options, initial=initial
        )
    return forms


def acting_for(scene: Scene, chosen: str) -> Combatant | None:
    """Who the action panel acts for: whose turn it is, or — out of turn (Shadowrun's free
    action, 5e's reaction) — another combatant the GM or its player chose; the engine decides
    what that combatant may do now."""
    encounter = scene.encounter
    if not _may_act_now(scene) or not scene.rows:
        return None
    mine = scene.playable()
    by_key = {row.key: row for row in mine}
    may_interrupt = scene.gm or scene.engine.acts_out_of_turn
    if chosen in by_key and (chosen == encounter.current or may_interrupt):
        return by_key[chosen]
    if encounter.current in by_key:
        return by_key[encounter.current]
    # Not one's turn, or nobody's (OSE's declarations): what one may do out of turn.
    fallback = not encounter.current if scene.gm else may_interrupt
    return mine[0] if mine and fallback else None


def posted_actor(scene: Scene, key: str) -> Combatant | None:
    """The combatant a sent form acts for: the one it names, or whose turn it is. For a player
    a hidden combatant is nobody, so its key answers like a key of nobody (not "forbidden")."""
    if not _may_act_now(scene):
        return None
    return scene.combatant(key or scene.encounter.current)


def on_turn(scene: Scene, actor: Combatant) -> bool:
    """May this user act for `actor` now, and is it on its turn (PermissionDenied if not)? A
    player acts for their own combatants, on their turn unless the system lets them react."""
    if not (scene.gm or actor.owned_by(scene.user)):
        raise PermissionDenied
    on_turn = not scene.gm and not scene.engine.acts_out_of_turn
    if on_turn and actor.key != scene.encounter.current:
        raise PermissionDenied
    return on_turn


def _may_act_now(scene: Scene) -> bool:
    status = scene.encounter.status
    if status == "ended":
        return False
    return status != "preparing" or scene.engine.acts_before_initiative
