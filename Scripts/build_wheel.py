#!/usr/bin/env python3
"""make wheel: a platform wheel of the Python package that carries the depthcheck binary.

Writes dist/depthcheck-VERSION-py3-none-PLATFORM.whl (PEP 427), VERSION being the file
VERSION's, from python/ and a built binary, without touching the checkout (no build/ or
egg-info folder): the package's modules under depthcheck/, and the binary as the wheel's
script, which pip installs into the environment's bin/ (on PATH when the environment is
active) and the package finds there when it is not. PLATFORM is this machine's (sysconfig:
linux_x86_64, linux_aarch64), as the binary is built for it.

Usage: build_wheel.py --binary .build/release/depthcheck [--out dist]
"""
import argparse
import base64
import hashlib
import os
import re
import sysconfig
import tempfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "python")

# What the binary loads at run time (Debian 12 package names): always, and on first use.
NEEDS = "libstdc++6, libgcc-s1 and libc6"
LOADS = ("libheif1 (HEIC and AVIF pixels), libjpeg62-turbo (JPEG pixels) and libpng16-16 (PNG maps), "
         "on the first decode or write that needs them; a check needs none of them")


def record_hash(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def version():
    """depthcheck's version: VERSION, which the package's __version__ must state too."""
    text = open(os.path.join(ROOT, "VERSION"), encoding="utf-8").read().strip()
    init = open(os.path.join(PACKAGE, "depthcheck", "__init__.py"), encoding="utf-8").read()
    m = re.search(r'^__version__ = "([^"]*)"', init, re.M)
    if not m or m.group(1) != text:
        stated = m.group(1) if m else "nothing"
        raise SystemExit(f"build_wheel: python/depthcheck/__init__.py states {stated} as __version__, VERSION {text}; "
                         f"Scripts/version.py set {text} writes it")
    return text


def project():
    text = open(os.path.join(PACKAGE, "pyproject.toml"), encoding="utf-8").read()
    def field(name):
        m = re.search(rf'^{name} = "([^"]*)"', text, re.M)
        if not m:
            raise SystemExit(f"build_wheel: no {name} in python/pyproject.toml")
        return m.group(1)
    return field("name"), version(), field("description"), field("requires-python")


def main():
    p = argparse.ArgumentParser(description="Build the depthcheck wheel with its binary.")
    p.add_argument("--binary", required=True)
    p.add_argument("--out", default=os.path.join(ROOT, "dist"))
    a = p.parse_args()
    if not (os.path.isfile(a.binary) and os.access(a.binary, os.X_OK)):
        raise SystemExit(f"build_wheel: {a.binary} is not an executable file; build it first (make release)")
    name, version, summary, python = project()
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    tag = f"py3-none-{platform}"
    dist_info = f"{name}-{version}.dist-info"
    readme = open(os.path.join(PACKAGE, "README.md"), encoding="utf-8").read()
    metadata = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: {summary}\n"
        f"Requires-Python: {python}\nProvides-Extra: parquet\nRequires-Dist: pyarrow; extra == \"parquet\"\n"
        f"Description-Content-Type: text/markdown\n\n"
        f"This wheel carries the depthcheck binary for {platform}. It needs {NEEDS}, and loads {LOADS}.\n\n{readme}"
    )
    files = []
    for folder, _, names in os.walk(os.path.join(PACKAGE, "depthcheck")):
        for n in sorted(names):
            if n.endswith(".pyc") or folder.endswith("__pycache__") or os.path.basename(folder) == "bin":
                continue
            path = os.path.join(folder, n)
            files.append((os.path.relpath(path, PACKAGE), open(path, "rb").read(), 0o644))
    files.append((f"{name}-{version}.data/scripts/depthcheck", open(a.binary, "rb").read(), 0o755))
    files.append((f"{dist_info}/METADATA", metadata.encode(), 0o644))
    files.append((f"{dist_info}/WHEEL", f"Wheel-Version: 1.0\nGenerator: depthcheck build_wheel.py\n"
                  f"Root-Is-Purelib: false\nTag: {tag}\n".encode(), 0o644))
    record = "".join(f"{path},{record_hash(data)},{len(data)}\n" for path, data, _ in files) + f"{dist_info}/RECORD,,\n"
    files.append((f"{dist_info}/RECORD", record.encode(), 0o644))
    os.makedirs(a.out, exist_ok=True)
    target = os.path.join(a.out, f"{name}-{version}-{tag}.whl")
    # Whole or not at all: written beside the target, then renamed over it.
    fd, temp = tempfile.mkstemp(prefix=".wheel-", dir=a.out)
    try:
        with os.fdopen(fd, "wb") as out, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
            for path, data, mode in files:
                info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
                info.external_attr = (0o100000 | mode) << 16
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, data)
        # mkstemp made the file 0600 (readable by its owner alone); give it the mode open(2)
        # gives a new file, 0666 less the umask, as pip, a shared dist/ folder or a web server
        # serving it to the workers expects of a wheel.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, target)
        temp = None
    finally:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)
    print(target)


if __name__ == "__main__":
    main()
