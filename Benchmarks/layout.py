#!/usr/bin/env python3
"""Byte layout helpers for Benchmarks/run.sh (standard library only).

  layout.py allowance FILE
      Prints four numbers: the file size, the bytes of the primary image's coded data, the
      bytes of the aux images and metadata a check's rules read, and the read budget
      (64 KiB + that last number).
      HEIF: the primary is the pitm item and, for a grid, its dimg tiles; what the rules read
      is every item that is an aux image (auxl), its tiles, and every metadata item (cdsc:
      Exif, XMP), counted from iloc and clipped to the file.
      JPEG: the primary's coded data runs from its first SOS to its EOI; what the rules read
      is every APPn and COM segment before that (Exif, XMP, Extended XMP, MPF, ICC) and
      every byte after the primary's EOI (MPF secondary images, trailing data).

  layout.py grow-primary IN OUT FACTOR
      Writes OUT: IN with the primary's coded data made FACTOR times as large, everything
      else unchanged. One HEVC filler-data NAL unit (type 38, which decoders discard) is
      appended to the primary's data (for a grid, to its last tile) inside mdat; the mdat
      size grows by as much, the extent that holds the primary's data grows, and every iloc
      offset past the insertion point moves. The picture, its aux items and its metadata
      stay byte for byte the same, so a reader that skips the primary's data reads the
      same bytes from both files. Prints the primary's coded size before and after.

  layout.py bytes-read STRACE_PREFIX PATH
      Sums the bytes that read, pread64, readv, preadv and preadv2 returned on descriptors
      open on PATH, over every STRACE_PREFIX.<pid> file that `strace -ff -y -o
      STRACE_PREFIX` wrote. A mapping of the file (mmap) cannot be counted by system calls;
      its length is added and the output says "mapped". Prints the byte count and
      "read" or "mapped".
"""
import glob
import os
import re
import struct
import sys

HEADER_ALLOWANCE = 64 * 1024


class LayoutError(Exception):
    pass


# ---------------------------------------------------------------------------------------
# ISOBMFF / HEIF

def boxes(data, start, end):
    """(type, box start, payload start, box end) for each box in data[start:end]."""
    pos = start
    while pos + 8 <= end:
        size, kind = struct.unpack_from(">I4s", data, pos)
        header = 8
        if size == 1:
            if pos + 16 > end:
                raise LayoutError("truncated largesize box")
            size = struct.unpack_from(">Q", data, pos + 8)[0]
            header = 16
        elif size == 0:
            size = end - pos
        if size < header or pos + size > end:
            raise LayoutError(f"box {kind!r} at {pos} overruns its parent")
        yield kind.decode("latin-1"), pos, pos + header, pos + size
        pos += size


def uint(data, pos, size):
    if size == 0:
        return 0, pos
    if pos + size > len(data):
        raise LayoutError("truncated field")
    return int.from_bytes(data[pos:pos + size], "big"), pos + size


