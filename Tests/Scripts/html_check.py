#!/usr/bin/env python3
"""Reads a depthcheck HTML report on stdin and prints, as JSON, what a test asserts about it:
elements opened but not closed (or closed out of order), every attribute value that names a
resource outside the page, and each <img> with its width/height attributes and the size its
data: PNG or JPEG decodes to (with Pillow when it is importable, else from the PNG's IHDR or
the JPEG's SOF)."""
import base64, io, json, struct, sys
from html.parser import HTMLParser

VOID = {"meta", "img", "input", "br", "stop", "rect", "path", "link", "hr"}
try:
    from PIL import Image
except ImportError:
    Image = None

INLINE = ("data:image/png;base64,", "data:image/jpeg;base64,")

def picture_size(data):
    if Image is not None:
        im = Image.open(io.BytesIO(data))
        im.load()
        return im.size[0], im.size[1], im.format
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        w, h = struct.unpack(">II", data[16:24])
        return w, h, "PNG"
    # A JPEG's frame header (SOF0..SOF15 but DHT, JPG, DAC): height and width after the precision.
    i = 2
    while data[:2] == b"\xff\xd8" and i + 9 <= len(data) and data[i] == 0xFF:
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            h, w = struct.unpack(">HH", data[i + 5:i + 9])
            return w, h, "JPEG"
        i += 2 + length
    return None, None, None

class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack, self.errors, self.images, self.external, self.scripts = [], [], [], [], 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script":
            self.scripts += 1
        for k in ("src", "href", "action", "data", "poster"):
            v = a.get(k)
            if v is not None and not (v.startswith("#") or v.startswith(INLINE)):
                self.external.append(v[:80])
        if tag == "img":
            src = a.get("src", "")
            w = h = fmt = None
            if src.startswith(INLINE):
                w, h, fmt = picture_size(base64.b64decode(src.split(",", 1)[1]))
            self.images.append({"class": a.get("class"), "width": a.get("width"), "height": a.get("height"),
                                "decodedWidth": w, "decodedHeight": h, "format": fmt})
        if tag not in VOID:
            self.stack.append(tag)
    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(tag)
        else:
            self.stack.pop()

p = Page()
p.feed(sys.stdin.read())
p.close()
print(json.dumps({"errors": p.errors, "unclosed": p.stack, "external": p.external, "images": p.images,
                  "scripts": p.scripts, "decoder": "Pillow" if Image is not None else "IHDR"}))
