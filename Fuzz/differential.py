#!/usr/bin/env python3
"""Differential fuzzer: libheif (heif-info) against `depthcheck check`.

Mutates seed HEIF files deterministically and structure-aware (the ISOBMFF box tree
and the item graph: ftyp, meta, hdlr, dinf/dref, pitm, iinf/infe, iloc, iref, iprp/ipco/ipma,
idat, mdat), runs every mutant through `heif-info` and through
`depthcheck check --pixels --format jsonl`, and reports

  * misses:  heif-info rejects the file (non-zero exit, no signal, no timeout) while
             depthcheck's verdict is "pass" (no error-severity finding);
  * heif-info crashes (killed by a signal; libheif 1.15 recurses forever on derivation cycles),
             recorded separately, never counted as misses;
  * depthcheck crashes: exit code >= 4 or killed by a signal (or a record that is not JSON).

Usage:
  Fuzz/differential.py --depthcheck PATH --seconds N --seed S --out DIR SEED_FILE...
      [--max-mutants K] [--strict --known FILE] [--heif-info PATH]
      [--heif-info-timeout T] [--depthcheck-timeout T] [--keep-per-group K]

Mutant i is a pure function of (--seed, i, the seed files): its random generator is
random.Random("<seed>:<i>") and it picks its seed file from that generator, so a run is a
prefix of the same sequence whatever the machine's speed; --seconds only bounds how long the
prefix is (--max-mutants bounds it by count, for fully reproducible runs).

Output in --out: each missed-finding mutant as
  miss-<seedname>-<index>-<mutation>.heic
(at most --keep-per-group per (heif-info message, mutation kind); all are counted), each
depthcheck crash as dc-crash-..., each heif-info crash as heifinfo-crash-..., and
summary.json plus summary.txt grouping the misses by heif-info's message (numbers replaced
by N) and by mutation kind.

Exit status: 0 when no depthcheck crash was found; 1 when one was, or with --strict when a miss
has a heif-info message not matched by the --known allow-list (one entry a line: a substring of
the normalised message, or re:REGEX; '#' starts a comment); 2 on usage errors.

Standard library only. If pillow_heif imports, its libheif version is recorded in the summary
(it is not otherwise used: heif-info is the oracle).
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import time

# --------------------------------------------------------------------------------------------
# ISOBMFF parsing
# --------------------------------------------------------------------------------------------

# container box type -> number of bytes between the box header and its first child
CONTAINERS = {
    b"meta": 4, b"dinf": 0, b"dref": 8, b"iprp": 0, b"ipco": 0, b"grpl": 0,
    b"moov": 0, b"trak": 0, b"mdia": 0, b"minf": 0, b"stbl": 0, b"edts": 0,
}

KNOWN_TYPES = [b"ftyp", b"meta", b"hdlr", b"dinf", b"dref", b"url ", b"pitm", b"iinf",
               b"infe", b"iloc", b"iref", b"iprp", b"ipco", b"ipma", b"idat", b"mdat",
               b"ispe", b"hvcC", b"auxC", b"pixi", b"colr", b"irot", b"imir", b"clap",
               b"grpl", b"free", b"skip", b"uuid", b"moov", b"av1C", b"iloc", b"xxxx"]

ITEM_TYPES = [b"Exif", b"mime", b"xxxx", b"hvc1", b"grid", b"iden", b"iovl", b"av01",
              b"jpeg", b"uri ", b"tmap", b"hvc1"]

REF_TYPES = [b"dimg", b"thmb", b"auxl", b"cdsc", b"base", b"prem", b"xxxx", b"exbc"]


class Box:
    __slots__ = ("type", "start", "end", "hdr", "size_field", "children", "parent", "path",
                 "version", "flags")

    def __init__(self, typ, start, end, hdr, size_field, parent, path):
        self.type = typ
        self.start = start          # offset of the size field
        self.end = end              # one past the box
        self.hdr = hdr              # 8, 16 (largesize) or +16 for uuid
        self.size_field = size_field  # "32", "64" or "0" (to end)
        self.children = []
        self.parent = parent
        self.path = path
        self.version = None
        self.flags = None

    @property
    def payload(self):
        return self.start + self.hdr

    def name(self):
        return self.path


def _u(data, off, n):
    if n == 0:
        return 0
    if off + n > len(data):
        raise ValueError("read past end")
    return int.from_bytes(data[off:off + n], "big")


def parse_boxes(data, start, end, parent, prefix, out, depth=0):
    """Parses boxes in [start, end) into parent.children (parent may be None: roots in out)."""
    pos = start
    counts = {}
    siblings = out if parent is None else parent.children
    while pos + 8 <= end and depth < 16:
        size = _u(data, pos, 4)
        typ = bytes(data[pos + 4:pos + 8])
        hdr = 8
        sf = "32"
        if size == 1:
            if pos + 16 > end:
                break
            size = _u(data, pos + 8, 8)
            hdr = 16
            sf = "64"
        elif size == 0:
            size = end - pos
            sf = "0"
        if typ == b"uuid":
            hdr += 16
        if size < hdr or pos + size > end:
            break
        k = counts.get(typ, 0)
        counts[typ] = k + 1
        tname = typ.decode("latin-1")
        path = (prefix + "." if prefix else "") + (tname if k == 0 else "%s[%d]" % (tname, k))
        b = Box(typ, pos, pos + size, hdr, sf, parent, path)
        siblings.append(b)
        try:
            if typ == b"iinf":
                v = data[b.payload]
                b.version = v
                first = b.payload + 4 + (2 if v == 0 else 4)
                parse_boxes(data, first, b.end, b, path, out, depth + 1)
            elif typ in CONTAINERS:
                skip = CONTAINERS[typ]
                if skip >= 4:
                    b.version = data[b.payload]
                parse_boxes(data, b.payload + skip, b.end, b, path, out, depth + 1)
            elif typ == b"ipco":
                parse_boxes(data, b.payload, b.end, b, path, out, depth + 1)
        except (ValueError, IndexError):
            pass
        pos += size
    return out


def walk(boxes):
    for b in boxes:
        yield b
        yield from walk(b.children)


def ancestors(b):
    p = b.parent
    while p is not None:
        yield p
        p = p.parent


class Field:
    """A big-endian unsigned integer field at an absolute offset."""
    __slots__ = ("off", "size")

    def __init__(self, off, size):
        self.off = off
        self.size = size

    def get(self, data):
        return _u(data, self.off, self.size)

    def put(self, data, value):
        if self.size == 0:
            return
        value &= (1 << (8 * self.size)) - 1
        data[self.off:self.off + self.size] = value.to_bytes(self.size, "big")


class Model:
    """Boxes plus decoded fields of the HEIF item graph (offsets are absolute)."""

    def __init__(self, data):
        self.data = data
        self.roots = parse_boxes(data, 0, len(data), None, "", [])
        self.all = list(walk(self.roots))
        self.meta = next((b for b in self.roots if b.type == b"meta"), None)
        self.infes = []     # dicts: box, id Field, type_off, version
        self.iloc = None    # dict
        self.irefs = []     # dicts: box, type_off, from Field, count Field, to [Field]
        self.iref = None
        self.ipma = []      # dicts: item Field, count Field, assoc [(off, size)]
        self.ipma_box = None
        self.pitm = None    # Field
        self.ipco = None
        self.hdlr_type_off = None
        self.ftyp = None
        self.ispes = []     # (w Field, h Field)
        self.hvccs = []     # hvcC payload offsets
        self.av1cs = []     # av1C payload offsets
        self.pixis = []     # (channel count Field, [bits Field])
        self.idat = None
        self.grpl = None
        for b in self.all:
            try:
                self._decode(b)
            except (ValueError, IndexError):
                pass

    def item_ids(self):
        ids = []
        for e in self.infes:
            try:
                ids.append(e["id"].get(self.data))
            except ValueError:
                pass
        return ids

    def item_type(self, iid):
        for e in self.infes:
            if e["id"].get(self.data) == iid and e["type_off"] is not None:
                return bytes(self.data[e["type_off"]:e["type_off"] + 4])
        return None

    def _decode(self, b):
        d = self.data
        p = b.payload
        t = b.type
        if t == b"ftyp":
            self.ftyp = b
        elif t == b"hdlr":
            self.hdlr_type_off = p + 8
        elif t == b"pitm":
            v = d[p]
            self.pitm = Field(p + 4, 2 if v == 0 else 4)
        elif t == b"ipco":
            self.ipco = b
        elif t == b"grpl":
            self.grpl = b
        elif t == b"ispe":
            self.ispes.append((Field(p + 4, 4), Field(p + 8, 4)))
        elif t == b"hvcC" and b.end - p >= 23:
            self.hvccs.append(p)
        elif t == b"av1C" and b.end - p >= 4:
            self.av1cs.append(p)
        elif t == b"pixi":
            n = d[p + 4]
            self.pixis.append((Field(p + 4, 1), [Field(p + 5 + i, 1) for i in range(n) if p + 5 + i < b.end]))
        elif t == b"idat":
            self.idat = b
        elif t == b"infe":
            v = d[p]
            b.version = v
            if v >= 2:
                idsz = 2 if v == 2 else 4
                self.infes.append({"box": b, "id": Field(p + 4, idsz),
                                   "type_off": p + 4 + idsz + 2, "version": v})
            else:
                self.infes.append({"box": b, "id": Field(p + 4, 2), "type_off": None,
                                   "version": v})
        elif t == b"iloc":
            self._decode_iloc(b)
        elif t == b"iref":
            self._decode_iref(b)
        elif t == b"ipma":
            self._decode_ipma(b)

    def _decode_iloc(self, b):
        d = self.data
        p = b.payload
        v = d[p]
        pos = p + 4
        offset_size = d[pos] >> 4
        length_size = d[pos] & 15
        base_size = d[pos + 1] >> 4
        index_size = (d[pos + 1] & 15) if v in (1, 2) else 0
        pos += 2
        if v < 2:
            count = _u(d, pos, 2)
            pos += 2
        else:
            count = _u(d, pos, 4)
            pos += 4
        items = []
        idsz = 2 if v < 2 else 4
        for _ in range(count):
            if pos > b.end:
                break
            it = {"id": Field(pos, idsz)}
            pos += idsz
            if v in (1, 2):
                it["method"] = Field(pos, 2)
                pos += 2
            else:
                it["method"] = None
            it["dref"] = Field(pos, 2)
            pos += 2
            it["base"] = Field(pos, base_size)
            pos += base_size
            it["count"] = Field(pos, 2)
            n = _u(d, pos, 2)
            pos += 2
            ext = []
            for _ in range(n):
                e = {}
                if index_size:
                    e["index"] = Field(pos, index_size)
                    pos += index_size
                e["offset"] = Field(pos, offset_size)
                pos += offset_size
                e["length"] = Field(pos, length_size)
                pos += length_size
                ext.append(e)
            it["extents"] = ext
            if pos > b.end:
                break
            items.append(it)
        self.iloc = {"box": b, "version": v, "items": items, "count": Field(p + 6, idsz),
                     "sizes_off": p + 4}

    def _decode_iref(self, b):
        d = self.data
        v = d[b.payload]
        self.iref = {"box": b, "version": v}
        idsz = 2 if v == 0 else 4
        pos = b.payload + 4
        while pos + 8 <= b.end:
            size = _u(d, pos, 4)
            if size < 8 or pos + size > b.end:
                break
            ref = {"start": pos, "end": pos + size, "type_off": pos + 4,
                   "from": Field(pos + 8, idsz), "count": Field(pos + 8 + idsz, 2), "to": []}
            q = pos + 8 + idsz + 2
            n = _u(d, pos + 8 + idsz, 2)
            for _ in range(n):
                if q + idsz > pos + size:
                    break
                ref["to"].append(Field(q, idsz))
                q += idsz
            self.irefs.append(ref)
            pos += size

    def _decode_ipma(self, b):
        d = self.data
        p = b.payload
        v = d[p]
        flags = _u(d, p + 1, 3)
        pos = p + 4
        n = _u(d, pos, 4)
        pos += 4
        idsz = 2 if v < 1 else 4
        asz = 2 if flags & 1 else 1
        self.ipma_box = {"box": b, "version": v, "flags": flags, "asz": asz}
        for _ in range(n):
            if pos + idsz + 1 > b.end:
                break
            e = {"item": Field(pos, idsz)}
            pos += idsz
            e["count"] = Field(pos, 1)
            c = d[pos]
            pos += 1
            e["assoc"] = []
            for _ in range(c):
                if pos + asz > b.end:
                    break
                e["assoc"].append(Field(pos, asz))
                pos += asz
            self.ipma.append(e)


# --------------------------------------------------------------------------------------------
# Splicing (insert/delete bytes with size and iloc fix-ups)
# --------------------------------------------------------------------------------------------

def splice(model, pos, remove, insert, container):
    """Returns new bytes: data[pos:pos+remove] replaced by insert, the size of container (the
    box the edit happens in; None at top level) and of its ancestors, and every same-file
    iloc offset behind pos adjusted by the length difference."""
    d = bytearray(model.data)
    delta = len(insert) - remove
    if delta:
        chain = [] if container is None else [container] + list(ancestors(container))
        for b in chain:
            if True:
                if b.size_field == "32":
                    Field(b.start, 4).put(d, (b.end - b.start) + delta)
                elif b.size_field == "64":
                    Field(b.start + 8, 8).put(d, (b.end - b.start) + delta)
        il = model.iloc
        if il:
            for it in il["items"]:
                try:
                    method = it["method"].get(d) if it["method"] else 0
                    if method != 0 or it["dref"].get(d) != 0:
                        continue
                    base = it["base"].get(d)
                    if it["base"].size and base >= pos + remove:
                        it["base"].put(d, base + delta)
                        continue
                    for e in it["extents"]:
                        o = e["offset"].get(d)
                        if e["offset"].size and base + o >= pos + remove:
                            e["offset"].put(d, o + delta)
                except ValueError:
                    pass
    d[pos:pos + remove] = insert
    return d


def make_box(typ, payload):
    return struct.pack(">I", 8 + len(payload)) + typ + payload


# --------------------------------------------------------------------------------------------
# Mutations: each returns (bytes, kind, detail) or None when it does not apply
# --------------------------------------------------------------------------------------------

def fourcc(b):
    return b.decode("latin-1").replace(" ", "_")


def _pick(rng, seq):
    return seq[rng.randrange(len(seq))] if seq else None


def m_box_size(m, rng):
    cands = [b for b in m.all if b.size_field == "32"]
    b = _pick(rng, cands)
    if b is None:
        return None
    d = bytearray(m.data)
    size = b.end - b.start
    parent_end = b.parent.end if b.parent else len(d)
    how = rng.randrange(4)
    if how == 0:
        new = size + rng.choice([1, 2, 3, 4, 8, 16])
        tag = "+%d" % (new - size)
    elif how == 1:
        new = max(0, size - rng.choice([1, 2, 3, 4, 8]))
        tag = "-%d" % (size - new)
    elif how == 2:
        new = parent_end - b.start + rng.choice([1, 4, 8, 100])
        tag = "past-parent+%d" % (new - (parent_end - b.start))
    else:
        new = rng.choice([0, 1, 7, 8, 0xFFFFFFFF])
        tag = "=%d" % new
    Field(b.start, 4).put(d, new)
    return d, "box-size", "%s%s" % (b.path, tag)


def m_box_type(m, rng):
    b = _pick(rng, [x for x in m.all if x.type != b"uuid"])
    if b is None:
        return None
    new = rng.choice(KNOWN_TYPES)
    if new == b.type:
        new = b"xxxx"
    d = bytearray(m.data)
    d[b.start + 4:b.start + 8] = new
    return d, "box-type", "%s-to-%s" % (b.path, fourcc(new))


def m_infe_type(m, rng):
    e = _pick(rng, [x for x in m.infes if x["type_off"] is not None])
    if e is None:
        return None
    d = bytearray(m.data)
    old = bytes(d[e["type_off"]:e["type_off"] + 4])
    new = rng.choice(ITEM_TYPES)
    if new == old:
        new = b"xxxx"
    d[e["type_off"]:e["type_off"] + 4] = new
    return d, "infe-type", "item%d-%s-to-%s" % (e["id"].get(d), fourcc(old), fourcc(new))


def m_infe_id(m, rng):
    e = _pick(rng, m.infes)
    if e is None:
        return None
    ids = m.item_ids()
    d = bytearray(m.data)
    old = e["id"].get(d)
    how = rng.randrange(3)
    if how == 0 and len(ids) > 1:
        new = rng.choice([i for i in ids if i != old] or [old])
        tag = "duplicate"
    elif how == 1:
        new = 0
        tag = "zero"
    else:
        new = max(ids) + 100
        tag = "unreferenced"
    e["id"].put(d, new)
    return d, "infe-id", "item%d-to-%d-%s" % (old, new, tag)


def m_infe_version(m, rng):
    e = _pick(rng, m.infes)
    if e is None:
        return None
    d = bytearray(m.data)
    p = e["box"].payload
    old = d[p]
    new = rng.choice([0, 1, 3, 4, 0xFF])
    if new == old:
        new = 4
    d[p] = new
    return d, "infe-version", "item%d-v%d-to-v%d" % (e["id"].get(m.data), old, new)


def m_infe_hidden(m, rng):
    e = _pick(rng, m.infes)
    if e is None:
        return None
    d = bytearray(m.data)
    p = e["box"].payload + 3
    d[p] ^= 1
    return d, "infe-hidden", "item%d-flags-%d" % (e["id"].get(m.data), d[p])


def m_iref_type(m, rng):
    r = _pick(rng, m.irefs)
    if r is None:
        return None
    d = bytearray(m.data)
    old = bytes(d[r["type_off"]:r["type_off"] + 4])
    new = rng.choice(REF_TYPES)
    if new == old:
        new = b"xxxx"
    d[r["type_off"]:r["type_off"] + 4] = new
    return d, "iref-type", "%s-from%d-to-%s" % (fourcc(old), r["from"].get(d), fourcc(new))


def m_iref_to(m, rng):
    r = _pick(rng, [x for x in m.irefs if x["to"]])
    if r is None:
        return None
    d = bytearray(m.data)
    typ = fourcc(bytes(d[r["type_off"]:r["type_off"] + 4]))
    frm = r["from"].get(d)
    i = rng.randrange(len(r["to"]))
    old = r["to"][i].get(d)
    ids = m.item_ids()
    how = rng.randrange(4)
    if how == 0:
        r["to"][i].put(d, frm)
        return d, "iref-self", "%s-item%d-to-itself" % (typ, frm)
    if how == 1:
        new = (max(ids) if ids else 0) + 50
        r["to"][i].put(d, new)
        return d, "iref-missing", "%s-from%d-to-missing%d" % (typ, frm, new)
    if how == 2:
        # cycle: another reference whose from is our target points back at us
        back = [x for x in m.irefs if x is not r and x["to"] and x["from"].get(d) == old]
        if back:
            x = rng.choice(back)
            j = rng.randrange(len(x["to"]))
            x["to"][j].put(d, frm)
            t2 = fourcc(bytes(d[x["type_off"]:x["type_off"] + 4]))
            return d, "iref-cycle", "%s-%d-to-%d-and-%s-back" % (typ, frm, old, t2)
        # else: turn the reference around so the target references its source too
    new = rng.choice([i2 for i2 in ids if i2 != old] or [old])
    r["to"][i].put(d, new)
    return d, "iref-retarget", "%s-from%d-%d-to-%d" % (typ, frm, old, new)


def m_iref_from(m, rng):
    r = _pick(rng, m.irefs)
    if r is None:
        return None
    d = bytearray(m.data)
    typ = fourcc(bytes(d[r["type_off"]:r["type_off"] + 4]))
    old = r["from"].get(d)
    ids = m.item_ids()
    new = rng.choice(ids + [0, (max(ids) if ids else 0) + 50])
    r["from"].put(d, new)
    return d, "iref-from", "%s-from%d-to-from%d" % (typ, old, new)


def m_iref_add(m, rng):
    """Appends one reference (a derivation cycle, a self reference, a thumbnail of a
    thumbnail, ...) to iref, creating iref when absent."""
    ids = m.item_ids()
    if not ids or m.meta is None:
        return None
    v = m.iref["version"] if m.iref else 0
    idsz = 2 if v == 0 else 4
    derived = [i for i in ids if m.item_type(i) in (b"grid", b"iden", b"iovl")]
    # existing dimg edges
    dimg = [(r["from"].get(m.data), [t.get(m.data) for t in r["to"]]) for r in m.irefs
            if bytes(m.data[r["type_off"]:r["type_off"] + 4]) == b"dimg"]
    how = rng.randrange(5)
    if how == 0 and dimg:
        frm, tos = rng.choice(dimg)
        tile = rng.choice(tos)
        typ, f, to = b"dimg", tile, [frm]
        tag = "dimg-cycle-%d-to-%d" % (tile, frm)
    elif how == 1:
        a = rng.choice(derived or ids)
        typ, f, to = rng.choice([b"dimg", b"auxl", b"thmb", b"cdsc"]), a, [a]
        tag = "%s-self-%d" % (fourcc(typ), a)
    elif how == 2 and len(ids) >= 2:
        a, b = rng.sample(ids, 2)
        typ = rng.choice([b"auxl", b"thmb", b"cdsc", b"base", b"prem"])
        f, to = a, [b]
        tag = "%s-%d-to-%d" % (fourcc(typ), a, b)
    elif how == 3:
        a = rng.choice(ids)
        typ, f, to = rng.choice(REF_TYPES), a, [max(ids) + 77]
        tag = "%s-%d-to-missing" % (fourcc(typ), a)
    else:
        a = rng.choice(ids)
        typ, f, to = rng.choice([b"dimg", b"auxl", b"thmb"]), a, []
        tag = "%s-%d-empty" % (fourcc(typ), a)
    payload = f.to_bytes(idsz, "big") + len(to).to_bytes(2, "big") + b"".join(
        t.to_bytes(idsz, "big") for t in to)
    sub = make_box(typ, payload)
    if m.iref:
        d = splice(m, m.iref["box"].end, 0, sub, m.iref["box"])
    else:
        full = make_box(b"iref", b"\0\0\0\0" + sub)
        d = splice(m, m.meta.end, 0, full, m.meta)
    return d, "iref-add", tag


def m_derive_cycle(m, rng):
    """A derivation cycle: derived image items (iden/grid/iovl) that reach themselves through
    dimg (libheif 1.15 recurses until its stack overflows on these)."""
    ids = m.item_ids()
    images = [i for i in ids if m.item_type(i) in (b"hvc1", b"grid", b"iden", b"iovl", b"av01")]
    if m.meta is None or not images:
        return None
    infe = {e["id"].get(m.data): e for e in m.infes if e["type_off"] is not None}
    v = m.iref["version"] if m.iref else 0
    idsz = 2 if v == 0 else 4
    dimg = [(r["from"].get(m.data), t.get(m.data)) for r in m.irefs
            if bytes(m.data[r["type_off"]:r["type_off"] + 4]) == b"dimg" for t in r["to"]]
    dtype = rng.choice([b"iden", b"grid", b"iovl"])
    how = rng.randrange(3)
    if how == 0 and dimg:
        frm, tile = rng.choice(dimg)
        if tile not in infe:
            return None
        retype = [(tile, dtype)]
        edges = [(tile, frm)]
        tag = "tile%d-to-%s-dimg-back-to-%d" % (tile, fourcc(dtype), frm)
    elif how == 1 and len(images) >= 2:
        a, b = rng.sample(images, 2)
        if a not in infe or b not in infe:
            return None
        retype = [(a, dtype), (b, b"iden")]
        edges = [(a, b), (b, a)]
        tag = "%d-%s-and-%d-iden-dimg-each-other" % (a, fourcc(dtype), b)
    else:
        a = rng.choice(images)
        if a not in infe:
            return None
        retype = [(a, dtype)]
        edges = [(a, a)]
        tag = "%d-%s-dimg-itself" % (a, fourcc(dtype))
    for iid, t in retype:
        off = infe[iid]["type_off"]
        m.data[off:off + 4] = t
    subs = b"".join(make_box(b"dimg", f.to_bytes(idsz, "big") + b"\x00\x01" +
                             t.to_bytes(idsz, "big")) for f, t in edges)
    if m.iref:
        d = splice(m, m.iref["box"].end, 0, subs, m.iref["box"])
    else:
        d = splice(m, m.meta.end, 0, make_box(b"iref", b"\0\0\0\0" + subs), m.meta)
    return d, "derive-cycle", tag


def m_ipma_index(m, rng):
    cands = [(e, a) for e in m.ipma for a in e["assoc"]]
    if not cands:
        return None
    e, a = rng.choice(cands)
    d = bytearray(m.data)
    asz = a.size
    raw = a.get(d)
    mask = 0x7F if asz == 1 else 0x7FFF
    ess = raw & (mask + 1)
    idx = raw & mask
    nprops = len(m.ipco.children) if m.ipco else 0
    how = rng.randrange(5)
    if how == 0:
        new = 0
        tag = "zero"
    elif how == 1:
        new = nprops + 1
        tag = "past-ipco"
    elif how == 2:
        new = min(mask, nprops + rng.randrange(1, 40))
        tag = "beyond"
    elif how == 3 and nprops:
        new = rng.randrange(1, nprops + 1)
        tag = "other-%s" % fourcc(m.ipco.children[new - 1].type)
    else:
        a.put(d, raw ^ (mask + 1))
        return d, "ipma-essential", "item%d-index%d-essential-%s" % (
            e["item"].get(d), idx, "off" if ess else "on")
    a.put(d, ess | new)
    old = fourcc(m.ipco.children[idx - 1].type) if m.ipco and 0 < idx <= nprops else "?"
    return d, "ipma-index", "item%d-%s%d-to-%d-%s" % (e["item"].get(d), old, idx, new, tag)


def m_ipma_item(m, rng):
    e = _pick(rng, m.ipma)
    if e is None:
        return None
    d = bytearray(m.data)
    ids = m.item_ids()
    old = e["item"].get(d)
    how = rng.randrange(3)
    if how == 0:
        new = max(ids + [old]) + 60
        tag = "missing"
    elif how == 1 and len(ids) > 1:
        new = rng.choice([i for i in ids if i != old])
        tag = "duplicate"
    else:
        new = 0
        tag = "zero"
    e["item"].put(d, new)
    return d, "ipma-item", "item%d-to-%d-%s" % (old, new, tag)


def m_ipma_count(m, rng):
    e = _pick(rng, m.ipma)
    if e is None:
        return None
    d = bytearray(m.data)
    old = e["count"].get(d)
    new = rng.choice([0, max(0, old - 1), old + 1, 255])
    e["count"].put(d, new)
    return d, "ipma-count", "item%d-%d-to-%d" % (e["item"].get(d), old, new)


def m_pitm(m, rng):
    if m.pitm is None:
        return None
    d = bytearray(m.data)
    ids = m.item_ids()
    old = m.pitm.get(d)
    how = rng.randrange(3)
    if how == 0:
        new = max(ids + [old]) + 40
        tag = "missing"
    elif how == 1 and len(ids) > 1:
        new = rng.choice([i for i in ids if i != old])
        tag = "%s" % fourcc(m.item_type(new) or b"????")
    else:
        new = 0
        tag = "zero"
    m.pitm.put(d, new)
    return d, "pitm", "%d-to-%d-%s" % (old, new, tag)


def m_iloc(m, rng):
    il = m.iloc
    if not il or not il["items"]:
        return None
    it = rng.choice(il["items"])
    d = bytearray(m.data)
    iid = it["id"].get(d)
    how = rng.randrange(7)
    if how <= 2 and it["extents"]:
        e = rng.choice(it["extents"])
        if how == 0 and e["offset"].size:
            o = e["offset"].get(d)
            delta = rng.choice([-8, -4, -1, 1, 4, 8])
            e["offset"].put(d, max(0, o + delta))
            return d, "iloc-offset", "item%d-%+d" % (iid, delta)
        if how == 1 and e["offset"].size:
            e["offset"].put(d, len(d) + rng.choice([0, 1, 1000]))
            return d, "iloc-offset", "item%d-past-eof" % iid
        if e["length"].size:
            ln = e["length"].get(d)
            new = rng.choice([0, 1, max(0, ln - 1), ln + 1, ln + 4096])
            e["length"].put(d, new)
            return d, "iloc-length", "item%d-%d-to-%d" % (iid, ln, new)
        return None
    if how == 3 and it["method"]:
        old = it["method"].get(d)
        new = rng.choice([0, 1, 2, 3])
        if new == old:
            new = 3
        it["method"].put(d, new)
        return d, "iloc-method", "item%d-%d-to-%d" % (iid, old, new)
    if how == 4:
        it["dref"].put(d, rng.choice([1, 2]))
        return d, "iloc-dref-index", "item%d-to-%d" % (iid, it["dref"].get(d))
    if how == 5:
        n = it["count"].get(d)
        new = rng.choice([0, n + 1])
        it["count"].put(d, new)
        return d, "iloc-extent-count", "item%d-%d-to-%d" % (iid, n, new)
    ids = m.item_ids()
    new = max(ids + [iid]) + 30 if rng.random() < 0.5 else rng.choice(ids or [0])
    it["id"].put(d, new)
    return d, "iloc-item", "item%d-to-%d" % (iid, new)


def m_box_delete(m, rng):
    b = _pick(rng, [x for x in m.all if x.parent is not None or x.type not in (b"ftyp",)])
    if b is None:
        return None
    d = splice(m, b.start, b.end - b.start, b"", b.parent)
    return d, "box-delete", b.path


def m_box_dup(m, rng):
    b = _pick(rng, [x for x in m.all if x.parent is not None and x.end - x.start < 1 << 16])
    if b is None:
        return None
    d = splice(m, b.end, 0, bytes(m.data[b.start:b.end]), b.parent)
    return d, "box-dup", b.path


def m_entry_count(m, rng):
    cands = []
    for b in m.all:
        if b.type == b"iinf":
            cands.append((b, Field(b.payload + 4, 2 if b.version == 0 else 4)))
        elif b.type == b"dref":
            cands.append((b, Field(b.payload + 4, 4)))
    if m.iloc:
        cands.append((m.iloc["box"], m.iloc["count"]))
    if m.ipma_box:
        cands.append((m.ipma_box["box"], Field(m.ipma_box["box"].payload + 4, 4)))
    if not cands:
        return None
    b, f = rng.choice(cands)
    d = bytearray(m.data)
    old = f.get(d)
    new = rng.choice([0, max(0, old - 1), old + 1, old + 100])
    f.put(d, new)
    return d, "entry-count", "%s-%d-to-%d" % (b.path, old, new)


def m_fullbox_version(m, rng):
    b = _pick(rng, [x for x in m.all if x.type in (b"meta", b"hdlr", b"pitm", b"iinf", b"iloc",
                                                    b"iref", b"ipma", b"dref", b"ispe",
                                                    b"auxC", b"pixi", b"url ")])
    if b is None:
        return None
    d = bytearray(m.data)
    old = d[b.payload]
    new = rng.choice([0, 1, 2, 3, 0xFF])
    if new == old:
        new = old + 1
    d[b.payload] = new & 0xFF
    return d, "box-version", "%s-v%d-to-v%d" % (b.path, old, new)


def m_hdlr(m, rng):
    if m.hdlr_type_off is None:
        return None
    d = bytearray(m.data)
    new = rng.choice([b"vide", b"xxxx", b"pict", b"meta", b"\0\0\0\0"])
    old = bytes(d[m.hdlr_type_off:m.hdlr_type_off + 4])
    if new == old:
        new = b"xxxx"
    d[m.hdlr_type_off:m.hdlr_type_off + 4] = new
    return d, "hdlr-type", "%s-to-%s" % (fourcc(old), fourcc(new).replace("\0", "0"))


def m_ftyp(m, rng):
    if m.ftyp is None:
        return None
    d = bytearray(m.data)
    p = m.ftyp.payload
    slots = [p] + list(range(p + 8, m.ftyp.end - 3, 4))
    off = rng.choice(slots)
    old = bytes(d[off:off + 4])
    new = rng.choice([b"mif1", b"heic", b"miaf", b"avif", b"msf1", b"xxxx", b"isom", b"heix"])
    d[off:off + 4] = new
    return d, "ftyp-brand", "%s-%s-to-%s" % ("major" if off == p else "compat",
                                               fourcc(old), fourcc(new))


def m_ispe(m, rng):
    if not m.ispes:
        return None
    w, h = rng.choice(m.ispes)
    d = bytearray(m.data)
    f = rng.choice([w, h])
    old = f.get(d)
    new = rng.choice([0, 1, old + 1, max(0, old - 1), 0xFFFFFFFF, old * 2])
    f.put(d, new)
    return d, "ispe", "%s-%d-to-%d" % ("width" if f is w else "height", old, new)


def m_hvcc(m, rng):
    """An hvcC's chromaFormat or bit depths (ISO/IEC 14496-15 §8.3.3.1: the SPS's values)."""
    if not m.hvccs:
        return None
    p = rng.choice(m.hvccs)
    d = bytearray(m.data)
    off, name, values = rng.choice([(p + 16, "chroma-format", [0, 1, 2, 3]),
                                    (p + 17, "luma-bits-minus8", [0, 2, 4, 7]),
                                    (p + 18, "chroma-bits-minus8", [0, 2, 4, 7])])
    old = d[off] & 7 if name != "chroma-format" else d[off] & 3
    new = rng.choice([v for v in values if v != old])
    d[off] = (d[off] & ~(3 if name == "chroma-format" else 7) & 0xFF) | new
    return d, "hvcc", "%s-%d-to-%d" % (name, old, new)


def m_av1c(m, rng):
    """An av1C's profile, level or colour fields (AVIF §2.2.1: the sequence header's values)."""
    if not m.av1cs:
        return None
    p = rng.choice(m.av1cs)
    d = bytearray(m.data)
    what = rng.choice(["level", "profile", "flags"])
    if what == "flags":
        bit = rng.choice([0x40, 0x10, 0x08, 0x04, 0x01])
        d[p + 2] ^= bit
        return d, "av1c", "flag-%02x" % bit
    old = d[p + 1]
    new = (old & 0xE0) | rng.choice([1, 8, 13, 14, 31]) if what == "level" else (old & 0x1F) | (rng.choice([1, 2, 7]) << 5)
    d[p + 1] = new
    return d, "av1c", "%s-%02x-to-%02x" % (what, old, new)


def m_pixi(m, rng):
    """A pixi's channel bits (ISO/IEC 23008-12 §6.5.6: the decoder configuration's)."""
    pixis = [x for x in m.pixis if x[1]]
    if not pixis:
        return None
    count, bits = rng.choice(pixis)
    f = rng.choice(bits)
    d = bytearray(m.data)
    old = f.get(d)
    new = rng.choice([v for v in (1, 10, 12, 16) if v != old])
    f.put(d, new)
    return d, "pixi", "bits-%d-to-%d" % (old, new)


def item_data(m, iid):
    """The absolute range of an item's first extent, for construction methods 0 and 1."""
    for it in (m.iloc or {}).get("items", []):
        if it["id"].get(m.data) != iid or not it["extents"]:
            continue
        method = it["method"].get(m.data) & 15 if it["method"] else 0
        base = it["base"].get(m.data) if it["base"].size else 0
        e = it["extents"][0]
        start = base + (e["offset"].get(m.data) if e["offset"].size else 0)
        if method == 1:
            if m.idat is None:
                return None
            start += m.idat.payload
        elif method != 0:
            return None
        n = e["length"].get(m.data) if e["length"].size else 0
        return (start, start + n) if 0 <= start and start + n <= len(m.data) else None
    return None


