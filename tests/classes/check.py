# SPDX-License-Identifier: MIT
"""tests/check-classes.sh, the two comparisons.

  check.py selection OUTPUT PRIORITY-DIR
      OUTPUT is what tests/classes/selected.c printed. Its class comes from
      its header (scripts/gen/prioritize --class-of); for every primitive the
      dispatcher must have chosen the first pair of PRIORITY-DIR/CLASS/P that
      it could run (matched as configure matches: the exact compiler line,
      else the same compiler family). Prints one line per primitive,
      "ok CLASS P IMPL COMPILER" or "FAIL ...", and "none CLASS P" when no
      runnable pair is in that order (unmeasured: nothing to compare).

  check.py own BENCH-DIR FULL-PRIORITY-DIR OWN-PRIORITY-DIR CLASS
      OWN-PRIORITY-DIR was made from the files of CLASS alone: restricted to
      the pairs measured there, the committed order of CLASS must be the
      same (the other classes' files never reorder what the class measured).

  check.py nearest NEAR-PRIORITY-DIR FULL-PRIORITY-DIR NEAR CLASS
      CLASS has no benchmark files; NEAR is the class scripts/gen/prioritize
      takes its figures from first (the nearest one with files), and
      NEAR-PRIORITY-DIR was made from NEAR's files alone. For every
      primitive, among the pairs NEAR measured that CLASS can run (the
      instruction sets of compilers/TAG holding the pair's compiler line),
      the committed order of CLASS must put first the one NEAR's files find
      cheapest: a class without files never contradicts its stand-in data.
"""

import os
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PRIORITIZE = os.path.join(TOP, "scripts", "gen", "prioritize")


def family(comp):
    first = os.path.basename(comp.split()[0]) if comp.split() else ""
    return "clang" if "clang" in first else ("gcc" if "gcc" in first or first == "cc" else first)


def strip_cflags(line):
    """a compiler line without the CFLAGS configure appended (the priority
    files name lines without them, as configure_inventory.strip_cflags)"""
    cflags = os.environ.get("CFLAGS", "").strip()
    if cflags and line.endswith(" " + cflags):
        return line[: -len(cflags) - 1]
    return line


def order(path):
    out = []
    if os.path.exists(path):
        for line in open(path):
            if line.startswith("#") or not line.strip():
                continue
            impl, comp = (line.rstrip("\n").split(" ", 1) + [""])[:2]
            out.append((impl, comp))
    return out


def selection(output, pdir):
    cls = subprocess.run([sys.executable, PRIORITIZE, "--class-of", output], capture_output=True,
                         text=True, check=True).stdout.strip()
    selected, runnable = {}, {}
    for line in open(output):
        w = line.rstrip("\n").split(" ", 3)
        if len(w) == 4 and w[1] in ("selected", "runnable"):
            if w[1] == "selected":
                selected[w[0]] = (w[2], strip_cflags(w[3]))
            else:
                runnable.setdefault(w[0], []).append((w[2], strip_cflags(w[3])))
    bad = 0
    for prim in sorted(selected):
        # rank each runnable pair as configure does (order_pairs): by its
        # exact compiler line where priority/ has it, else by the first
        # line of the same compiler family; the cheapest rank is wanted
        rank = {}
        for i, (impl, comp) in enumerate(order(os.path.join(pdir, cls, prim))):
            rank.setdefault((impl, comp), i)
            rank.setdefault((impl, family(comp)), i)
        want, best = None, None
        for r in runnable.get(prim, []):
            k = rank.get(r, rank.get((r[0], family(r[1]))))
            if k is not None and (best is None or k < best):
                want, best = r, k
        if want is None:
            print("none %s %s" % (cls, prim))
        elif want == selected[prim]:
            print("ok %s %s %s %s" % (cls, prim, want[0], family(want[1])))
        else:
            bad += 1
            print("FAIL %s %s: selected %s %s, first runnable in priority/%s/%s is %s %s"
                  % (cls, prim, selected[prim][0], selected[prim][1], cls, prim, want[0], want[1]))
    return bad


def own(full, mine, cls):
    bad = 0
    names = sorted(os.listdir(os.path.join(mine, cls))) if os.path.isdir(os.path.join(mine, cls)) else []
    if not names:
        print("FAIL %s: no order made from its own files" % cls)
        return 1
    for prim in names:
        a = order(os.path.join(mine, cls, prim))
        b = [x for x in order(os.path.join(full, cls, prim)) if x in set(a)]
        if a != b:
            bad += 1
            print("FAIL %s %s: the other classes' files reorder what the class measured" % (cls, prim))
        else:
            print("ok %s %s: %d pairs in the order of its own files" % (cls, prim, len(a)))
    return bad


def compiler_sets():
    """compiler line -> instruction sets of the compilers/ file holding it"""
    out = {}
    cdir = os.path.join(TOP, "compilers")
    for tag in os.listdir(cdir):
        sets = set(tag.split("+"))
        for line in open(os.path.join(cdir, tag)):
            line = line.strip()
            if line and not line.startswith("#"):
                out.setdefault(line, sets)
    return out


def class_sets(cls):
    for line in open(os.path.join(TOP, "cpuid", "classes")):
        w = line.split()
        if w and not line.startswith("#") and w[0] == cls:
            return set(w[1:])
    return set()


def nearest(near_dir, full, near, cls):
    bad = 0
    can = class_sets(cls)
    csets = compiler_sets()
    names = sorted(os.listdir(os.path.join(near_dir, near))) if os.path.isdir(os.path.join(near_dir, near)) else []
    for prim in names:
        def runnable(pair):
            sets = csets.get(pair[1])
            return sets is not None and sets <= can | {"default"}
        a = [x for x in order(os.path.join(near_dir, near, prim)) if runnable(x)]
        b = [x for x in order(os.path.join(full, cls, prim)) if runnable(x) and x in set(a)]
        if not a:
            continue
        if b[:1] != a[:1]:
            bad += 1
            print("FAIL %s %s: first runnable is %s, the files of %s find %s cheapest"
                  % (cls, prim, " ".join(b[0]) if b else "none", near, " ".join(a[0])))
        else:
            print("ok %s %s: %s first, as the files of %s find" % (cls, prim, a[0][0], near))
    return bad


if __name__ == "__main__":
    if sys.argv[1] == "nearest":
        sys.exit(1 if nearest(sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]) else 0)
    if sys.argv[1] == "selection":
        sys.exit(1 if selection(sys.argv[2], sys.argv[3]) else 0)
    sys.exit(1 if own(sys.argv[3], sys.argv[4], sys.argv[5]) else 0)
