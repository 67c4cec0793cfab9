"""Log templates that older fights' logs carry, kept in the catalogs so those logs still read in
Czech and Polish. Each was replaced by a counted template (`ngettext`, issue M: "1 úspěch",
"2 úspěchy", "5 úspěchů") or by words that agree with any side ("round 2 is lost by the enemies",
not "enemies loses round 2"); an event keeps the template it was written with, forever (the log is
append-only), so the old wording must stay translatable. Nothing here is logged any more."""

from combat.rules.base import _

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
)
