#!/usr/bin/env python3
"""Checks the tree's layering from its #include lines.

1. Each stage folder includes only headers of the stages before it in the pipeline (the
   order below, which is also the order of the CMake libraries in the root CMakeLists.txt).
2. A header whose opening comment says it is internal to a folder ("internal to model/") is
   included only from that folder, from the folder's tests (tests/<folder>/) and from the
   micro-benchmarks (bench/), which time a stage's inner steps.

Prints every violation as `file:line: ...` and exits 1 if there is one; 0 otherwise.
Run from anywhere: scripts/check-layering.py
"""
import os
import re
import subprocess
import sys

PIPELINE = ["base", "ir", "results", "front", "model", "native", "explorer", "properties",
            "solver", "reports", "cli"]
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
INTERNAL = re.compile(r"[Ii]nternal to ([a-z_]+)/")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.chdir(root)
    files = subprocess.check_output(["git", "ls-files", "*.h", "*.cc"], text=True).split()
    internal = {}  # header -> the folder it is internal to
    for path in files:
        if not path.endswith(".h"):
            continue
        with open(path, encoding="utf-8") as f:
            # The opening comment as one line of text (a phrase may wrap across lines).
            opening = " ".join(f.readline().strip().lstrip("/").strip() for _ in range(20))
        match = INTERNAL.search(opening)
        if match:
            internal[path] = match.group(1)
    problems = []
    for path in files:
        folder = path.split("/")[0]
        tested = path.split("/")[1] if folder == "tests" and "/" in path[6:] else None
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                header = match.group(1)
                target = header.split("/")[0]
                if folder in PIPELINE and target in PIPELINE:
                    if PIPELINE.index(target) > PIPELINE.index(folder):
                        problems.append(f"{path}:{number}: {folder}/ includes {header}, from a "
                                        f"later stage ({' -> '.join(PIPELINE)})")
                owner = internal.get(header)
                if (owner is not None and folder != owner and tested != owner
                        and folder != "bench"):
                    problems.append(f"{path}:{number}: includes {header}, which is internal "
                                    f"to {owner}/")
    for problem in problems:
        print(problem)
    if problems:
        print(f"check-layering: {len(problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check-layering: {len(files)} files, layering holds")
    return 0


if __name__ == "__main__":
    sys.exit(main())
