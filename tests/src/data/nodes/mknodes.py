# SPDX-License-Identifier: BSD-2-Clause
# Writes the node fixtures of cmd_compare_nodes_test into the current
# directory, from the blocked fixtures run{1,2}-{prod,debug}.json:
#   mknodes.py SRCDIR CASE
# CASE mixed: three runs, run 3 on a node of other hardware (192 cores);
# same: four runs, runs 1-3 repeats on node n1, run 4 on n2 (2 units);
# image: two runs where "debug" names different images.
import copy, json, sys

src, case = sys.argv[1], sys.argv[2]

def load(name):
    with open("%s/%s" % (src, name)) as f:
        return json.load(f)

FP = {"cpu_model": "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz",
      "cpu_flags_sha256": "aa" * 32, "microcode": "0xb000040", "cores": 28,
      "memory_gib": 128, "kernel": "6.1.0-13-amd64", "machine": "x86_64",
      "qemu": None}
EPYC = dict(FP, cpu_model="AMD EPYC 9654 96-Core Processor",
            cpu_flags_sha256="bb" * 32, cores=192, microcode="0xa101144")

def node(r, run_id, host, fp, scale=1.0, image=None):
    r = copy.deepcopy(r)
    r["plan"]["run_id"] = run_id
    r["provenance"]["host"] = {"name": host,
        "fingerprint": dict(fp, hostname=host)}
    if image is not None:
        r["provenance"]["image"] = {"sha256": image, "input_hash": "cd" * 32,
            "name": r["provenance"]["label"]}
    for t in r["tests"]:
        for s in t["samples"]:
            s["rate"] *= scale
            s["count"] *= scale
    return r

def write(name, obj):
    with open(name, "w") as f:
        json.dump(obj, f, indent=1, sort_keys=True)
        f.write("\n")

p1, d1 = load("run1-prod.json"), load("run1-debug.json")
p2, d2 = load("run2-prod.json"), load("run2-debug.json")
ID = ["11111111-aaaa", "22222222-bbbb", "33333333-cccc", "44444444-dddd"]
if case == "mixed":
    for i, (p, d, host, fp) in enumerate([(p1, d1, "n1", FP),
            (p2, d2, "n2", FP), (p1, d1, "epyc1", EPYC)]):
        s = 1.0 if i < 2 else 2.5
        write("r%d-prod.json" % (i + 1), node(p, ID[i], host, fp, s))
        write("r%d-debug.json" % (i + 1), node(d, ID[i], host, fp, s))
elif case == "same":
    for i, (p, d, host, s) in enumerate([(p1, d1, "n1", 1.0),
            (p2, d2, "n1", 1.01), (p1, d1, "n1", 0.99), (p2, d2, "n2", 1.0)]):
        write("r%d-prod.json" % (i + 1), node(p, ID[i], host, FP, s))
        write("r%d-debug.json" % (i + 1), node(d, ID[i], host, FP, s))
elif case == "image":
    write("r1-prod.json", node(p1, ID[0], "n1", FP, image="01" * 32))
    write("r1-debug.json", node(d1, ID[0], "n1", FP, image="02" * 32))
    write("r2-prod.json", node(p2, ID[1], "n2", FP, image="01" * 32))
    write("r2-debug.json", node(d2, ID[1], "n2", FP, image="03" * 32))
else:
    sys.exit("unknown case " + case)
