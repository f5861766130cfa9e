"""Shared plumbing of the scale-out recipe tests (Tests/Engines/*_check.py).

Every test script:
  * takes `--tree DIR` (a tree made by make_tree.py) or builds one in a temporary
    directory (`--count N` photos, default 3000, plus one unreadable file);
  * runs the recipe file from Tests/Engines/recipes/ (or deploy/kubernetes/) with only
    these literal strings replaced, so that the text docs/scale-out.md quotes is the text run:
        /photos                     -> the tree
        /results                    -> a fresh temporary output directory
        /usr/local/bin/depthcheck   -> the binary under test
        /lists                      -> a folder holding the list of paths the test made
        tcp://scheduler:8786        -> the address of a scheduler started by the test
    and `depthcheck` resolves through PATH to the binary under test (a temporary folder
    holding a `depthcheck` symlink is put first on PATH);
  * compares the recipe's results with one single-process run,
        depthcheck check --format jsonl --fail-on never --all-names -r TREE
    : one result line per path of the tree, each path exactly once, and the same verdict
    and finding rule ids for each path;
  * exits 0 and prints `ENGINE: N paths, N results, verdicts match`, or prints
    `SKIP: reason` and exits 77, or prints `FAIL: ENGINE: reason` and exits 1.

Environment: DEPTHCHECK_BIN names the binary (default .build/debug/depthcheck);
DEPTHCHECK_PYTHON_DIR the folder holding the `depthcheck` Python package (default
python/); DEPTHCHECK_WAIT the seconds to wait for either to appear (default 120).
"""

import argparse
import atexit
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
RECIPES = os.path.join(HERE, "recipes")

sys.path.insert(0, HERE)
import make_tree  # noqa: E402

SKIP = 77

# The placeholders the recipe files use.
PHOTOS = "/photos"
RESULTS = "/results"
ABSOLUTE_BINARY = "/usr/local/bin/depthcheck"
SCHEDULER = "tcp://scheduler:8786"
LISTS = "/lists"

SAFE_PATH = re.compile(r"[A-Za-z0-9_./+-]+")


class Failure(Exception):
    pass


def skip(reason):
    print(f"SKIP: {reason}", flush=True)
    sys.exit(SKIP)


def fail(engine, reason):
    print(f"FAIL: {engine}: {reason}", flush=True)
    sys.exit(1)


def wait_for(description, ready):
    """Poll `ready()` until it is true or DEPTHCHECK_WAIT seconds have passed."""
    deadline = time.monotonic() + float(os.environ.get("DEPTHCHECK_WAIT", "120"))
    while True:
        value = ready()
        if value:
            return value
        if time.monotonic() > deadline:
            raise Failure(f"{description} did not appear")
        time.sleep(2)


def binary():
    """The depthcheck binary under test (absolute), waiting while it is being rebuilt."""
    path = os.path.abspath(os.environ.get("DEPTHCHECK_BIN") or os.path.join(ROOT, ".build", "debug", "depthcheck"))

    def ready():
        return os.path.isfile(path) and os.access(path, os.X_OK)

    wait_for(f"the depthcheck binary {path}", ready)
    return path


def python_dir():
    """The folder to put on PYTHONPATH for `import depthcheck`, waiting until it exists."""
    folder = os.path.abspath(os.environ.get("DEPTHCHECK_PYTHON_DIR") or os.path.join(ROOT, "python"))

    def ready():
        init = os.path.join(folder, "depthcheck", "__init__.py")
        if not os.path.isfile(init):
            return False
        with open(init, encoding="utf-8") as source:
            text = source.read()
        return "def check_partition" in text

    wait_for(f"the Python package {folder}/depthcheck (with check_partition)", ready)
    return folder


def parse_args(description):
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--tree", help="an existing tree made by make_tree.py (default: build one)")
    parser.add_argument("--count", type=int, default=3000, help="photos in the tree built (default 3000)")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    return parser.parse_args()


