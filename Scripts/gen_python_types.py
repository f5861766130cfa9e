#!/usr/bin/env python3
"""Write python/depthcheck/_records.py: TypedDicts for one line of ``check --format jsonl``.

Read from schemas/check-line.schema.json, so the Python types are the published schema's:
an object becomes a TypedDict (its required keys in a base class, its optional keys in a
subclass with ``total=False``, the PEP 589 way that Python 3.9 reads; ``NotRequired`` needs
3.11), an enum a ``Literal``, ``null`` in a type list ``Optional``, an array a ``List``. An
inline object is named after where it sits (``AuxImage.statistics`` -> ``AuxImageStatistics``,
an item of ``channels`` -> ``...Channel``).

Usage: gen_python_types.py [--check | --stdout]   (--check: exit 1 when the committed file differs)
"""
import argparse
import json
import os
import re
import sys
from typing import Any, Dict, List, NamedTuple

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "schemas", "check-line.schema.json")
TARGET = os.path.join(ROOT, "python", "depthcheck", "_records.py")
ROOT_NAME = "CheckRecord"

SCALARS = {"string": "str", "integer": "int", "number": "float", "boolean": "bool"}


class Field(NamedTuple):
    name: str
    annotation: str
    required: bool
    description: str


class Object(NamedTuple):
    name: str
    description: str
    pointer: str
    fields: List[Field]


class Alias(NamedTuple):
    name: str
    annotation: str
    description: str


def _cap(name: str) -> str:
    return name[:1].upper() + name[1:]


def _item_name(name: str) -> str:
    """The name of an array's item: ``channels`` -> ``Channel``, ``metadata`` -> ``MetadataItem``."""
    return name[:-1] if name.endswith("s") and not name.endswith("ss") else name + "Item"


class Model:
    """The TypedDicts and aliases of a schema, each after the ones it refers to."""

    def __init__(self, schema: Dict[str, Any]) -> None:
        self.types: List[Any] = []
        self.names: Dict[str, str] = {}
        self.definitions = schema.get("definitions", {})
        self._object(ROOT_NAME, schema, "#")

    def _add(self, item: Any) -> None:
        if any(existing.name == item.name for existing in self.types):
            raise SystemExit(f"gen_python_types: two types named {item.name}")
        self.types.append(item)

    def _ref(self, ref: str) -> str:
        prefix = "#/definitions/"
        if not ref.startswith(prefix):
            raise SystemExit(f"gen_python_types: unsupported $ref {ref}")
        key = ref[len(prefix):]
        if key not in self.names:
            name = _cap(key)
            self.names[key] = name
            node = self.definitions[key]
            if "object" in self._kinds(node) and "properties" in node:
                self._object(name, node, ref)
            else:
                self._add(Alias(name, self.annotation(name, node, ref), node.get("description", "")))
        return self.names[key]

    @staticmethod
    def _kinds(node: Dict[str, Any]) -> List[str]:
        kinds = node.get("type", [])
        return [kinds] if isinstance(kinds, str) else list(kinds)

    def annotation(self, name: str, node: Dict[str, Any], pointer: str) -> str:
        """The annotation of the value ``node`` (at JSON pointer ``pointer``) describes;
        ``name`` names it when it is an inline object."""
        if "$ref" in node:
            return self._ref(node["$ref"])
        kinds = self._kinds(node)
        nullable = "null" in kinds
        parts: List[str] = []
        if "enum" in node:
            values = [v for v in node["enum"] if v is not None]
            nullable = nullable or None in node["enum"]
            parts.append("Literal[" + ", ".join(repr(v) for v in values) + "]")
        else:
            for kind in kinds:
                if kind == "null":
                    continue
                if kind in SCALARS:
                    parts.append(SCALARS[kind])
                elif kind == "array":
                    parts.append(f"List[{self.annotation(_item_name(name), node.get('items', {}), pointer + '/items')}]")
                elif kind == "object" and "properties" in node:
                    self._object(name, node, pointer)
                    parts.append(name)
                elif kind == "object":
                    parts.append("Dict[str, Any]")
                else:
                    raise SystemExit(f"gen_python_types: unsupported type {kind!r} at {name}")
        if not parts:
            text = "Any"
        elif len(parts) == 1:
            text = parts[0]
        else:
            text = "Union[" + ", ".join(parts) + "]"
        return f"Optional[{text}]" if nullable else text

    def _object(self, name: str, node: Dict[str, Any], pointer: str) -> None:
        required = node.get("required", [])
        prefix = "" if name == ROOT_NAME else name
        fields = [
            Field(key, self.annotation(prefix + _cap(key), value, f"{pointer}/properties/{key}"),
                  key in required, value.get("description", ""))
            for key, value in node["properties"].items()
        ]
        self._add(Object(name, node.get("description", ""), pointer, fields))


