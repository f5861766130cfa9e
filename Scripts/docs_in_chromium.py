#!/usr/bin/env python3
"""make docs, last: the documentation site opens at its root in headless Chromium, served and
from disk.

- Served (a local HTTP server over SITE, as `python3 -m http.server` serves it): the root goes
  to the landing page, which DocC's viewer draws (its page, not the plain copy and not "The
  page you're looking for can't be found"); a symbol's page, asked for by its address, too.
- From disk (file:// URLs): the root goes to the landing page, which shows its title, abstract
  and topics as plain HTML; so does a symbol's page; the screenshot of each is not a white page.
- Every link of the plain pages leads to a file of the site.

Usage: docs_in_chromium.py SITE --version VERSION [--module depthcheck] [--symbol depthphoto]
Prints one line per check; exits 1 when one fails. Without Chromium on PATH it says so and
checks nothing (make ci-checks installs it first).
"""
import argparse
import functools
import http.server
import os
import re
import struct
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import zlib


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        for d in os.environ.get("PATH", "").split(":"):
            p = os.path.join(d, name)
            if os.access(p, os.X_OK):
                return p
    return None


def run(url, *extra):
    cmd = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--virtual-time-budget=10000", "--window-size=1100,900", *extra, url]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def dom(url):
    return run(url, "--dump-dom").stdout


def coloured_pixels(png_path):
    """How many pixels of an 8-bit RGB or RGBA PNG (as Chromium writes screenshots) are not white."""
    data = open(png_path, "rb").read()
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise SystemExit(f"docs_in_chromium: screenshot {png_path} is not 8-bit RGB(A)")
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    count = 0
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        count += sum(1 for x in range(0, stride, bpp) if line[x:x + 3] != b"\xff\xff\xff")
        prev = line
    return count


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def broken_links(site):
    """Links of the plain pages that lead to no file of the site, and how many links there are."""
    broken, total = [], 0
    for folder, _, names in os.walk(os.path.join(site, "documentation")):
        if "index.html" not in names:
            continue
        page = open(os.path.join(folder, "index.html"), encoding="utf-8").read()
        start = page.find('<div class="docc-static">')
        if start < 0:
            broken.append(os.path.relpath(folder, site) + ": no plain content")
            continue
        for href in re.findall(r'href="([^"]+)"', page[start:]):
            if "://" in href or href.startswith(("#", "mailto:")):
                continue
            total += 1
            target = os.path.normpath(os.path.join(folder, urllib.parse.unquote(href.split("#")[0])))
            if not os.path.isfile(target) or not target.startswith(site + os.sep):
                broken.append(f"{os.path.relpath(folder, site)}: {href}")
    return broken, total


def main():
    p = argparse.ArgumentParser()
    p.add_argument("site")
    p.add_argument("--version", required=True)
    p.add_argument("--module", default="depthcheck")
    p.add_argument("--symbol", default="depthphoto", help="a page under the landing page to open directly")
    a = p.parse_args()
    site = os.path.abspath(a.site)
    if chromium() is None:
        print("docs_in_chromium: SKIPPED: no chromium on PATH (make deps installs it); the site was not opened")
        return
    landing = f"documentation/{a.module}"
    failures = []

    def check(ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            failures.append(what)

    broken, total = broken_links(site)
    check(not broken and total > 0, f"{total} links of the plain pages lead to files of the site"
          + ("".join("\n     " + b for b in broken[:20])))

    # Served: the viewer draws the landing page from the root, and a symbol's page.
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=site))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        for path, title in (("", None), (f"{landing}/{a.symbol}/", None)):
            page = dom(base + path)
            drawn = 'class="documentation-hero' in page and 'id="app-main"' in page
            check(drawn and "docc-static" not in page and "can't be found" not in page
                  and "can&#39;t be found" not in page and "can’t be found" not in page,
                  f"served: {base + path} shows DocC's page for {landing}/{a.symbol if path else ''}")
    finally:
        server.shutdown()

    # From disk: the root goes to the landing page's file, which shows its content; so does a symbol's.
    with tempfile.TemporaryDirectory() as tmp:
        for path, expect in (("index.html", f"depthcheck {a.version}"),
                             (f"{landing}/{a.symbol}/index.html", f"depthcheck {a.version}")):
            url = "file://" + urllib.parse.quote(os.path.join(site, path))
            page = dom(url)
            plain = page.find('<div class="docc-static">')
            check(plain >= 0 and expect in page and re.search(r"<h1>[^<]+</h1>", page[plain:]) is not None
                  and 'class="topic"' in page[plain:],
                  f"from disk: {url} shows the page as plain HTML (title, topics, {expect})")
            shot = os.path.join(tmp, "shot.png")
            run(url, "--screenshot=" + shot)
            coloured = coloured_pixels(shot) if os.path.exists(shot) else 0
            check(coloured > 10000, f"from disk: the screenshot of {path} is not white ({coloured} pixels drawn)")

    if failures:
        print(f"docs_in_chromium: {len(failures)} checks failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
