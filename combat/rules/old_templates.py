"""Log templates that older fights' logs carry, kept in the catalogs so those logs still read in
Czech and Polish. Each was replaced by a counted template (`ngettext`, issue M: "1 úspěch",
"2 úspěchy", "5 úspěchů") or by words that agree with any side ("round 2 is lost by the enemies",
not "enemies loses round 2"), or rewritten in plain English where Czech words stood in an English
template (Dračí Hlídka); an event keeps the template it was written with, forever (the log is
append-only), so the old wording must stay translatable. Nothing here is logged any more."""

from combat.rules.base import _, ngettext

OLD_TEMPLATES = (
    _("%(dice)s dice against TN %(tn)s: %(successes)s successes"),
    _("%(name)s: Reaction %(dice)s against TN %(tn)s → %(successes)s successes"),
    _("the explosion has 1d6 = %(successes)s successes"),
    _("%(name)s uses a skill: %(successes)s successes"),
    _("attacker %(attack)s successes, defender %(defence)s: %(net)s net"),
    _("%(left)s rounds left in the magazine"),
    _("%(name)s reloads %(weapon)s: %(rounds)s rounds"),
    _("burst (BF): %(rounds)s rounds"),
    _("full-auto burst (FA): %(rounds)s rounds"),
    _("%(attacker)s hits %(target)s: %(damage)s životů"),
    _("%(attacker)s attacks %(count)s times: %(hits)s hits"),
    _("%(name)s bleeds (%(faces)s): −%(lost)s životů, %(hp)s left"),
    _("%(name)s makes a Multiattack (%(attacks)s attacks)"),
    _("Damage at 0 HP: %(count)s death save failure(s)"),
    _("%(name)s keeps %(have)s temporary hit points (not %(amount)s)"),
    _("%(name)s has %(amount)s temporary hit points"),
    _("Power +%(power)s, %(levels)s level(s) up"),
    _("switching targets wastes %(wasted)s round(s) (%(metres)s m between targets)"),
    _("every 2 net successes of the attacker: %(levels)s level(s) up"),
    _("every 2 net successes of the defender: %(levels)s level(s) down"),
    _("%(name)s rolls %(counted)s; %(loser)s loses round %(round)s"),
    _("%(side)s loses round %(round)s by %(difference)s"),
    # Dračí Hlídka's log in plain English (issue M): the templates before, with Czech words.
    _("%(name)s moves up to %(distance)s sáhů"),
    _("%(weapon)s must be reloaded first (Nabití zbraně)"),
    _("ÚČ %(uc)s = %(attribute)s %(bonus)+d + útočnost %(utocnost)s"),
    _("Nevýhoda −5: a target closer than 2 sáhy"),
    _("Výhoda +5: útok ze zálohy"),
    _("Výhoda +5: an invisible attacker"),
    _("Výhoda +5: the target lies on the ground"),
    _("Výhoda %(value)+d (GM)"),
    _("Nevýhoda %(value)+d (GM)"),
    _("Útok %(attack)s = ÚČ %(uc)s %(mods)+d + hod %(faces)s"),
    _("Útok %(attack)s = ÚČ %(uc)s + hod %(faces)s"),
    _(
        "%(name)s: %(total)s = hod %(faces)s + %(attribute)s %(bonus)+d + %(skill)s %(level)s "
        "%(extra)+d ≥ %(difficulty)s: success"
    ),
    _(
        "%(name)s: %(total)s = hod %(faces)s + %(attribute)s %(bonus)+d + %(skill)s %(level)s "
        "%(extra)+d < %(difficulty)s: failure"
    ),
    _("surprise (moment překvapení) happens only at the start of the fight"),
    _("%(name)s is surprised (moment překvapení)"),
    _("%(name)s may make %(allowed)s attacks in this Útok, not %(count)s"),
    _("%(attacker)s attacks %(target)s unarmed (pěstní souboj, 0/0/0)"),
    _("Na plocho: no weapon zranění and no critical wounds"),
    _("%(name)s is down at %(hp)s životů and out of the fight"),
    _(
        "%(name)s bleeds %(dice)sk6: %(faces)s = %(lost)s životů now, rolled anew at the "
        "start of every following round until treated"
    ),
    _(
        "Útok na bezbranného: %(name)s loses ¼ of its životy (%(lost)s) now and at the start "
        "of every following round until treated"
    ),
    _("%(name)s is helpless (útok na bezbranného): Obrana %(defence)s, armour ignored"),
    _("Obrana %(defence)s = ZO %(zo)s %(mods)+d"),
    _("Obrana %(defence)s = ZO %(zo)s"),
    _("Obrana %(defence)s = OČ %(oc)s %(mods)+d + hod %(faces)s"),
    _("Obrana %(defence)s = OČ %(oc)s + hod %(faces)s"),
    _("OČ %(oc)s = ZO %(zo)s + štít %(stit)s (no weapon against missiles)"),
    _("OČ %(oc)s = ZO %(zo)s + obrana %(obrana)s + štít %(stit)s"),
    _("GM bonus %(value)+d to the Obrana"),
    _("Kryt +%(value)s to the Obrana"),
    _("Výhoda +5 to the Obrana: an invisible defender"),
    _("Boj v přesile: %(value)s to the Obrana"),
    _("%(name)s has already made its Krátký pohyb this round"),
    _("Krátký pohyb cannot go with a movement action"),
    _("%(name)s is surprised (moment překvapení): ZO only"),
    _("Útok ze zálohy: %(name)s defends with ZO only"),
    _("%(name)s did a long action other than Útok this round: ZO only"),
    _("%(name)s is fleeing (Přesun): ZO only"),
    _("%(name)s flees %(distance)s sáhů"),
    _("%(name)s: hod na OBR %(total)s = hod %(faces)s + OBR %(obr)+d"),
    _("%(name)s can sprint %(limit)s rounds (1k10 + ODO + Výdrž)"),
    _("%(name)s is exhausted and must stop (rest at least one směna)"),
    _("Náskok %(before)s → %(after)s sáhů"),
    _("%(pursuer)s chases %(fugitive)s: náskok %(lead)s sáhů"),
    _("%(name)s: the potion heals to %(hp)s životů"),
    _("%(attacker)s misses %(target)s (Útok %(attack)s ≤ Obrana %(defence)s)"),
    _(
        "%(target)s is hit: Zranění %(damage)s = (Útok %(attack)s − Obrana %(defence)s) "
        "+ zranění %(zraneni)s"
    ),
    _("Kritický útok: %(sixes)s sixes"),
    _("Kritický útok: the GM may rule permanent consequences (trvalé následky)"),
    _("%(target)s: %(before)s → %(hp)s životů"),
    _("Na plocho: %(target)s faints below its mez vyřazení"),
    _("Kritická obrana: %(defender)s rolled %(sixes)s sixes"),
    _("Kritická obrana: the GM may rule permanent consequences (trvalé následky)"),
    _("%(name)s bleeds %(dice)sk6 from the start of the next round until treated"),
    _("%(name)s: Iniciativa %(initiative)s = 1k6 %(roll)s + OBR %(obr)+d %(bonus)+d"),
    _(
        "%(name)s: 1k10 %(roll)s + Pohyblivost %(pohyblivost)s + Atletika %(atletika)s "
        "= %(distance)s"
    ),
    # Dračí Hlídka's action names as older logs stored them ("Skřet 3: Mluvení").
    _("Útok"),
    _("Krátký pohyb"),
    _("Plazení"),
    _("Přesun / Sprint"),
    _("Ústup"),
    _("Vztyk z lehu"),
    _("Kouzlení"),
    _("Mluvení"),
    _("Nabití zbraně"),
    _("Použití dovednosti"),
    _("Použití předmětu"),
    _("Přezbrojení"),
    _("Ošetření (První pomoc, lektvar, kouzlo)"),
    _("Útěk (Přesun)"),
    _("Pronásledování (kolo)"),
    _("Konec pronásledování"),
    _("Hod na Postřeh (moment překvapení)"),
    _("Hod na atribut / dovednost"),
    ngettext(
        "%(attacker)s hits %(target)s: %(damage)s hit point (život)",
        "%(attacker)s hits %(target)s: %(damage)s hit points (životů)",
        "damage",
    ),
    ngettext(
        "%(name)s bleeds (%(faces)s): −%(lost)s hit point (život), %(hp)s left",
        "%(name)s bleeds (%(faces)s): −%(lost)s hit points (životů), %(hp)s left",
        "lost",
    ),
)