class Run:
    """One test run: a work directory, the tree, the binary on PATH and the reference."""

    def __init__(self, engine, args):
        self.engine = engine
        self.work = tempfile.mkdtemp(prefix=f"depthcheck-{engine}-")
        if args.keep:
            print(f"{engine}: work directory {self.work}", file=sys.stderr)
        else:
            atexit.register(shutil.rmtree, self.work, True)
        self.binary = binary()
        if args.tree:
            self.tree = os.path.abspath(args.tree)
        else:
            self.tree = os.path.join(self.work, "tree")
            make_tree.build(os.fsencode(self.tree), args.count)
        if not SAFE_PATH.fullmatch(self.tree) or not SAFE_PATH.fullmatch(self.work):
            raise Failure(f"the tree and work paths must be plain (letters, digits, ./_+-): {self.tree}")
        self.tree_b = os.fsencode(self.tree)
        self.paths = tree_paths(self.tree_b)
        # `depthcheck` on PATH is the binary under test.
        self.bin_dir = os.path.join(self.work, "bin")
        os.mkdir(self.bin_dir)
        os.symlink(self.binary, os.path.join(self.bin_dir, "depthcheck"))
        self.env = dict(os.environ)
        self.env["PATH"] = self.bin_dir + os.pathsep + self.env.get("PATH", "")
        self.env.pop("DEPTHCHECK_BIN", None)
        self._reference = None
        self._outputs = 0

    # --- reference -------------------------------------------------------------------

    def reference(self):
        """rel path (bytes) -> (verdict, finding rule ids) from one single-process run."""
        if self._reference is None:
            argv = [self.binary, "check", "--format", "jsonl", "--fail-on", "never", "--all-names", "-r", self.tree]
            proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            if proc.returncode != 0:
                raise Failure(f"reference run {' '.join(argv)} exited {proc.returncode}: {tail(proc.stderr)}")
            results = parse_lines(proc.stdout.splitlines(), "reference run")
            table = {}
            for path, key in results:
                rel = self.relative(path, "reference run")
                if rel in table:
                    raise Failure(f"reference run reported {rel!r} twice")
                table[rel] = key
            missing = set(self.paths) - set(table)
            if missing or len(table) != len(self.paths):
                raise Failure(
                    f"reference run has {len(table)} results for {len(self.paths)} paths; "
                    f"missing e.g. {sorted(missing)[:3]!r}"
                )
            self._reference = table
        return self._reference

    def relative(self, path, where):
        prefix = self.tree_b + b"/"
        if not path.startswith(prefix):
            raise Failure(f"{where}: result path {path!r} is not under the tree {self.tree!r}")
        return path[len(prefix):]

    # --- recipes ---------------------------------------------------------------------

    def output_dir(self):
        """A fresh, empty directory standing in for /results."""
        self._outputs += 1
        folder = os.path.join(self.work, f"results-{self._outputs}")
        os.mkdir(folder)
        return folder

    def instantiate(self, text, results, scheduler=None, lists=None):
        """The recipe text with the placeholders replaced for this run."""
        text = text.replace(ABSOLUTE_BINARY, self.binary)
        if lists is not None:
            text = text.replace(LISTS, lists)
        text = text.replace(PHOTOS, self.tree)
        text = text.replace(RESULTS, results)
        if scheduler is not None:
            text = text.replace(SCHEDULER, scheduler)
        return text

    def run(self, argv, timeout=1200, **kwargs):
        """Run a recipe process; raise Failure unless it exits 0."""
        env = kwargs.pop("env", self.env)
        try:
            proc = subprocess.run(argv, env=env, cwd=self.work, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout, **kwargs)
        except subprocess.TimeoutExpired:
            raise Failure(f"recipe did not finish within {timeout} s") from None
        if proc.returncode != 0:
            raise Failure(f"recipe exited {proc.returncode}; stderr: {tail(proc.stderr)}; stdout: {tail(proc.stdout)}")
        return proc

    # --- comparison ------------------------------------------------------------------

    def compare(self, results, expected_paths=None, label=None, note=""):
        """Check `results` [(path bytes, key)] against the tree and the reference; print the summary."""
        label = label or self.engine
        expected = self.paths if expected_paths is None else expected_paths
        reference = self.reference()
        seen = {}
        for path, key in results:
            rel = self.relative(path, label)
            seen.setdefault(rel, []).append(key)
        duplicates = sorted(rel for rel, keys in seen.items() if len(keys) > 1)
        missing = sorted(set(expected) - set(seen))
        extra = sorted(set(seen) - set(expected))
        problems = []
        if len(results) != len(expected):
            problems.append(f"{len(results)} result lines for {len(expected)} paths")
        if duplicates:
            problems.append(f"{len(duplicates)} paths reported more than once, e.g. {duplicates[:3]!r}")
        if missing:
            problems.append(f"{len(missing)} paths missing, e.g. {missing[:3]!r}")
        if extra:
            problems.append(f"{len(extra)} unexpected paths, e.g. {extra[:3]!r}")
        differ = sorted(rel for rel, keys in seen.items() if rel in reference and any(k != reference[rel] for k in keys))
        if differ:
            rel = differ[0]
            problems.append(
                f"{len(differ)} verdicts differ from the single-process run, e.g. {rel!r}: "
                f"{seen[rel][0]!r} != {reference[rel]!r}"
            )
        if problems:
            raise Failure("; ".join(problems))
        note = f" ({note})" if note else ""
        print(f"{label}: {len(expected)} paths, {len(results)} results, verdicts match{note}", flush=True)


