from campaigns.demo import load_demo
from combat import workflows
from combat.demo import load_demo_encounters
from combat.demos.shadowrun3 import PREPARED
from combat.models import Encounter
from combat.rules.base import Action


def test_explore(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    enc = Encounter.objects.get(name=PREPARED)
    rows = {r.name: r for r in enc.combatants.all()}
    print([ (r.name, r.key, r.side, r.is_npc) for r in enc.combatants.all()], enc.options)
    workflows.roll_initiative(enc.pk, gm, "i", typed_faces=[6, 2, 4, 5, 3, 2, 1])
    enc.refresh_from_db()
    names = {r.key: r.name for r in enc.combatants.all()}
    def show():
        enc.refresh_from_db()
        print(enc.round, enc.stage, names.get(enc.current), [names[k] for k in enc.order])
        for r in enc.combatants.all():
            print("   ", r.name, r.hp, r.initiative, {k: r.turn.get(k) for k in ("score", "pool", "wound", "starts", "acted")})
    show()
    k = {v: key for key, v in names.items()}
    shot = Action("fire", k["Liam"], (k["Snot"],), weapon="Ares Predator",
                  modifiers={"pool": 4, "dodge_pool": 2, "distance": 5})
    workflows.resolve_action(enc.pk, gm, "a1", shot, [5, 5, 4, 4, 4, 1, 1, 2, 3, 3, 5, 4, 5, 1, 1, 2, 3])
    show()
    ev = enc.events.order_by("-seq").first()
    print(ev.payload["outcome"]["summary"], [s for s in ev.payload["outcome"]["steps"]])
    assert False
