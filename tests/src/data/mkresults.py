#!/usr/bin/env python3
# Writes the synthetic results files used by cmd_compare_test and
# compare_test.  Deterministic (fixed seeds); rerun only to change them:
#   python3 tests/src/data/mkresults.py tests/src/data
import json, math, random, sys

TESTS = [
    ("dhry2reg", "Dhrystone 2 using register variables", "lps", 1, 116700.0, 10, 14e6),
    ("whetstone-double", "Double-Precision Whetstone", "MWIPS", 0, 55.0, 10, 3050.0),
    ("execl", "Execl Throughput", "lps", 1, 43.0, 30, 1830.0),
    ("pipe", "Pipe Throughput", "lps", 1, 12440.0, 10, 1.14e6),
    ("spawn", "Process Creation", "lps", 1, 126.0, 30, 4600.0),
    ("shell8", "Shell Scripts (8 concurrent)", "lpm", 60, 6.0, 60, 920.0),
]

def results(seed, factors, passes=10, prov=None, durations=None, cv=0.02,
        plan=None, cvs=None):
    rnd = random.Random(seed)
    tests = []
    for (tid, name, unit, tb, base, dur, level) in TESTS:
        d = (durations or {}).get(tid, dur)
        samples = []
        for p in range(1, passes + 1):
            rate = level * factors.get(tid, 1.0) * math.exp(rnd.gauss(0,
                (cvs or {}).get(tid, cv)))
            samples.append({"pass": p, "seq": p, "boot": 0, "status": "ok",
                "count": rate * d / (tb if tb else 1), "elapsed": float(d),
                "rate": rate, "copies": 1, "wall": d + 0.1, "utime": 1.0,
                "stime": 1.0, "minflt": 100, "majflt": 0, "nvcsw": 10,
                "nivcsw": 1})
        tests.append({"id": tid, "name": name, "unit": unit, "timebase": tb,
            "baseline": base, "passes_planned": passes, "duration": float(d),
            "samples": samples})
    p = {"suite_hash": "0123abcd", "host": {"fingerprint": {"hostname":
        "testhost"}}, "timing": "wall"}
    p.update(prov or {})
    return {"format": "worldbench-results", "version": 1,
        "status": "complete", "provenance": p, "plan": plan or {},
        "tests": tests,
        "findings": []}

def write(d, name, obj):
    with open("%s/%s" % (d, name), "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")

d = sys.argv[1]
write(d, "prod.json", results(1, {}, prov={"label": "prod"}))
write(d, "prod2.json", results(6, {}, prov={"label": "prod2"}))
write(d, "debug.json", results(3, {"shell8": 0.13, "spawn": 0.90,
    "execl": 0.95}, prov={"label": "debug"}))
write(d, "otherhost.json", results(4, {}, prov={"label": "otherhost",
    "host": {"fingerprint": {"hostname": "elsewhere"}}}))
write(d, "shortpass.json", results(5, {}, prov={"label": "shortpass"},
    durations={"dhry2reg": 2}))
# 2x2: kernel debug costs spawn/execl 20%, malloc debug costs shell8 85%,
# and together shell8 loses a further 10% (an interaction).
write(d, "k0m0.json", results(10, {}, prov={"label": "k0m0"}))
write(d, "k1m0.json", results(11, {"spawn": 0.8, "execl": 0.8,
    "shell8": 0.9}, prov={"label": "k1m0"}))
write(d, "k0m1.json", results(12, {"shell8": 0.15}, prov={"label": "k0m1"}))
write(d, "k1m1.json", results(13, {"spawn": 0.8, "execl": 0.8,
    "shell8": 0.15 * 0.9 * 0.9}, prov={"label": "k1m1"}))
# Two node runs, each holding both variants (as submit --collect lists
# them): compared run by run, the runs are the units.
for (i, run, shell8) in ((1, "a1" * 16, 0.13), (2, "b2" * 16, 0.14)):
    for (lab, f) in (("prod", {}), ("debug", {"shell8": shell8,
            "spawn": 0.90, "execl": 0.95})):
        write(d, "run%d-%s.json" % (i, lab), results(20 + 2 * i +
            (lab == "debug"), f, passes=5, prov={"label": lab},
            plan={"run_id": run}))
# A near-deterministic A/A pair of one qemu -icount run (issue 31): the
# same kernel twice, the second 0.0002% slower on every test, 8 passes,
# instruction-count jitter of 2e-7 per pass but none at all in whetstone
# (a deterministic difference).  Every row is negligible.
for (lab, seed, f) in (("icount-a", 30, 1.0), ("icount-b", 31, 0.999998)):
    write(d, "%s.json" % lab, results(seed, dict((t[0], f) for t in TESTS),
        passes=8, cv=2e-7, cvs={"whetstone-double": 0}, prov={"label": lab, "runner": "qemu",
        "timing": "icount", "uncertainty": "passes within one boot; "
        "repeat boots not measured"}, plan={"run_id": "c3" * 16}))