def m_grid(m, rng):
    """A grid descriptor's rows, columns or output size (ISO/IEC 23008-12 §6.6.2.3)."""
    grids = [i for i in m.item_ids() if m.item_type(i) == b"grid"]
    if not grids:
        return None
    iid = rng.choice(grids)
    r = item_data(m, iid)
    if r is None or r[1] - r[0] not in (8, 12):
        return None
    d = bytearray(m.data)
    start = r[0]
    wide = 4 if r[1] - r[0] == 12 else 2
    field = rng.choice(["rows", "columns", "width", "height"])
    f = {"rows": Field(start + 2, 1), "columns": Field(start + 3, 1),
         "width": Field(start + 4, wide), "height": Field(start + 4 + wide, wide)}[field]
    old = f.get(d)
    new = rng.choice([v for v in (0, 1, old + 1, max(0, old - 1), old * 2) if v != old] or [old + 1])
    f.put(d, new)
    return d, "grid", "item%d-%s-%d-to-%d" % (iid, field, old, new)


def m_bitflip(m, rng):
    d = bytearray(m.data)
    # mostly inside meta (the structure), sometimes anywhere
    lo, hi = (m.meta.start, m.meta.end) if m.meta and rng.random() < 0.8 else (0, len(d))
    n = rng.choice([1, 1, 2, 4])
    offs = []
    for _ in range(n):
        o = rng.randrange(lo, hi)
        d[o] ^= 1 << rng.randrange(8)
        offs.append(o)
    return d, "bitflip", "-".join("%x" % o for o in sorted(offs))


