#!/usr/bin/env python3
"""Build a photo tree for the scale-out recipe tests.

Usage: make_tree.py DIR [--count N] [--from FOLDER] [--unreadable]

Makes N (default 3000) paths under DIR by hard-linking the corpus files
(Corpus/good/*.jpg|*.heic and Corpus/bad/*/*.jpg|*.heic; copied instead when DIR is
on another file system) into nested folders, plus one zero-byte `.jpg` that no
reader can open (unreadable even for root). So DIR holds N + 1 paths, and the
count printed on standard output is N + 1.

With --unreadable (as the recipe tests make it), also a folder that the walk cannot
open, `lost+found` (mode 000, holding a photo), which `depthcheck list` lists as one
path and `check -r` reports unreadable: N + 2 paths; and a dangling symbolic link,
`roll 00/day 0/dangling link.jpg`, which both skip without --follow-links. Mode 000
stops every process but one with CAP_DAC_OVERRIDE or CAP_DAC_READ_SEARCH, which root
has (capabilities(7)): the tests drop those as root (engines_common.as_any_user).
remove() takes the tree away, mode 000 and all.

The names are meant to break careless recipes: every one has spaces, one has a
newline, one has the byte 0xFF (not UTF-8), some have quotes, `$`, a backslash or
a leading dash, and the extensions are mixed (.jpg, .JPG, .jpeg, .JPEG for JPEG
files; .heic, .HEIC, .heif for HEIF files). No name starts with a dot:
`depthcheck check -r` skips hidden entries while `find` lists them.

Because most names are hard links, `depthcheck check -r` checks each file once
unless it is given `--all-names`; a recipe built on `find` lists every name.

All paths are handled as bytes (os.fsencode), so the tree is the same whatever
the locale.
"""

import argparse
import errno
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(os.fsencode(ROOT), b"Corpus")

JPEG_EXTENSIONS = (b".jpg", b".JPG", b".jpeg", b".JPEG")
HEIF_EXTENSIONS = (b".heic", b".HEIC", b".heif")

# The folder no walk can open, as a file system's lost+found is to everyone but root.
UNREADABLE_FOLDER = b"lost+found"
# A link to a name that does not exist.
DANGLING_LINK = b"roll 00/day 0/dangling link.jpg"

# Names that shell, xargs, parallel and JVM recipes get wrong when they quote or split
# carelessly. Each gets an index and an extension appended.
ODD_STEMS = (
    b"line\nbreak",            # newline: breaks every line-based list
    b"caf\xff au lait",        # 0xFF: not UTF-8
    b"it's \"quoted\"",        # both quote characters
    b"cost $HOME `id`",        # shell expansion characters
    b"back\\slash",            # backslash
    b"-starts with dash",      # looks like an option when not prefixed by a folder
    b"  two leading spaces",   # leading blanks
    b"trailing space ",        # trailing blank before the extension
    b"tab\there",              # tab
    b"percent %s {} {#}",      # printf and GNU parallel replacement strings
)


def corpus_files():
    """Every corpus JPEG and HEIC, sorted, as bytes paths."""
    found = []
    good = os.path.join(CORPUS, b"good")
    for name in os.listdir(good):
        if name.lower().endswith((b".jpg", b".heic")):
            found.append(os.path.join(good, name))
    bad = os.path.join(CORPUS, b"bad")
    for rule in os.listdir(bad):
        folder = os.path.join(bad, rule)
        if not os.path.isdir(folder):
            continue
        for name in os.listdir(folder):
            if name.lower().endswith((b".jpg", b".heic")):
                found.append(os.path.join(folder, name))
    found.sort()
    return found


def place(source, target, state):
    """Hard-link source to target; copy when the link cannot be made (other device)."""
    if state["link"]:
        try:
            os.link(source, target)
            return
        except OSError as exc:
            if exc.errno not in (errno.EXDEV, errno.EPERM, errno.EMLINK, errno.ENOTSUP):
                raise
            state["link"] = False
            print(f"make_tree.py: cannot hard-link ({exc.strerror}); copying instead", file=sys.stderr)
    shutil.copyfile(source, target)


