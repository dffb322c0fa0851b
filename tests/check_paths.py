# SPDX-License-Identifier: MIT
"""Every file path named in a comment or a doc exists (tests/check-paths.sh).

Looks at the docs (*.md: text in backticks and link targets) and at the
comments of the source (C, assembly, shell, python, make: # and // lines,
/* */ blocks) of the tracked files, for words that name a path of this tree:
they start with one of its top-level directories (crypto_*, internal,
tests, scripts, doc, ...) or, in a doc, are relative links. Each must exist,
relative to the top, to the naming file's directory or (field/fe51.h) to
internal/, the include root. A bare file name
(fe51.h, sign.c) must be the name of some file of the tree, or of one
configure writes (the names scripts/build/configure*.py use). Not checked:
names with placeholders (upper-case words such as CLASS, OP_PRIM, NAME,
or *, {, <), build/ (made by configure), paths outside the tree (../shared)
and URLs.

usage: python3 tests/check_paths.py [TOP]   (prints each missing path with
where it is named; exits 1 if there is one)"""

import os
import re
import subprocess
import sys

TOP = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
ROOTS = set(d for d in os.listdir(TOP) if os.path.isdir(os.path.join(TOP, d)) and d not in ("build", ".git"))
# the directories of internal/, the include root: field/fe51.h is internal/field/fe51.h
INTERNAL = set(d for d in os.listdir(os.path.join(TOP, "internal")) if os.path.isdir(os.path.join(TOP, "internal", d)))
PATH_RE = re.compile(r"(?<![\w./$*^-])(?:\.\./|\./)*[A-Za-z0-9_.+*^{}<>,-]+(?:/[A-Za-z0-9_.+*^{}<>,-]*)+")
C_LIKE = (".c", ".h", ".S", ".inc")
HASH_LIKE = (".sh", ".py", ".txt", "")