def _wrap(text: str, indent: str, width: int = 96) -> List[str]:
    lines: List[str] = []
    line = ""
    for word in text.split():
        if line and len(indent) + len(line) + 1 + len(word) > width:
            lines.append(indent + line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(indent + line)
    return lines


def _fields(fields: List[Field]) -> List[str]:
    out: List[str] = []
    for field in fields:
        out += _wrap(field.description, "    #: ")
        out.append(f"    {field.name}: {field.annotation}")
    return out


def _docstring(text: str) -> List[str]:
    lines = _wrap(text.replace("\\", "\\\\"), "    ", 92)
    lines[0] = '    """' + lines[0][4:]
    return [lines[0] + '"""'] if len(lines) == 1 else lines + ['    """']


def render(schema: Dict[str, Any]) -> str:
    """The text of _records.py for ``schema``."""
    model = Model(schema)
    out = [
        '"""The records of ``depthcheck check --format jsonl`` as TypedDicts.',
        "",
        "Generated from schemas/check-line.schema.json by Scripts/gen_python_types.py; run it",
        "after changing the schema rather than editing this file. The keys a record may lack",
        "are those of the class declared with ``total=False``.",
        '"""',
        "",
        "from typing import IMPORTS",
        "",
        "__all__ = [",
    ]
    out += [f"    {t.name!r}," for t in sorted(model.types, key=lambda t: t.name)]
    out.append("]")
    for item in model.types:
        out += ["", ""]
        if isinstance(item, Alias):
            out += _wrap(item.description, "#: ")
            out.append(f"{item.name} = {item.annotation}")
            continue
        required = [f for f in item.fields if f.required]
        optional = [f for f in item.fields if not f.required]
        doc = (schema["title"] + ". " if item.name == ROOT_NAME else "") + item.description
        doc = (doc + " " if doc else "") + f"Schema: ``{item.pointer}``."
        if required and optional:
            out.append(f"class _{item.name}Required(TypedDict):")
            out += _fields(required)
            out += ["", "", f"class {item.name}(_{item.name}Required, total=False):"]
            out += _docstring(doc) + [""] + _fields(optional)
        elif required:
            out += [f"class {item.name}(TypedDict):"] + _docstring(doc) + [""] + _fields(required)
        else:
            out += [f"class {item.name}(TypedDict, total=False):"] + _docstring(doc) + [""] + _fields(optional)
    text = "\n".join(out) + "\n"
    body = text.split("__all__", 1)[1]
    used = [n for n in ("Any", "Dict", "List", "Literal", "Optional", "TypedDict", "Union") if re.search(rf"\b{n}\b", body)]
    return text.replace("from typing import IMPORTS", "from typing import " + ", ".join(used))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed file, write nothing")
    parser.add_argument("--stdout", action="store_true", help="print instead of writing the file")
    args = parser.parse_args()
    with open(SCHEMA, encoding="utf-8") as f:
        text = render(json.load(f))
    if args.stdout:
        sys.stdout.write(text)
        return 0
    if args.check:
        with open(TARGET, encoding="utf-8") as f:
            same = f.read() == text
        if not same:
            print(f"{os.path.relpath(TARGET, ROOT)} differs from the schema; run Scripts/gen_python_types.py", file=sys.stderr)
        return 0 if same else 1
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
