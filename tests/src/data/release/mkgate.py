#!/usr/bin/env python3
# Writes the runs of the check-release multi-run gate tests: four runs
# (run ids), each holding a baseline ("prod"), a release candidate with
# the same speed ("rc") and one 20% slower on every test ("slow").
# Deterministic; rerun only to change them:
#   python3 tests/src/data/release/mkgate.py tests/src/data/release/gate
import json, math, random, sys

TESTS = [
    ("dhry2reg", "Dhrystone 2 using register variables", "lps", 1, 116700.0, 14e6),
    ("execl", "Execl Throughput", "lps", 1, 43.0, 1830.0),
    ("spawn", "Process Creation", "lps", 1, 126.0, 4600.0),
    ("shell8", "Shell Scripts (8 concurrent)", "lpm", 60, 6.0, 920.0),
]

def results(seed, factor, label, run, passes=10, cv=0.01):
    rnd = random.Random(seed)
    tests = []
    for (tid, name, unit, tb, base, level) in TESTS:
        samples = []
        for p in range(1, passes + 1):
            rate = level * factor * math.exp(rnd.gauss(0, cv))
            samples.append({"pass": p, "seq": p, "boot": 0, "status": "ok",
                "count": rate * 10 / (tb if tb else 1), "elapsed": 10.0,
                "rate": rate, "copies": 1, "wall": 10.1, "utime": 1.0,
                "stime": 1.0, "minflt": 100, "majflt": 0, "nvcsw": 10,
                "nivcsw": 1})
        tests.append({"id": tid, "name": name, "unit": unit, "timebase": tb,
            "baseline": base, "passes_planned": passes, "duration": 10.0,
            "samples": samples})
    return {"format": "worldbench-results", "version": 1,
        "status": "complete", "provenance": {"suite": {"hash": "0123abcd"},
        "host": {"name": "testhost"}, "timing": {"mode": "wall"},
        "label": label}, "plan": {"run_id": run}, "tests": tests,
        "findings": []}

d = sys.argv[1]
for i in range(1, 5):
    run = ("%02d" % i) * 16
    for (k, (lab, f)) in enumerate((("prod", 1.0), ("rc", 1.0),
            ("slow", 0.80))):
        with open("%s/run%d-%s.json" % (d, i, lab), "w") as fp:
            json.dump(results(100 * i + k, f, lab, run), fp, indent=1,
                sort_keys=True)
            fp.write("\n")

# prod2.json with every shell8 pass timed out: the results lack a test the
# baseline scored (written beside the runs' directory).
import os
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "..", "prod2.json")) as fp:
    p = json.load(fp)
for t in p["tests"]:
    if t["id"] == "shell8":
        for s in t["samples"]:
            s["status"] = "timeout"
with open(os.path.join(d, "..", "noshell8.json"), "w") as fp:
    json.dump(p, fp, indent=1, sort_keys=True)
    fp.write("\n")
