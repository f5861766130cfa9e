#!/usr/bin/env python3
"""depthcheck's version: VERSION holds it, and nothing else decides it.

make install, make dist, make wheel (Scripts/build_wheel.py) and make docs read VERSION. The
copies that cannot read a file are listed in COPIES: DepthCheckLibrary.version, which
`depthcheck --version` prints and every report names (a Swift constant: SwiftPM reads no file
into a build without a plugin); the Python package's __version__ (its pyproject.toml takes
the version from there); the documentation's dependency example; the golden reports; and the
tests and pages that name the wheel's file. `check` holds each to VERSION; `set` writes a new
version into VERSION and every copy (docs/releasing.md).

Usage: version.py               prints the version
       version.py check         exit 1, naming each copy that is not VERSION
       version.py set X.Y.Z     writes X.Y.Z into VERSION and every copy, then checks
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSION_FILE = os.path.join(ROOT, "VERSION")
# A release version as SwiftPM tags, pip and the tarball's name all read it the same way.
FORM = re.compile(r"\d+\.\d+\.\d+")

# (files, pattern): each match's group 1 is a copy of the version; each file has at least one.
COPIES = [
    (["Sources/DepthCheckCore/ValidationReport.swift"],
     r'public static let version = "([^"]*)"'),
    (["Sources/DepthCheckCore/ValidationReport.swift"],
     r"/// `([^`]*)`\.\n\s*public static let version"),
    (["python/depthcheck/__init__.py"], r'(?m)^__version__ = "([^"]*)"'),
    (["Sources/DepthCheck/DepthCheck.docc/GettingStarted.md"], r'from: "([^"]*)"'),
    (["Corpus/golden/check.json", "Corpus/golden/check.sarif", "Corpus/golden/info-heif.json",
      "Corpus/golden/info-jpeg.json"], r'"name": "depthcheck",\s*"version": "([^"]*)"'),
    (["Tests/CLITests/UnknownCommandTests.swift"], r'\["--version"\]\)\.text == "([^"\\]*)\\n"'),
    (["Tests/PackagingTests/PythonWheelTests.swift", "python/tests/test_wheel.py", "python/README.md",
      "docs/scale-out.md"], r"depthcheck-(\d+\.\d+\.\d+)-py3-none-"),
    (["python/tests/test_wheel.py"], r"depthcheck-(\d+\.\d+\.\d+)\.(?:dist-info|data)/"),
]


def read_version():
    try:
        text = open(VERSION_FILE, encoding="utf-8").read()
    except OSError as e:
        raise SystemExit(f"version: cannot read {VERSION_FILE}: {e.strerror}")
    version = text.strip()
    if text != version + "\n" or not FORM.fullmatch(version):
        raise SystemExit(f"version: VERSION must hold one line MAJOR.MINOR.PATCH, not {text!r}")
    return version


def copies():
    """(relative path, line, version found, match) for every copy, and the files without one."""
    found, missing = [], []
    for files, pattern in COPIES:
        for rel in files:
            path = os.path.join(ROOT, rel)
            text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
            matches = list(re.finditer(pattern, text))
            if not matches:
                missing.append(f"{rel}: no copy of the version found (pattern {pattern})")
            for m in matches:
                found.append((rel, text.count("\n", 0, m.start(1)) + 1, m.group(1), pattern))
    return found, missing


def check(version):
    found, missing = copies()
    wrong = [f"{rel}:{line}: {v} (VERSION is {version})" for rel, line, v, _ in found if v != version]
    for problem in missing + wrong:
        print("version: " + problem, file=sys.stderr)
    if missing or wrong:
        print("version: Scripts/version.py set X.Y.Z writes VERSION and every copy", file=sys.stderr)
        return 1
    return 0


def set_version(new):
    if not FORM.fullmatch(new):
        raise SystemExit(f"version: {new!r} is not MAJOR.MINOR.PATCH")
    _, missing = copies()
    if missing:
        raise SystemExit("version: " + "\n".join(missing))
    changed = set()
    for files, pattern in COPIES:
        for rel in files:
            path = os.path.join(ROOT, rel)
            text = open(path, encoding="utf-8").read()
            out = re.sub(pattern, lambda m: m.group(0)[:m.start(1) - m.start(0)] + new + m.group(0)[m.end(1) - m.start(0):], text)
            if out != text:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(out)
                changed.add(rel)
    with open(VERSION_FILE, "w", encoding="utf-8") as f:
        f.write(new + "\n")
    for rel in ["VERSION"] + sorted(changed):
        print(rel)
    return check(new)


def main():
    args = sys.argv[1:]
    if not args:
        print(read_version())
        return 0
    if args == ["check"]:
        return check(read_version())
    if len(args) == 2 and args[0] == "set":
        return set_version(args[1])
    print("usage: version.py [check | set MAJOR.MINOR.PATCH]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