MUTATORS = [
    (m_box_size, 6), (m_box_type, 4), (m_infe_type, 6), (m_infe_id, 2), (m_infe_version, 1),
    (m_infe_hidden, 1), (m_iref_type, 4), (m_iref_to, 6), (m_iref_from, 2), (m_iref_add, 5), (m_derive_cycle, 3),
    (m_ipma_index, 5), (m_ipma_item, 2), (m_ipma_count, 2), (m_pitm, 3), (m_iloc, 5),
    (m_box_delete, 4), (m_box_dup, 3), (m_entry_count, 2), (m_fullbox_version, 2),
    (m_hdlr, 1), (m_ftyp, 1), (m_ispe, 2), (m_bitflip, 4),
    (m_hvcc, 3), (m_av1c, 3), (m_pixi, 2), (m_grid, 3),
]
_TOTAL_W = sum(w for _, w in MUTATORS)


def pick_mutator(rng):
    x = rng.randrange(_TOTAL_W)
    for fn, w in MUTATORS:
        if x < w:
            return fn
        x -= w
    return MUTATORS[-1][0]


def mutate(data, rng):
    """One mutation (sometimes two, stacked) of data; returns (bytes, [(kind, detail)])."""
    steps = 2 if rng.random() < 0.1 else 1
    cur = bytearray(data)
    applied = []
    for _ in range(steps):
        m = Model(cur)
        for _attempt in range(8):
            fn = pick_mutator(rng)
            try:
                r = fn(m, rng)
            except (ValueError, IndexError, OverflowError):
                r = None
            if r is not None:
                cur, kind, detail = r
                cur = bytearray(cur)
                applied.append((kind, detail))
                break
    return bytes(cur), applied


