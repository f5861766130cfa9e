#!/usr/bin/env python3
"""Writes every Swift sample of README.md and the DocC catalog into one Swift file of the test
suite, Tests/DepthCheckTests/DocSamples.swift, so that `swift build --build-tests` compiles
them against the library: a sample that no longer compiles fails the build, and
DocSampleTests fails when the file is not what this script makes of the documentation.

The samples of one page are the statements of one function, in order (a page's samples build
on each other); declarations (a `func` or `struct` at the start of a line, with its attributes;
`@Test` is dropped so that the sample is compiled, not run) stand at the file's top level, and
imports are gathered. A sample that is a piece of a package manifest (`.package(`) is not Swift
of the library: it is listed, not compiled.

Usage: Scripts/doc_samples.py [--check]   (--check: exit 1 when the file differs)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
PAGES = ["README.md"] + sorted(str(p.relative_to(ROOT)) for p in (ROOT / "Sources/DepthCheck/DepthCheck.docc").glob("*.md"))
OUT = ROOT / "Tests/DepthCheckTests/DocSamples.swift"


def samples(page):
    return re.findall(r"```swift\n(.*?)```", (ROOT / page).read_text(encoding="utf-8"), re.S)


def split(sample):
    """(imports, declarations, statements) of one sample."""
    imports, declarations, statements = [], [], []
    lines = sample.rstrip("\n").split("\n")
    k = 0
    while k < len(lines):
        line = lines[k]
        if line.startswith("import "):
            imports.append(line)
            k += 1
            continue
        head = line[len("@Test "):] if line.startswith("@Test ") else line
        if re.match(r"(func|struct|enum|final class|class|extension) ", head):
            block = [head]
            k += 1
            while k < len(lines) and (lines[k].startswith(" ") or lines[k] == "" or lines[k] == "}"):
                block.append(lines[k])
                done = lines[k] == "}"
                k += 1
                if done:
                    break
            declarations.append("\n".join(block))
            continue
        statements.append(line)
        k += 1
    return imports, declarations, statements


def render():
    imports = ["import DepthCheck", "import Foundation", "import Testing"]
    declarations, functions, manifests = [], [], []
    for page in PAGES:
        body = []
        for n, sample in enumerate(samples(page), 1):
            if ".package(" in sample:
                manifests.append(f"{page} sample {n}")
                continue
            i, d, s = split(sample)
            imports += [x for x in i if x not in imports]
            declarations += [f"// {page}, sample {n}\n{x}" for x in d]
            while s and not s[0].strip():
                s = s[1:]
            if s:
                body.append(f"    // {page}, sample {n}")
                body += ["    " + line if line else "" for line in s]
        if body:
            name = re.sub(r"[^A-Za-z0-9]", "_", page.rsplit("/", 1)[-1].rsplit(".", 1)[0])
            functions.append(f"/// The samples of {page}, in order.\nfunc docSamples_{name}() throws {{\n" + "\n".join(body) + "\n}")
    head = ("// Made by Scripts/doc_samples.py from the Swift samples of README.md and the DocC catalog:\n"
            "// compiled with the tests, never run. Not compiled (package manifest pieces): "
            + (", ".join(manifests) or "none") + ".\n")
    return head + "\n".join(imports) + "\n\n" + "\n\n".join(functions + declarations) + "\n"


def main():
    text = render()
    if "--check" in sys.argv:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is not what the documentation's samples make: run Scripts/doc_samples.py")
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