def tree_paths(tree_b):
    """Every file under the tree, relative, as bytes."""
    found = []
    for folder, _, names in os.walk(tree_b):
        for name in names:
            found.append(os.path.relpath(os.path.join(folder, name), tree_b))
    found.sort()
    return found


def parse_lines(lines, where):
    """JSON Lines -> [(path bytes, (verdict, sorted finding rule ids))]."""
    results = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            raise Failure(f"{where}: line {number} is empty")
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise Failure(f"{where}: line {number} is not JSON ({exc}): {line[:120]!r}") from None
        results.append(key_of(record, f"{where}: line {number}"))
    return results


def key_of(record, where):
    if not isinstance(record, dict) or not isinstance(record.get("path"), str) or "verdict" not in record:
        raise Failure(f"{where}: not a depthcheck result: {str(record)[:120]}")
    rules = tuple(sorted(finding["rule"] for finding in record.get("findings") or []))
    return os.fsencode(record["path"]), (record["verdict"], rules)


def read_results(paths, where):
    """The results of several JSON Lines files, in order."""
    results = []
    for path in paths:
        with open(path, "rb") as stream:
            results.extend(parse_lines(stream.read().splitlines(), f"{where} {os.path.basename(path)}"))
    return results


def recipe(name):
    with open(os.path.join(RECIPES, name), encoding="utf-8") as source:
        return source.read()


def run_part_file_recipe(run, name, parts_pattern, engine):
    """Runs a shell recipe that writes one JSON Lines part file per process and their
    concatenation, all.jsonl, into the results folder; the concatenation is what a user reads,
    so it must hold every line of the parts, and it is compared with the single-process run."""
    results = run.output_dir()
    script = run.instantiate(recipe(name), results)
    run.run(["sh", "-c", script])
    parts = sorted(glob.glob(os.path.join(results, parts_pattern)))
    if not parts:
        raise Failure("no part files written")
    concatenated = read_results([os.path.join(results, "all.jsonl")], engine)
    if len(concatenated) != len(read_results(parts, engine)):
        raise Failure("all.jsonl does not hold every line of the part files")
    run.compare(concatenated, note=f"{len(parts)} part file{'s' if len(parts) != 1 else ''}")


def tail(data, limit=600):
    text = data.decode("utf-8", "replace").strip() if isinstance(data, bytes) else str(data).strip()
    return text[-limit:] if text else "(empty)"


def main(engine, description, body):
    """Run `body(run)` with the standard argument handling, summary and exit codes."""
    args = parse_args(description)
    try:
        run = Run(engine, args)
        body(run)
    except Failure as exc:
        fail(engine, exc)
    sys.exit(0)