class Heif:
    def __init__(self, data):
        self.data = data
        meta = next((b for b in boxes(data, 0, len(data)) if b[0] == "meta"), None)
        if meta is None:
            raise LayoutError("no meta box")
        self.children = {b[0]: b for b in boxes(data, meta[2] + 4, meta[3])}
        self.primary = self._pitm()
        self.locations = self._iloc()
        self.references = self._iref()
        self.types = self._iinf()

    def _pitm(self):
        box = self.children.get("pitm")
        if box is None:
            raise LayoutError("no pitm box")
        version = self.data[box[2]]
        return uint(self.data, box[2] + 4, 2 if version == 0 else 4)[0]

    def _iloc(self):
        """item id -> dict with construction method, base offset and extents, where every
        field keeps its byte position and size so that it can be rewritten in place."""
        box = self.children.get("iloc")
        if box is None:
            raise LayoutError("no iloc box")
        d, pos = self.data, box[2]
        version = d[pos]
        pos += 4
        offset_size, length_size = d[pos] >> 4, d[pos] & 15
        base_size, index_size = d[pos + 1] >> 4, (d[pos + 1] & 15 if version in (1, 2) else 0)
        pos += 2
        count, pos = uint(d, pos, 2 if version < 2 else 4)
        items = {}
        for _ in range(count):
            item, pos = uint(d, pos, 2 if version < 2 else 4)
            method = 0
            if version in (1, 2):
                method = uint(d, pos, 2)[0] & 15
                pos += 2
            pos += 2  # data_reference_index
            base_at = pos
            base, pos = uint(d, pos, base_size)
            extent_count, pos = uint(d, pos, 2)
            extents = []
            for _ in range(extent_count):
                pos += index_size
                offset_at = pos
                offset, pos = uint(d, pos, offset_size)
                length_at = pos
                length, pos = uint(d, pos, length_size)
                extents.append({"offset": offset, "offset_at": offset_at, "length": length,
                                "length_at": length_at})
            items[item] = {"method": method, "base": base, "base_at": base_at, "extents": extents}
        self.field_sizes = {"offset": offset_size, "length": length_size, "base": base_size}
        return items

    def _iref(self):
        """(reference type, from item, [to items])"""
        box = self.children.get("iref")
        if box is None:
            return []
        d = self.data
        id_size = 2 if d[box[2]] == 0 else 4
        refs = []
        for kind, _, payload, end in boxes(d, box[2] + 4, box[3]):
            source, pos = uint(d, payload, id_size)
            count, pos = uint(d, pos, 2)
            targets = []
            for _ in range(count):
                target, pos = uint(d, pos, id_size)
                targets.append(target)
            refs.append((kind, source, targets))
        return refs

    def _iinf(self):
        box = self.children.get("iinf")
        types = {}
        if box is None:
            return types
        d = self.data
        pos = box[2] + 4 + (2 if d[box[2]] == 0 else 4)
        for kind, _, payload, end in boxes(d, pos, box[3]):
            version = d[payload] if kind == "infe" else 0
            if kind != "infe" or version < 2:
                continue
            item, pos2 = uint(d, payload + 4, 2 if version == 2 else 4)
            types[item] = d[pos2 + 2:pos2 + 6].decode("latin-1")
        return types

    def tiles(self, item):
        return [t for kind, source, targets in self.references if kind == "dimg" and source == item
                for t in targets]

    def file_bytes(self, item):
        """Bytes of the item's data stored in the file (construction method 0), clipped to
        the file: a malformed iloc may point past its end."""
        loc = self.locations.get(item)
        if loc is None or loc["method"] != 0:
            return 0
        total = 0
        for e in loc["extents"]:
            start = loc["base"] + e["offset"]
            length = e["length"] if e["length"] else len(self.data) - start
            total += max(0, min(start + length, len(self.data)) - start)
        return total

    def primary_items(self):
        return [self.primary] + self.tiles(self.primary)

    def read_items(self):
        aux = {source for kind, source, _ in self.references if kind == "auxl"}
        meta = {source for kind, source, _ in self.references if kind == "cdsc"}
        items = set(aux) | meta
        for a in aux:
            items.update(self.tiles(a))
        return items - set(self.primary_items())


# ---------------------------------------------------------------------------------------
# JPEG

def jpeg_layout(data):
    """(primary's coded bytes, metadata segment bytes, bytes after the primary's EOI)"""
    if data[:2] != b"\xff\xd8":
        raise LayoutError("not a JPEG")
    pos, metadata, scan_start = 2, 0, None
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            raise LayoutError(f"no marker at {pos}")
        marker = data[pos + 1]
        if marker == 0xFF:
            pos += 1
            continue
        length = struct.unpack_from(">H", data, pos + 2)[0]
        if 0xE0 <= marker <= 0xEF or marker == 0xFE:
            metadata += 2 + length
        if marker == 0xDA:
            scan_start = pos
            break
        pos += 2 + length
    if scan_start is None:
        raise LayoutError("no SOS")
    # Inside the scans every 0xFF byte is followed by 0x00, a restart marker or another
    # marker segment (progressive files have several scans), so the first FFD9 is the EOI.
    eoi = data.find(b"\xff\xd9", scan_start)
    end = len(data) if eoi < 0 else eoi + 2
    return end - scan_start, metadata, len(data) - end


