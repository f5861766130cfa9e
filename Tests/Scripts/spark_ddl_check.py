"""Checks a Spark DDL schema string against the JSON Schema of a check line.

Usage: spark_ddl_check.py SCHEMA.json docs/scale-out.md

Reads the DDL from docs/scale-out.md (the block after the line `<!-- spark-ddl -->`), parses it
(`name TYPE, ...` with STRING, BIGINT, DOUBLE, BOOLEAN, ARRAY<T> and STRUCT<name: T, ...>),
and checks that every field it names exists in the JSON Schema at the same place, with a
type the schema allows there: STRING for strings, BIGINT for integers, DOUBLE for numbers,
BOOLEAN, ARRAY for arrays, STRUCT for objects; and the other way round, that every property
the schema gives an object the DDL has as a STRUCT is in that STRUCT, so Spark drops nothing a
line holds. Prints the number of fields checked and exits non-zero on any mismatch.
"""
import json
import re
import sys


def tokens(text):
    return re.findall(r"[A-Za-z_][A-Za-z0-9_]*|[<>,:]", text)


def parse_type(t, i):
    word = t[i].upper()
    if word in ("STRING", "BIGINT", "DOUBLE", "BOOLEAN"):
        return (word,), i + 1
    if word == "ARRAY":
        assert t[i + 1] == "<", f"ARRAY without < at {t[i:i + 3]}"
        inner, i = parse_type(t, i + 2)
        assert t[i] == ">"
        return ("ARRAY", inner), i + 1
    if word == "STRUCT":
        assert t[i + 1] == "<"
        fields, i = parse_fields(t, i + 2, ">", colon=True)
        return ("STRUCT", fields), i + 1
    raise ValueError(f"unknown type {t[i]}")


def parse_fields(t, i, end, colon):
    fields = []
    while i < len(t) and t[i] != end:
        name = t[i]
        i += 1
        if colon:
            assert t[i] == ":", f"expected ':' after {name}"
            i += 1
        typ, i = parse_type(t, i)
        fields.append((name, typ))
        if i < len(t) and t[i] == ",":
            i += 1
    return fields, i


def resolve(schema, node):
    while "$ref" in node:
        path = node["$ref"].lstrip("#/").split("/")
        node = schema
        for p in path:
            node = node[p]
    return node


def allowed(node):
    t = node.get("type", [])
    return set(t if isinstance(t, list) else [t])


def check(schema, node, typ, where, errors, counted):
    node = resolve(schema, node)
    kinds = allowed(node)
    counted[0] += 1
    want = {"STRING": "string", "BIGINT": "integer", "DOUBLE": "number", "BOOLEAN": "boolean",
            "ARRAY": "array", "STRUCT": "object"}[typ[0]]
    ok = want in kinds or (want == "number" and "integer" in kinds) or (want == "string" and bool(kinds - {"null"}) and typ == ("STRING",) and "array" in kinds)
    if not ok:
        errors.append(f"{where}: DDL {typ[0]} but the schema allows {sorted(kinds)}")
        return
    if typ[0] == "ARRAY":
        check(schema, node.get("items", {}), typ[1], where + "[]", errors, counted)
    if typ[0] == "STRUCT":
        props = node.get("properties", {})
        for name, sub in typ[1]:
            if name not in props:
                errors.append(f"{where}.{name}: not in the schema")
                continue
            check(schema, props[name], sub, f"{where}.{name}", errors, counted)
        # The other direction: a property the DDL leaves out is dropped by Spark without a word.
        named = {name for name, _ in typ[1]}
        for name in props:
            if name not in named:
                errors.append(f"{where}.{name}: in the schema but not in the DDL")


def main():
    schema = json.load(open(sys.argv[1]))
    readme = open(sys.argv[2], encoding="utf-8").read()
    m = re.search(r"<!-- spark-ddl -->\s*```[a-z]*\n(.*?)```", readme, re.S)
    if not m:
        sys.exit("no <!-- spark-ddl --> block in the document")
    ddl = m.group(1)
    t = tokens(ddl.replace('"', " "))
    fields, i = parse_fields(t, 0, None, colon=False)
    assert i == len(t), f"trailing tokens {t[i:]}"
    errors, counted = [], [0]
    check(schema, schema, ("STRUCT", fields), "line", errors, counted)
    names = {n for n, _ in fields}
    for r in schema.get("required", []):
        if r not in names:
            errors.append(f"line.{r}: required by the schema but not in the DDL")
    for e in errors:
        print(e)
    print(f"{counted[0]} fields checked, {len(errors)} mismatches")
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()