# --------------------------------------------------------------------------------------------
# Oracles
# --------------------------------------------------------------------------------------------

def run(cmd, timeout):
    """Returns (status, returncode, stdout, stderr, seconds); status: ok, timeout, error."""
    t0 = time.monotonic()
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           stdin=subprocess.DEVNULL, timeout=timeout,
                           env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    except subprocess.TimeoutExpired as e:
        return "timeout", None, e.stdout or b"", e.stderr or b"", time.monotonic() - t0
    return "ran", p.returncode, p.stdout, p.stderr, time.monotonic() - t0


def heif_info(path, exe, timeout):
    """Returns (outcome, message): outcome ok, fail, crash, timeout."""
    st, rc, out, err, _ = run([exe, path], timeout)
    if st == "timeout":
        return "timeout", "timeout"
    if rc < 0 or rc >= 128:
        sig = -rc if rc < 0 else rc - 128
        return "crash", "signal %d" % sig
    if rc == 0:
        return "ok", ""
    lines = [l.strip() for l in err.decode("utf-8", "replace").splitlines() if l.strip()]
    if not lines:
        lines = [l.strip() for l in out.decode("utf-8", "replace").splitlines() if l.strip()]
    # the last "Could not read" line carries libheif's error; earlier lines are context
    msg = next((l for l in reversed(lines) if l.startswith("Could not")), lines[-1] if lines
               else "exit %d" % rc)
    return "fail", msg


