#!/usr/bin/env python3
"""Detection and false-alarm rates of geometry.content.misaligned and .unrelated through the
command line.

For each photo given that has a depth or disparity map, the map is extracted (PFM), turned,
mirrored, moved or shrunk into its middle (as beside a photo cropped since), or replaced by the next photo's map stretched to its size, and embedded
again in place of the original with `embed --replace`, every header written as for a map that
fits; a control goes through the same extract and embed unchanged. `check --pixels` then judges
each. Prints one line per transform and the controls: found when either rule flags the map.

Usage: Benchmarks/content.py DEPTHCHECK FILE...   (python3 alone; writes into a temporary folder)
"""
import json, os, struct, subprocess, sys, tempfile

RULES = ("geometry.content.misaligned", "geometry.content.unrelated")


def read_pfm(path):
    with open(path, "rb") as f:
        kind = f.readline().strip()
        w, h = map(int, f.readline().split())
        scale = float(f.readline())
        if kind != b"Pf":
            raise ValueError("not a one-channel PFM")
        fmt = "<" if scale < 0 else ">"
        data = struct.unpack(fmt + "%df" % (w * h), f.read(4 * w * h))
    return w, h, [list(data[y * w:(y + 1) * w]) for y in range(h)]


def write_pfm(path, w, h, rows):
    with open(path, "wb") as f:
        f.write(b"Pf\n%d %d\n-1.0\n" % (w, h))
        for row in rows:
            f.write(struct.pack("<%df" % w, *row))


def resized(rows, w, h):
    """Nearest-sample stretch of `rows` to w × h."""
    sh, sw = len(rows), len(rows[0])
    return [[rows[y * sh // h][x * sw // w] for x in range(w)] for y in range(h)]


OTHER = "the next photo's map"
TRANSFORMS = {
    "control (unchanged)": lambda r: r,
    "mirrored left to right": lambda r: [row[::-1] for row in r],
    "turned 180°": lambda r: [row[::-1] for row in r[::-1]],
    "turned 90° and stretched back": lambda r: resized([list(c) for c in zip(*r[::-1])], len(r[0]), len(r)),
    "moved 15 % right": lambda r: [[row[max(0, x - len(row) * 15 // 100)] for x in range(len(row))] for row in r],
    # What the map of a photo cropped to its middle 80 % since looks like beside it: its
    # picture shrunk into its middle 80 %, the border repeated around it.
    "photo cropped to 80 % since": lambda r: [[r[min(len(r) - 1, max(0, (y * 10 - len(r)) * 10 // 80))]
                                              [min(len(r[0]) - 1, max(0, (x * 10 - len(r[0])) * 10 // 80))]
                                              for x in range(len(r[0]))] for y in range(len(r))],
}


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    bin_, files = sys.argv[1], sys.argv[2:]
    names = list(TRANSFORMS) + [OTHER]
    found = {name: [0, 0] for name in names}
    with tempfile.TemporaryDirectory(prefix="depthcheck-content.") as work:
        maps = []
        for f in files:
            pfm = os.path.join(work, "map.pfm")
            r = subprocess.run([bin_, "extract", f, "-o", pfm, "--force"], capture_output=True, text=True)
            if r.returncode != 0:
                continue
            flag = "--disparity" if "disparity" in r.stdout.split(":", 1)[-1] else "--depth"
            maps.append((f, flag, read_pfm(pfm)))
        for i, (f, flag, (w, h, rows)) in enumerate(maps):
            ext = os.path.splitext(f)[1]
            other = maps[(i + 1) % len(maps)][2] if len(maps) > 1 else None
            transforms = dict(TRANSFORMS)
            if other is not None:
                transforms[OTHER] = lambda r, o=other: resized(o[2], w, h)
            for name, t in transforms.items():
                out_map, out = os.path.join(work, "t.pfm"), os.path.join(work, "t" + ext)
                write_pfm(out_map, w, h, t(rows))
                e = subprocess.run([bin_, "embed", "--image", f, flag, out_map, "--replace", "-o", out, "--force"],
                                   capture_output=True, text=True)
                if e.returncode != 0:
                    continue
                c = subprocess.run([bin_, "check", "--pixels", "--format", "json", "--fail-on", "never", out],
                                   capture_output=True, text=True)
                doc = json.loads(c.stdout)
                report = doc["files"][0] if "files" in doc else doc
                flagged = any(x["rule"] in RULES for x in report.get("findings", []))
                if flagged and os.environ.get("CONTENT_VERBOSE"):
                    print("   flagged", name, f, [x["message"] for x in report["findings"] if x["rule"] in RULES], file=sys.stderr)
                found[name][0] += flagged
                found[name][1] += 1
    for name in names:
        k, n = found[name]
        what = "false alarms" if name.startswith("control") else "found"
        print("   %-32s %s %d of %d" % (name + ":", what, k, n))


if __name__ == "__main__":
    main()