def photos_in(folder):
    """The JPEG and HEIC files directly in `folder` (bytes), sorted."""
    return sorted(os.path.join(folder, n) for n in os.listdir(folder)
                  if n.lower().endswith((b".jpg", b".jpeg", b".heic")) and not n.startswith(b"."))


def build(directory, count, source_folder=None, unreadable=False):
    """Make the tree under `directory` (bytes) and return the list of its paths: links to the
    corpus files, or to the photos of `source_folder` (camera originals, for timings); with
    `unreadable`, the folder of mode 000 (one path) and the dangling link (none)."""
    sources = photos_in(source_folder) if source_folder else corpus_files()
    if not sources:
        raise SystemExit(f"make_tree.py: no photos under {os.fsdecode(source_folder or CORPUS)}")
    os.makedirs(directory, exist_ok=True)
    if os.listdir(directory):
        raise SystemExit(f"make_tree.py: {os.fsdecode(directory)!r} is not empty")
    state = {"link": True}
    paths = []
    for index in range(count):
        source = sources[index % len(sources)]
        if source.lower().endswith((b".heic", b".heif")):
            extension = HEIF_EXTENSIONS[(index // len(sources)) % len(HEIF_EXTENSIONS)]
        else:
            extension = JPEG_EXTENSIONS[(index // len(sources)) % len(JPEG_EXTENSIONS)]
        # Three levels: 10 rolls of up to 10 days of up to 30 photos (3000 by default).
        folder = os.path.join(
            directory,
            b"roll %02d" % (index // 300),
            b"day %d" % ((index // 30) % 10),
        )
        if index < len(ODD_STEMS):
            stem = ODD_STEMS[index] + b" %05d" % index
        else:
            stem = b"IMG %05d" % index
        os.makedirs(folder, exist_ok=True)
        target = os.path.join(folder, stem + extension)
        place(source, target, state)
        paths.append(target)
    # One unreadable file: zero bytes, so no reader can make a photo of it, even as root.
    empty_folder = os.path.join(directory, b"empty files")
    os.makedirs(empty_folder, exist_ok=True)
    empty = os.path.join(empty_folder, b"zero bytes.jpg")
    with open(empty, "wb"):
        pass
    paths.append(empty)
    if unreadable:
        folder = os.path.join(directory, UNREADABLE_FOLDER)
        os.mkdir(folder)
        place(sources[0], os.path.join(folder, b"IMG found.jpg"), state)
        os.chmod(folder, 0)
        paths.append(folder)
        os.symlink(b"no such photo.jpg", os.path.join(directory, DANGLING_LINK))
    return paths


def remove(directory):
    """Remove a folder (bytes or str) and the trees in it, each folder of mode 000 included:
    given its mode back first, as without CAP_DAC_OVERRIDE not even its owner can empty it."""
    for parent, folders, _ in os.walk(os.fsencode(directory)):
        for name in folders:
            if name == UNREADABLE_FOLDER:
                # Before os.walk goes into it.
                os.chmod(os.path.join(parent, name), 0o755)
    shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description="Build a tree of hard-linked corpus photos.")
    parser.add_argument("directory", help="where to build the tree (created; must be empty)")
    parser.add_argument("--count", type=int, default=3000, help="number of photo paths (default 3000)")
    parser.add_argument("--from", dest="source", help="link the JPEG and HEIC photos of this folder instead of Corpus/")
    parser.add_argument("--unreadable", action="store_true",
                        help="add the folder of mode 000 (lost+found) and a dangling link")
    args = parser.parse_args()
    if args.count < len(ODD_STEMS):
        parser.error(f"--count must be at least {len(ODD_STEMS)}")
    paths = build(os.fsencode(args.directory), args.count, os.fsencode(args.source) if args.source else None,
                  unreadable=args.unreadable)
    print(len(paths))


if __name__ == "__main__":
    main()