def depthcheck(path, exe, timeout):
    """Returns (outcome, verdict, record or detail): outcome ok, crash, timeout."""
    st, rc, out, err, _ = run([exe, "check", "--pixels", "--format", "jsonl", path], timeout)
    if st == "timeout":
        return "timeout", None, "timeout after %ss" % timeout
    if rc < 0:
        return "crash", None, "signal %d; %s" % (-rc, tail(err))
    if rc >= 4:
        return "crash", None, "exit %d; %s" % (rc, tail(err))
    line = out.decode("utf-8", "replace").strip().splitlines()
    try:
        rec = json.loads(line[-1]) if line else None
    except ValueError:
        rec = None
    if not isinstance(rec, dict):
        return "crash", None, "exit %d with no JSON record; %s" % (rc, tail(err))
    errors = [f for f in rec.get("findings", []) if f.get("severity") == "error"]
    verdict = rec.get("verdict")
    if verdict == "pass" and errors:
        return "crash", None, "verdict pass with error findings: %s" % errors[0].get("rule")
    return "ok", verdict, rec


def tail(b):
    s = b.decode("utf-8", "replace").strip().splitlines()
    return " | ".join(s[-3:])[:500]


def normalise(msg):
    return re.sub(r"\d+", "N", msg)


def safe(s, n=120):
    s = re.sub(r"[^A-Za-z0-9._+=-]+", "_", s)
    return s[:n].strip("_")


