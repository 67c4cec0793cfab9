"""Dračí Hlídka in English (issue M): the GM's and a player's pages of the Czech seed's system read
in plain English. What is left in Czech is the table's own data (the names and notes of its
campaign, characters, monsters, weapons and fights, typed in the seed's language) and the
abbreviations the English doc glosses once (ÚČ, OČ, ZO, SIL, OBR, ODO, sáh)."""

import re
from typing import Any

from playwright.sync_api import expect

from campaigns.models import Armor, Campaign, Character, Monster, Weapon
from combat import workflows
from combat.demo import PREPARED
from combat.models import Encounter
from combat.rules.base import Action

from .test_encounter_live import demo_encounter, log_in
from .test_fight_end import _errors

PHONE = {"width": 390, "height": 844}
GLOSSED = {"ÚČ", "OČ", "ZO", "SIL", "OBR", "ODO", "sáh", "sáhy", "sáhů", "sáhu", "sáhem"}
NAME = {"Dračí", "Hlídka"}  # the system's own name
# Letters of Czech that English never uses (the page's own words are English).
CZECH = re.compile(r"[ěščřžýáíéůúťďňĚŠČŘŽÝÁÍÉŮÚŤĎŇ]")
WORD = re.compile(r"\w+")


def _strings(value: Any) -> list[str]:
    """Every text inside a record's stats (its weapons' names, a monster's attacks)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def _table_words(campaign: Campaign) -> set[str]:
    """The words of the table's own data: names and notes typed by its GM (here the demo's)."""
    texts = [campaign.name, campaign.description]
    for model in (Character, Monster, Weapon, Armor):
        for record in model.objects.filter(campaign__in=[campaign, None], system=campaign.system):
            texts += [record.name, record.notes, *_strings(record.stats)]
    for encounter in campaign.encounters.all():
        texts += [encounter.name, *(row.name for row in encounter.combatants.all())]
        for row in encounter.combatants.all():
            texts += _strings(row.stats) + _strings(row.weapons) + _strings(row.armor)
    return {word for text in texts for word in WORD.findall(text or "")}


def _czech_left(page: Any, allowed: set[str]) -> list[str]:
    text = page.locator("main").inner_text()
    known = {word.casefold() for word in allowed | GLOSSED | NAME}  # headings may be upper case
    return sorted({w for w in WORD.findall(text) if CZECH.search(w) and w.casefold() not in known})


def test_the_gm_and_a_player_read_draci_hlidka_in_english(
    new_context, transactional_db, django_user_model
):
    encounter, url = demo_encounter(django_user_model, PREPARED)
    gm_user = django_user_model.objects.get(username="gm")
    workflows.roll_initiative(encounter.pk, gm_user, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    keys = {row.name: row.key for row in encounter.combatants.all()}
    blow = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, gm_user, "a1", blow, [6, 4, 3])
    workflows.next_turn(encounter.pk, gm_user, "n1")
    campaign = encounter.campaign
    allowed = _table_words(campaign)
    base = f"/campaigns/{campaign.pk}/"
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    leader = Monster.objects.filter(campaign=campaign, name="Vůdce skřetů").first()
    assert leader is not None
    finished = Encounter.objects.exclude(pk=encounter.pk).get(campaign=campaign)
    pages = [
        base,
        f"{base}characters/",
        f"{base}characters/{baldur.pk}/",
        f"{base}bestiary/",
        f"{base}bestiary/{leader.pk}/",
        f"{base}armory/",
        f"{base}encounters/",
        f"{base}conditions/",
        url,
        f"{base}encounters/{finished.pk}/",
    ]
    gm = log_in(new_context(locale="en-GB"), "gm")
    player = log_in(new_context(locale="en-GB", **PHONE), "hrac")
    problems = _errors(gm) + _errors(player)
    found = {}
    for page, who in ((gm, "gm"), (player, "player")):
        for address in pages if who == "gm" else [base, f"{base}characters/", url]:
            page.goto(address)
            expect(page.locator("main")).to_be_visible()
            if address == url and who == "gm":  # the GM's add and adjust forms too
                page.get_by_role("link", name="Add combatants · Adjust").click()
                expect(page.locator("form[data-form=adjust]")).to_be_attached()
            left = _czech_left(page, allowed)
            if left:
                found[f"{who} {address}"] = left
    gm.goto(url)
    log = gm.locator("#log").inner_text()
    assert "Baldur hits Vůdce skřetů" in log or "Baldur misses Vůdce skřetů" in log
    assert found == {}
    assert problems == []