def allowance(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\xff\xd8":
        primary, metadata, after = jpeg_layout(data)
        read = metadata + after
    else:
        heif = Heif(data)
        primary = sum(heif.file_bytes(i) for i in heif.primary_items())
        read = sum(heif.file_bytes(i) for i in heif.read_items())
    print(len(data), primary, read, HEADER_ALLOWANCE + read)


# ---------------------------------------------------------------------------------------
# Growing the primary

def nal_length_size(item_data):
    """The NAL unit length size that exactly walks the item's data (HEVC items store
    length-prefixed NAL units; hvcC says how long the prefix is)."""
    for size in (4, 2, 1):
        pos = 0
        while pos + size <= len(item_data):
            pos += size + int.from_bytes(item_data[pos:pos + size], "big")
        if pos == len(item_data):
            return size
    raise LayoutError("the primary's data is not length-prefixed NAL units")


def grow_primary(source, target, factor):
    with open(source, "rb") as f:
        data = bytearray(f.read())
    heif = Heif(bytes(data))
    primary_items = heif.primary_items()
    carrier = primary_items[-1]
    if heif.types.get(carrier) != "hvc1":
        raise LayoutError(f"the primary's last coded item is {heif.types.get(carrier)!r}, not hvc1")
    loc = heif.locations[carrier]
    if loc["method"] != 0 or not loc["extents"]:
        raise LayoutError("the primary's data is not stored in the file")
    before = sum(heif.file_bytes(i) for i in primary_items)
    pad = before * (factor - 1)
    last = loc["extents"][-1]
    insert_at = loc["base"] + last["offset"] + last["length"]
    item_data = b"".join(data[loc["base"] + e["offset"]:loc["base"] + e["offset"] + e["length"]]
                         for e in loc["extents"])
    size = nal_length_size(item_data)
    # HEVC filler data: NAL header type 38 (FD_NUT), layer 0, temporal id 1; 0xFF payload
    # bytes; rbsp trailing bits 0x80.
    nal = b"\x4c\x01" + b"\xff" * (pad - size - 3) + b"\x80"
    filler = len(nal).to_bytes(size, "big") + nal

    def put(at, width, value, what):
        if width == 0 or value >= 1 << (8 * width):
            raise LayoutError(f"{what} {value} does not fit in {width} bytes")
        data[at:at + width] = value.to_bytes(width, "big")

    sizes = heif.field_sizes
    for item, l in heif.locations.items():
        if l["method"] != 0:
            continue
        if sizes["base"] and l["base"] >= insert_at:
            put(l["base_at"], sizes["base"], l["base"] + pad, "base offset")
            continue
        for e in l["extents"]:
            if l["base"] + e["offset"] >= insert_at:
                put(e["offset_at"], sizes["offset"], e["offset"] + pad, "extent offset")
    put(last["length_at"], sizes["length"], last["length"] + pad, "extent length")
    for kind, start, payload, end in boxes(bytes(data), 0, len(data)):
        if kind == "moov":
            raise LayoutError("image sequences (moov) are not handled")
        if kind == "mdat" and payload <= insert_at <= end:
            header = payload - start
            declared = struct.unpack_from(">I", data, start)[0]
            if header == 16:
                struct.pack_into(">Q", data, start + 8, end - start + pad)
            elif declared != 0:
                put(start, 4, end - start + pad, "mdat size")
            break
    else:
        raise LayoutError("the primary's data is not inside an mdat box")
    data[insert_at:insert_at] = filler
    with open(target, "wb") as f:
        f.write(data)
    after = sum(Heif(bytes(data)).file_bytes(i) for i in primary_items)
    print(before, after)


# ---------------------------------------------------------------------------------------
# Bytes read, from strace -ff -y output

CALL = re.compile(r"^(read|pread64|readv|preadv|preadv2)\((\d+)<(.*?)>,.*\)\s+=\s+(-?\d+)")
MMAP = re.compile(r"^mmap\([^,]*, (\d+), [^,]*, [^,]*, (\d+)<(.*?)>,.*\)\s+=\s+0x")


def bytes_read(prefix, path):
    target = os.path.realpath(path)
    total, mapped = 0, False
    for log in glob.glob(prefix + ".*"):
        with open(log, errors="replace") as f:
            for line in f:
                m = MMAP.match(line)
                if m and m.group(3) == target:
                    mapped = True
                    total += int(m.group(1))
                    continue
                m = CALL.match(line)
                if m and m.group(3) == target and not m.group(4).startswith("-"):
                    total += int(m.group(4))
    print(total, "mapped" if mapped else "read")


def main(argv):
    try:
        if len(argv) == 3 and argv[1] == "allowance":
            allowance(argv[2])
        elif len(argv) == 5 and argv[1] == "grow-primary":
            grow_primary(argv[2], argv[3], int(argv[4]))
        elif len(argv) == 4 and argv[1] == "bytes-read":
            bytes_read(argv[2], argv[3])
        else:
            print(__doc__, file=sys.stderr)
            return 2
    except (LayoutError, struct.error, IndexError, ValueError) as e:
        print(f"layout.py: {argv[-1] if len(argv) > 2 else ''}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