# --------------------------------------------------------------------------------------------
# Main loop
# --------------------------------------------------------------------------------------------

def load_known(path):
    pats = []
    if not path:
        return pats
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("re:") \
                else line.strip()
            if not line:
                continue
            if line.startswith("re:"):
                pats.append(re.compile(line[3:]))
            else:
                pats.append(line)
    return pats


def is_known(norm, pats):
    for p in pats:
        if isinstance(p, str):
            if p in norm:
                return True
        elif p.search(norm):
            return True
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--depthcheck", required=True, help="depthcheck binary")
    ap.add_argument("--heif-info", default=shutil.which("heif-info") or "heif-info")
    ap.add_argument("--seconds", type=float, required=True, help="time budget")
    ap.add_argument("--max-mutants", type=int, default=0, help="stop after this many (0: none)")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--strict", action="store_true",
                    help="exit 1 on a miss whose message is not in --known")
    ap.add_argument("--known", help="allow-list of miss messages (substring or re:REGEX)")
    ap.add_argument("--heif-info-timeout", type=float, default=5)
    ap.add_argument("--depthcheck-timeout", type=float, default=30)
    ap.add_argument("--keep-per-group", type=int, default=5,
                    help="mutant files kept per (message, kind) group")
    ap.add_argument("-q", "--quiet", action="store_true")
    ap.add_argument("seeds", nargs="+")
    a = ap.parse_args(argv)

    if not os.access(a.depthcheck, os.X_OK):
        ap.error("not executable: %s" % a.depthcheck)
    if not shutil.which(a.heif_info) and not os.access(a.heif_info, os.X_OK):
        ap.error("heif-info not found (apt-get install libheif-examples)")
    try:
        known = load_known(a.known)
    except OSError as e:
        ap.error("--known: %s" % e)
    os.makedirs(a.out, exist_ok=True)
    work = os.path.join(a.out, ".work")
    os.makedirs(work, exist_ok=True)
    log = (lambda *x: None) if a.quiet else (lambda *x: print(*x, file=sys.stderr, flush=True))

    t_start = time.monotonic()
    deadline = t_start + a.seconds

    # Seeds: those heif-info itself rejects cannot tell anything (libheif 1.15 has no 'mini',
    # no image sequences) and are skipped.
    seeds, skipped = [], []
    for path in sorted(set(a.seeds)):
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            skipped.append({"seed": path, "reason": str(e)})
            continue
        hi, msg = heif_info(path, a.heif_info, a.heif_info_timeout)
        if hi != "ok":
            skipped.append({"seed": path, "reason": "heif-info %s: %s" % (hi, msg)})
            continue
        m = Model(bytearray(data))
        if m.meta is None:
            skipped.append({"seed": path, "reason": "no top-level meta"})
            continue
        seeds.append((path, data))
    for s in skipped:
        log("skip seed %s (%s)" % (s["seed"], s["reason"]))
    if not seeds:
        print("no usable seeds", file=sys.stderr)
        return 2

    stats = {"mutants": 0, "duplicates": 0, "heif_info": {}, "depthcheck": {},
             "time_heif_info": 0.0, "time_depthcheck": 0.0, "time_mutate": 0.0}
    misses = []          # dicts
    dc_crashes = []
    hi_crashes = []
    kept = {}
    seen = set()
    i = -1
    while True:
        i += 1
        if a.max_mutants and i >= a.max_mutants:
            break
        if time.monotonic() >= deadline:
            break
        rng = random.Random("%d:%d" % (a.seed, i))
        spath, sdata = seeds[rng.randrange(len(seeds))]
        t0 = time.monotonic()
        mdata, applied = mutate(sdata, rng)
        stats["time_mutate"] += time.monotonic() - t0
        if not applied:
            continue
        h = hashlib.sha1(mdata).hexdigest()
        if h in seen or mdata == sdata:
            stats["duplicates"] += 1
            continue
        seen.add(h)
        stats["mutants"] += 1
        kinds = "+".join(k for k, _ in applied)
        detail = "+".join("%s-%s" % (k, dd) for k, dd in applied)
        stem = os.path.splitext(os.path.basename(spath))[0]
        tmp = os.path.join(work, "m.heic")
        with open(tmp, "wb") as f:
            f.write(mdata)

        t0 = time.monotonic()
        hi, hmsg = heif_info(tmp, a.heif_info, a.heif_info_timeout)
        stats["time_heif_info"] += time.monotonic() - t0
        stats["heif_info"][hi] = stats["heif_info"].get(hi, 0) + 1
        t0 = time.monotonic()
        dc, verdict, rec = depthcheck(tmp, a.depthcheck, a.depthcheck_timeout)
        stats["time_depthcheck"] += time.monotonic() - t0
        key = verdict if dc == "ok" else dc
        stats["depthcheck"][key] = stats["depthcheck"].get(key, 0) + 1

        base = "%s-%06d-%s" % (stem, i, safe(detail))
        if dc == "crash":
            name = "dc-crash-%s.heic" % base
            with open(os.path.join(a.out, name), "wb") as f:
                f.write(mdata)
            dc_crashes.append({"file": name, "seed": spath, "index": i, "mutation": detail,
                               "detail": rec})
            log("DEPTHCHECK CRASH %s: %s" % (name, rec))
        if hi == "crash":
            name = "heifinfo-crash-%s.heic" % base
            if len(hi_crashes) < 50:
                with open(os.path.join(a.out, name), "wb") as f:
                    f.write(mdata)
            hi_crashes.append({"file": name, "seed": spath, "index": i, "mutation": detail,
                               "signal": hmsg, "depthcheck_verdict": verdict})
        if hi == "fail" and dc == "ok" and verdict == "pass":
            norm = normalise(hmsg)
            gkey = (norm, kinds)
            n = kept.get(gkey, 0)
            name = None
            if n < a.keep_per_group:
                name = "miss-%s.heic" % base
                with open(os.path.join(a.out, name), "wb") as f:
                    f.write(mdata)
                kept[gkey] = n + 1
            misses.append({"file": name, "seed": spath, "index": i, "kinds": kinds,
                           "mutation": detail, "heif_info": hmsg, "category": norm,
                           "known": is_known(norm, known)})
            if n == 0:
                log("miss #%d [%s] %s: %s" % (len(misses), kinds, detail, hmsg))
        if not a.quiet and stats["mutants"] % 200 == 0:
            log("... %d mutants, %d misses, %d depthcheck crashes, %d heif-info crashes, %.0fs"
                % (stats["mutants"], len(misses), len(dc_crashes), len(hi_crashes),
                   time.monotonic() - t_start))

    elapsed = time.monotonic() - t_start
    shutil.rmtree(work, ignore_errors=True)

    by_msg = {}
    for x in misses:
        g = by_msg.setdefault(x["category"], {"count": 0, "kinds": {}, "examples": [],
                                              "known": x["known"]})
        g["count"] += 1
        g["kinds"][x["kinds"]] = g["kinds"].get(x["kinds"], 0) + 1
        if x["file"] and len(g["examples"]) < 5:
            g["examples"].append({"file": x["file"], "mutation": x["mutation"],
                                  "heif_info": x["heif_info"]})
    by_kind = {}
    for x in misses:
        g = by_kind.setdefault(x["kinds"], {"count": 0, "messages": {}})
        g["count"] += 1
        g["messages"][x["category"]] = g["messages"].get(x["category"], 0) + 1
    try:
        import pillow_heif  # noqa: F401
        ph = getattr(pillow_heif, "libheif_version", lambda: None)()
    except Exception:
        ph = None
    unknown = [x for x in misses if not x["known"]]
    n = max(1, stats["mutants"])
    summary = {
        "seed": a.seed, "seconds": a.seconds, "elapsed": round(elapsed, 1),
        "mutants": stats["mutants"], "duplicates_skipped": stats["duplicates"],
        "seconds_per_mutant": round(elapsed / n, 4),
        "seconds_per_mutant_heif_info": round(stats["time_heif_info"] / n, 4),
        "seconds_per_mutant_depthcheck": round(stats["time_depthcheck"] / n, 4),
        "seeds_used": [p for p, _ in seeds], "seeds_skipped": skipped,
        "heif_info_outcomes": stats["heif_info"], "depthcheck_outcomes": stats["depthcheck"],
        "pillow_heif_libheif": ph,
        "misses": len(misses), "misses_not_known": len(unknown),
        "misses_by_heif_info_message": dict(sorted(by_msg.items(),
                                                   key=lambda kv: -kv[1]["count"])),
        "misses_by_mutation_kind": dict(sorted(by_kind.items(),
                                               key=lambda kv: -kv[1]["count"])),
        "depthcheck_crashes": dc_crashes,
        "heif_info_crashes": {"count": len(hi_crashes), "examples": hi_crashes[:20]},
        "all_misses": misses,
    }
    with open(os.path.join(a.out, "summary.json"), "w", encoding="utf-8") as f:
        json.dump(summary, f, indent=1)
    lines = ["differential fuzz: seed %d, %d mutants in %.0fs (%.3fs each), %d misses "
             "(%d not in --known), %d depthcheck crashes, %d heif-info crashes"
             % (a.seed, stats["mutants"], elapsed, elapsed / n, len(misses), len(unknown),
                len(dc_crashes), len(hi_crashes)), "",
             "misses by heif-info message:"]
    for msg, g in summary["misses_by_heif_info_message"].items():
        lines.append("  %5d  %s%s" % (g["count"], msg, "" if not g["known"] else "  (known)"))
        for k, c in sorted(g["kinds"].items(), key=lambda kv: -kv[1]):
            lines.append("           %4d  %s" % (c, k))
        for e in g["examples"][:2]:
            lines.append("           e.g. %s" % e["file"])
    lines += ["", "misses by mutation kind:"]
    for k, g in summary["misses_by_mutation_kind"].items():
        lines.append("  %5d  %s" % (g["count"], k))
    if dc_crashes:
        lines += ["", "depthcheck crashes:"]
        lines += ["  %s  %s" % (c["file"], c["detail"]) for c in dc_crashes]
    if hi_crashes:
        lines += ["", "heif-info crashes (not misses):"]
        lines += ["  %s  %s" % (c["file"], c["signal"]) for c in hi_crashes[:20]]
    if skipped:
        lines += ["", "seeds skipped:"] + ["  %s: %s" % (s["seed"], s["reason"])
                                            for s in skipped]
    text = "\n".join(lines) + "\n"
    with open(os.path.join(a.out, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(text)
    if not a.quiet:
        sys.stdout.write(text)
    if dc_crashes:
        return 1
    if a.strict and unknown:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
