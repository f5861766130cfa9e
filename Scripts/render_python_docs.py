#!/usr/bin/env python3
"""Write docs/python.md: the Python package's reference, from its docstrings and the schema.

Each public function and class of python/depthcheck (its ``__all__``) gets its signature
and its docstring turned into Markdown (``literal`` -> `literal`, :func:`name` -> `name()`,
doctest examples and ``::`` blocks -> fenced code); the record TypedDicts get a table of
their keys, from the same model Scripts/gen_python_types.py writes them from.

Usage: render_python_docs.py [--check | --stdout]   (--check: exit 1 when the page differs)
"""
import argparse
import inspect
import json
import os
import re
import sys
from typing import Any, List

# The imports below would otherwise leave __pycache__ folders in the checkout.
sys.dont_write_bytecode = True

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(ROOT, "docs", "python.md")
sys.path.insert(0, os.path.join(ROOT, "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import depthcheck  # noqa: E402
import gen_python_types  # noqa: E402

WIDTH = 88


def _inline(text: str) -> str:
    """reST roles and literals as Markdown code spans; a literal may span lines."""
    text = re.sub(r":func:`([^`]+)`", r"``\1()``", text)
    text = re.sub(r":(?:class|mod|data|attr):`([^`]+)`", r"``\1``", text)
    return re.sub(r"``(.+?)``", r"`\1`", text, flags=re.S)


def markdown(doc: str) -> str:
    """A docstring (already dedented) as Markdown."""
    out: List[str] = []
    prose: List[str] = []
    lines = doc.splitlines()
    i = 0

    def flush() -> None:
        if prose:
            out.extend(_inline("\n".join(prose)).split("\n"))
            prose.clear()

    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>") or line.rstrip().endswith("::"):
            flush()
        if line.lstrip().startswith(">>>"):
            indent = len(line) - len(line.lstrip())
            out.append("```pycon")
            while i < len(lines) and lines[i].strip():
                out.append(re.sub(r"\s*# doctest:.*$", "", lines[i][indent:]))
                i += 1
            out.append("```")
            continue
        if line.rstrip().endswith("::"):
            head = line.rstrip()[:-2].rstrip()
            if head:
                out.append(_inline(head) + ":")
            i += 1
            while i < len(lines) and not lines[i].strip():
                i += 1
            block: List[str] = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith("    ")):
                block.append(lines[i][4:])
                i += 1
            while block and not block[-1].strip():
                block.pop()
            out += ["", "```python"] + block + ["```", ""]
            continue
        prose.append(line)
        i += 1
    flush()
    return "\n".join(out).strip() + "\n"


def signature(name: str, obj: Any) -> str:
    """``name(params) -> returns`` with the annotations as written in the source."""
    target = obj.__init__ if inspect.isclass(obj) else obj
    sig = inspect.signature(target)
    params: List[str] = []
    star = False
    for param in sig.parameters.values():
        if param.name == "self":
            continue
        if param.kind is param.KEYWORD_ONLY and not star:
            params.append("*")
            star = True
        text = ("*" if param.kind is param.VAR_POSITIONAL else "**" if param.kind is param.VAR_KEYWORD else "") + param.name
        if param.kind is param.VAR_POSITIONAL:
            star = True
        if param.annotation is not param.empty:
            text += f": {param.annotation}"
        if param.default is not param.empty:
            text += f" = {param.default!r}" if param.annotation is not param.empty else f"={param.default!r}"
        params.append(text)
    returns = "" if inspect.isclass(obj) or sig.return_annotation is sig.empty else f" -> {sig.return_annotation}"
    one_line = f"{name}({', '.join(params)}){returns}"
    if len(one_line) <= WIDTH:
        return one_line
    return f"{name}(\n" + "".join(f"    {p},\n" for p in params) + f"){returns}"


def records() -> List[str]:
    with open(gen_python_types.SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    model = gen_python_types.Model(schema)
    out = [
        "## Record types",
        "",
        "`check` yields `CheckRecord`s: TypedDicts written from",
        "[schemas/check-line.schema.json](../schemas/check-line.schema.json) by",
        "`Scripts/gen_python_types.py` into `python/depthcheck/_records.py`, and importable from",
        "`depthcheck`. A key that is not required may be absent; `Optional` means it may be `None`.",
        "",
    ]
    # The record first, then what it holds.
    for item in reversed(model.types):
        out += [f"### `{item.name}`", ""]
        if isinstance(item, gen_python_types.Alias):
            out += [f"`{item.name} = {item.annotation}`: {item.description}", ""]
            continue
        title = schema["title"] + ". " if item.name == gen_python_types.ROOT_NAME else ""
        if title or item.description:
            out += [(title + item.description).strip(), ""]
        out += [f"Schema: `{item.pointer}`.", "", "| Key | Type | Required | Notes |", "|---|---|---|---|"]
        for field in item.fields:
            kind = field.annotation.replace("|", "\\|")
            out.append(f"| `{field.name}` | `{kind}` | {'yes' if field.required else 'no'} | {field.description} |")
        out.append("")
    return out


def render() -> str:
    out = [
        "# The Python package",
        "",
        "<!-- Written by Scripts/render_python_docs.py from the docstrings of python/depthcheck;",
        "     a test compares this page with what the script writes. -->",
        "",
        "Installing it, finding the binary, Spark and Dask: [python/README.md](../python/README.md).",
        "The examples run from the checkout's root on the photos under `Corpus/`; the package's",
        "tests (`python -m unittest discover -s python/tests`) run every one of them.",
        "",
        markdown(inspect.getdoc(depthcheck) or "").rstrip(),
        "",
    ]
    names = [n for n in depthcheck.__all__ if n not in depthcheck._records.__all__]
    for name in names:
        obj = getattr(depthcheck, name)
        out += [f"## `{name}`", "", "```python", signature(name, obj), "```", ""]
        out.append(markdown(inspect.getdoc(obj) or "").rstrip())
        out.append("")
    out += records()
    return "\n".join(out).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed page, write nothing")
    parser.add_argument("--stdout", action="store_true", help="print instead of writing the page")
    args = parser.parse_args()
    text = render()
    if args.stdout:
        sys.stdout.write(text)
        return 0
    if args.check:
        with open(TARGET, encoding="utf-8") as f:
            same = f.read() == text
        if not same:
            print("docs/python.md differs from the docstrings; run Scripts/render_python_docs.py", file=sys.stderr)
        return 0 if same else 1
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
