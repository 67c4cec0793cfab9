import time
from collections import defaultdict
from tests.reliability.test_input_fuzz import clients, specs, world, fuzz, Tally  # noqa

def test_dbg(world):
    logged = clients(world)
    found = specs(world)
    rows = []
    t_all = time.perf_counter()
    for spec in found:
        tally = Tally()
        t0 = time.perf_counter()
        fuzz(spec, logged[spec.role], 30, tally)
        wall = time.perf_counter() - t0
        rows.append((wall / tally.requests * 1000, sum(tally.latencies) / tally.requests * 1000, spec.label))
    for r in sorted(rows, reverse=True):
        print("%6.1f wall  %6.1f req  %s" % r)
    print("total", time.perf_counter() - t_all)