def tracked():
    try:
        out = subprocess.run(["git", "-C", TOP, "ls-files"], capture_output=True, text=True, check=True).stdout
        files = [f for f in out.split("\n") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d, dirs, fs in os.walk(TOP):
            dirs[:] = [x for x in dirs if not (d == TOP and x in ("build", ".git"))]
            files += [os.path.relpath(os.path.join(d, f), TOP) for f in fs]
    return sorted(f for f in files if os.path.isfile(os.path.join(TOP, f)))


def comments(path, text):
    """[(line number, comment text)] of a source file"""
    out = []
    ext = os.path.splitext(path)[1]
    if ext in C_LIKE:
        for m in re.finditer(r"/\*.*?\*/|//[^\n]*", text, re.S):
            first = text.count("\n", 0, m.start()) + 1
            out += [(first + i, line) for i, line in enumerate(m.group(0).split("\n"))]
        if ext == ".S":
            for i, line in enumerate(text.split("\n")):
                if line.lstrip().startswith("#") and not re.match(r"\s*#\s*(include|define|if|ifdef|ifndef|else|elif|endif|undef|error)\b", line):
                    out.append((i + 1, line))
    else:
        for i, line in enumerate(text.split("\n")):
            m = re.search(r"(^|\s)#", line)  # not '#include in a quoted string
            if m:
                out.append((i + 1, line[m.end() - 1:]))
    return out


def doc_words(text):
    """[(line number, word)] of a markdown file: code spans and link targets"""
    out = []
    for m in re.finditer(r"`([^`\n]+)`|\]\(([^)\s#]+)", text):
        out.append((text.count("\n", 0, m.start()) + 1, m.group(1) or m.group(2)))
    return out


def candidates(word, is_link):
    """path-like pieces of word worth checking"""
    if "://" in word or word.startswith("mailto:"):
        return []
    if is_link:
        return [word]
    return PATH_RE.findall(word)


def checked(p, is_link):
    """is p a name of this tree that should exist?"""
    q = p.rstrip(".,;:")
    if re.search(r"[*{}<>$%^,]|\.\.\.", q):
        return False
    parts = [x for x in q.split("/") if x not in ("", ".")]
    if not parts or parts[0] in ("build", ".."):
        return is_link and parts[:1] == [".."] and "shared" not in parts
    return is_link or parts[0] in ROOTS or parts[0] in INTERNAL


def placeholder(p):
    """names an upper-case placeholder (crypto_OP, CLASS, NAME.txt, CPU-MACHINE)"""
    return re.search(r"(^|[/_.+-])[A-Z]{2,}[A-Z0-9_]*($|[/_.+:-])", p.rstrip(".,;:")) is not None


def exists(p, where):
    q = p.rstrip(".,;:").rstrip("/")
    bases = (TOP, os.path.join(TOP, os.path.dirname(where)), os.path.join(TOP, "internal"))
    return any(os.path.exists(os.path.normpath(os.path.join(base, q))) for base in bases)


BARE_RE = re.compile(r"(?<![\w/.<$*-])[A-Za-z0-9][A-Za-z0-9_+-]*\.(?:h|c|S|py|sh|inc)\b(?![\w/*-])")
# bare names that are not files of the tree, and why
NOT_FILES = {"app.c": "the reader's own program in doc/readme.md's example",
             "b.S": "a temporary file of tests/check-arm64-ct.sh",
             "fe64.c": "the C copy tests/check-msan.sh writes of an fe64.S",
             "arm_neon.h": "the compiler's header of the NEON intrinsics"}


def build_names(files):
    """names of files that configure writes into build/: the ones its
    scripts name"""
    out = set()
    for f in files:
        if f.startswith("scripts/build/configure"):
            out.update(re.findall(r"[\w-]+\.[ch]\b", open(os.path.join(TOP, f)).read()))
    return out


def bare_ok(name, basenames, generated):
    """a bare file name (no directory) that is a file of the tree (any
    directory), one configure writes, a crypto_OP.h of a primitive, or a
    placeholder (selftest_P.c)"""
    if name in basenames or name in generated or name in NOT_FILES:
        return True
    m = re.match(r"crypto_([A-Za-z0-9]+)(_\w+)?\.h$", name)
    if m and ("crypto_" + m.group(1)) in ROOTS:
        return True
    return placeholder(name) or re.search(r"_[A-Z]\.", name) is not None


def main():
    missing = []
    files = tracked()
    basenames = set(os.path.basename(f) for f in files)
    generated = build_names(files)
    for f in files:
        full = os.path.join(TOP, f)
        if f.startswith(("benchmarks/", "tests/vectors/", "tests/kat/", "tests/fuzz/seeds/", "priority/")) and not f.endswith((".md", ".sh", ".c", ".py")):
            continue  # measurements and generated data, not prose
        try:
            text = open(full, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        if f.endswith(".md"):
            words = [(n, w, w.startswith(("./", "../")) or not ("/" in w and " " in w)) for n, w in doc_words(text)]
            words = [(n, w, False) for n, w, _ in words]
            for m in re.finditer(r"\]\(([^)\s#]+)", text):
                words.append((text.count("\n", 0, m.start()) + 1, m.group(1), True))
        elif f.endswith((".svg", ".json", ".patch")):
            continue
        else:
            words = [(n, c, False) for n, c in comments(f, text)]
        for n, w, is_link in words:
            if not is_link:
                for b in BARE_RE.findall(w):
                    if not bare_ok(b, basenames, generated):
                        missing.append("%s:%d: %s (no file of that name in the tree)" % (f, n, b))
            for p in candidates(w, is_link):
                if checked(p, is_link) and not exists(p, f) and not placeholder(p):
                    missing.append("%s:%d: %s" % (f, n, p.rstrip(".,;:")))
    for m in missing:
        print("missing: " + m)
    print("check_paths: %d names of missing paths" % len(missing))
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
