#!/usr/bin/env python3
"""make corpus: downloads the files of ../shared/corpus from their public sources.

Reads a manifest (Corpus/sources.tsv: destination, SHA-256, size in bytes and URL, tab
separated, `#` lines are comments) and, for each line, puts the file at DEST/destination,
where DEST is the folder beside the checkout that the tests read (../shared unless --dest
names another). A file already there with the listed SHA-256 is kept; one with other bytes
is never replaced (it is reported, and the run fails). A download is read up to the listed
size and one byte more, checked against the size and the SHA-256 in a temporary file beside
its destination, and renamed into place only when both match, so an interrupted (Ctrl-C,
SIGTERM, SIGHUP) or tampered download leaves nothing behind.

CORPUS_BASE_URL replaces the `https://` of every URL (a mirror, or `file:///some/folder/`
standing in for the network in the tests): https://host/path is then fetched from
CORPUS_BASE_URL + host/path.

Exit status: 0 when every file is in place, 1 when any is missing or differs, 2 for a usage
error. Needs python3 alone.
"""
import argparse, hashlib, os, signal, sys, tempfile, urllib.request

CHUNK = 1 << 16


def entries(manifest):
    with open(manifest, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 4 or not fields[2].isdigit() or len(fields[1]) != 64:
                raise SystemExit(f"fetch_corpus: {manifest}:{number}: expected destination, sha256, bytes and url")
            destination, sha, size, url = fields
            if destination.startswith("/") or ".." in destination.split("/"):
                raise SystemExit(f"fetch_corpus: {manifest}:{number}: {destination} is not inside the destination folder")
            yield destination, sha.lower(), int(size), url


def digest(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(CHUNK), b""):
            h.update(block)
    return h.hexdigest()


def download(url, target, sha, size):
    """Fetches url into target, whole and checked, or raises ValueError saying why not."""
    folder = os.path.dirname(target)
    os.makedirs(folder, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=".fetch-", dir=folder)
    try:
        h, got = hashlib.sha256(), 0
        with os.fdopen(fd, "wb") as out, urllib.request.urlopen(url, timeout=60) as response:
            while True:
                block = response.read(min(CHUNK, size + 1 - got))
                if not block:
                    break
                got += len(block)
                h.update(block)
                out.write(block)
                if got > size:
                    raise ValueError(f"more than the {size} bytes listed")
            out.flush()
            os.fsync(out.fileno())
        if got != size:
            raise ValueError(f"{got} bytes, not the {size} listed")
        if h.hexdigest() != sha:
            raise ValueError(f"sha256 {h.hexdigest()}, not the {sha} listed")
        os.replace(temp, target)
        temp = None
    finally:
        if temp is not None and os.path.exists(temp):
            os.unlink(temp)


def main():
    # A termination mid-download unwinds through download()'s cleanup, like Ctrl-C: no
    # temporary file is left beside the destination.
    for sig in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda number, frame: sys.exit(128 + number))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(description="Download the files of ../shared/corpus from their public sources.")
    p.add_argument("--manifest", default=os.path.join(root, "Corpus", "sources.tsv"))
    p.add_argument("--dest", default=os.path.join(os.path.dirname(root), "shared"))
    a = p.parse_args()
    base = os.environ.get("CORPUS_BASE_URL")
    fetched = present = 0
    failed = []
    listed = list(entries(a.manifest))
    for destination, sha, size, url in listed:
        target = os.path.join(a.dest, destination)
        if os.path.exists(target):
            if digest(target) == sha:
                present += 1
                continue
            failed.append(f"{destination}: exists with other bytes; not replaced (remove it to download it again)")
            continue
        if url == "-":
            failed.append(f"{destination}: no public source")
            continue
        if base and url.startswith("https://"):
            url = base + url[len("https://"):]
        try:
            download(url, target, sha, size)
            fetched += 1
            print(f"fetched {destination} ({size} bytes)")
        except (OSError, ValueError) as e:
            failed.append(f"{destination}: {url}: {e}")
    for line in failed:
        print(f"fetch_corpus: {line}", file=sys.stderr)
    print(f"{len(listed)} files in {a.dest}: {fetched} fetched, {present} already there, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
