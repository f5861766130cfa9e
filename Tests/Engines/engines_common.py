"""Shared plumbing of the scale-out recipe tests (Tests/Engines/*_check.py).

Every test script:
  * takes `--tree DIR` (a tree made by make_tree.py) or builds one in a temporary
    directory (`--count N` photos, default 3000, plus one unreadable file, a folder the walk
    cannot open and a dangling link: make_tree.py --unreadable);
  * runs, as root, without the capabilities that read past a file's mode (as_any_user), so
    that the folder of mode 000 is unreadable to the recipes as to any user's;
  * runs the recipe file from Tests/Engines/recipes/ (or deploy/kubernetes/) with only
    these literal strings replaced, so that the text docs/scale-out.md quotes is the text run:
        /photos                     -> the tree
        /results                    -> a fresh temporary output directory
        /usr/local/bin/depthcheck   -> the binary under test (or a stand-in, below)
        /lists                      -> a folder holding the list of paths the test made
        tcp://scheduler:8786        -> the address of a scheduler started by the test
    and `depthcheck` resolves through PATH to the same binary (a temporary folder holding
    a `depthcheck` is put first on PATH);
  * runs it four times into one results folder (all_or_nothing): with a stand-in for
    depthcheck that is killed by SIGKILL after checking a list holding one chosen path (the
    marker), then with the binary, then again (with a stand-in killed only once where the
    recipe runs a part again), then with a stand-in that loses the last record of the
    marker's part and exits 0. A failed run must exit non-zero and publish nothing, leaving
    the results folder as it was; a run that succeeds must publish one folder holding
    manifest.tsv (part, paths, records; equal on every line) and exactly the parts it
    lists, nothing else beside it; and its records are compared with one single-process run,
        depthcheck check --format jsonl --fail-on never --all-names -r TREE
    : one result line per path of the tree (each file, and the folder it cannot open), each
    path exactly once, and the same verdict and finding rule ids for each path;
  * exits 0 and prints `LABEL: N paths, N results, verdicts match (...)`, or prints
    `SKIP: reason` and exits 77, or prints `FAIL: ENGINE: reason` and exits 1.

Environment: DEPTHCHECK_BIN names the binary (default .build/debug/depthcheck);
DEPTHCHECK_PYTHON_DIR the folder holding the `depthcheck` Python package (default
python/); DEPTHCHECK_WAIT the seconds to wait for either to appear (default 120).
"""

import argparse
import atexit
import fnmatch
import json
import os
import re
import shlex
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

# capabilities(7): CAP_DAC_OVERRIDE (bit 1) and CAP_DAC_READ_SEARCH (bit 2) let a process read
# past a file's mode, as root does; without them mode 000 stops root too.
READ_PAST_MODES = ("dac_override", 1), ("dac_read_search", 2)
# Set in the environment of the script run again without them.
DROPPED = "DEPTHCHECK_ENGINES_CAPS_DROPPED"


class Failure(Exception):
    pass


class Depthcheck:
    """The depthcheck a recipe runs: `path` replaces /usr/local/bin/depthcheck, and `env`
    has a folder holding `depthcheck` first on PATH."""

    def __init__(self, path, env, failures=None):
        self.path = path
        self.env = env
        self._failures = failures

    def failures(self):
        """How many times a stand-in failed."""
        with open(self._failures, "rb") as count:
            return len(count.read())


# A stand-in for depthcheck: `list` is the binary's; `check` runs the binary on the same
# arguments and input and, when its arguments or its path list (standard input, or the file
# after --files-from) hold the marker, at most `limit` times, fails in one of two ways:
#   kill: it is killed by SIGKILL after the binary has written everything, so the recipe
#         sees complete output from a process that failed;
#   drop: the last record is lost (from standard output, or the file after -o) and it
#         exits 0, so only a count of records against paths can tell.
STAND_IN = """#!/bin/sh
real={real} marker={marker} failures={failures} limit={limit} mode={mode}
[ "$1" = check ] || exec "$real" "$@"
input=$(mktemp)
from= output= previous=
for arg; do
  case $previous in --files-from) from=$arg ;; -o) output=$arg ;; esac
  previous=$arg
done
case $from in -) cat > "$input" ;; ?*) cat -- "$from" > "$input" ;; esac
if {{ printf '%s\n' "$@"; cat "$input"; }} | grep -aqF -e "$marker" && [ "$(wc -c < "$failures")" -lt "$limit" ]; then
  printf x >> "$failures"
  if [ "$mode" = kill ]; then
    "$real" "$@" < "$input"
    rm -f "$input"
    kill -KILL $$
  elif [ -n "$output" ]; then
    "$real" "$@" < "$input" && sed -i '$d' "$output"
  else
    "$real" "$@" < "$input" | sed '$d'
  fi
else
  "$real" "$@" < "$input"
fi
status=$?
rm -f "$input"
exit "$status"
"""


def reads_past_modes():
    """Whether this process holds a capability that reads past a file's mode (proc(5): the
    effective set, CapEff, in /proc/self/status)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("CapEff:"):
                    effective = int(line.split()[1], 16)
                    return any(effective >> bit & 1 for _, bit in READ_PAST_MODES)
    except OSError:
        pass
    return os.geteuid() == 0


def as_any_user():
    """Run this script again, when it reads past a file's mode (root), without the two
    capabilities that let it (setpriv(1) drops them from the inheritable and bounding sets,
    which is all root gets at exec): the tree's folder of mode 000 is then unreadable to the
    recipes, the reference run and the checks, as it is to any other user's, and the tree's
    files, all this user's own, stay readable. SKIP when they cannot be dropped."""
    if not reads_past_modes():
        return
    setpriv = shutil.which("setpriv")
    drop = ",".join("-" + name for name, _ in READ_PAST_MODES)
    prefix = [setpriv or "setpriv", f"--inh-caps={drop}", f"--bounding-set={drop}", "--"]
    if os.environ.get(DROPPED) or setpriv is None or subprocess.run(
            prefix + ["true"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode != 0:
        skip("running as root, and setpriv cannot drop CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH: "
             "no folder can be made unreadable for the tree")
    os.environ[DROPPED] = "1"
    sys.stdout.flush()
    os.execv(setpriv, prefix + [sys.executable] + sys.argv)


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
            atexit.register(make_tree.remove, self.work)
        self.binary = binary()
        if args.tree:
            self.tree = os.path.abspath(args.tree)
        else:
            self.tree = os.path.join(self.work, "tree")
            make_tree.build(os.fsencode(self.tree), args.count, unreadable=True)
        folder = os.path.join(self.tree, os.fsdecode(make_tree.UNREADABLE_FOLDER))
        if os.path.isdir(folder) and os.access(folder, os.R_OK):
            raise Failure(f"{folder} can be read: the recipes would check its files, not report it unreadable")
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
        self.working = Depthcheck(self.binary, self.env)
        self._reference = None
        self._outputs = 0
        self._stand_ins = 0

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

    def instantiate(self, text, results, scheduler=None, lists=None, binary=None):
        """The recipe text with the placeholders replaced for this run."""
        text = text.replace(ABSOLUTE_BINARY, binary or self.binary)
        if lists is not None:
            text = text.replace(LISTS, lists)
        text = text.replace(PHOTOS, self.tree)
        text = text.replace(RESULTS, results)
        if scheduler is not None:
            text = text.replace(SCHEDULER, scheduler)
        return text

    def attempt(self, argv, timeout=1200, **kwargs):
        """Run a recipe process and return it, whatever its exit status."""
        env = kwargs.pop("env", self.env)
        try:
            return subprocess.run(argv, env=env, cwd=self.work, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, timeout=timeout, **kwargs)
        except subprocess.TimeoutExpired:
            raise Failure(f"recipe did not finish within {timeout} s") from None

    # --- failing runs ----------------------------------------------------------------

    def marker(self, expected_paths):
        """An absolute path of the tree with a plain name, from the middle of `expected_paths`."""
        plain = sorted(rel for rel in expected_paths if os.path.basename(rel).startswith(b"IMG "))
        return self.tree_b + b"/" + plain[len(plain) // 2]

    def stand_in(self, marker, mode="kill", limit=1_000_000):
        """A Depthcheck that fails (`mode`, see STAND_IN) when given `marker`, the first `limit` times."""
        self._stand_ins += 1
        folder = os.path.join(self.work, f"stand-in-{self._stand_ins}")
        os.mkdir(folder)
        failures = os.path.join(folder, "failures")
        open(failures, "wb").close()
        path = os.path.join(folder, "depthcheck")
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as script:
            script.write(STAND_IN.format(real=shlex.quote(self.binary), marker=shlex.quote(os.fsdecode(marker)),
                                         failures=shlex.quote(failures), limit=limit, mode=mode))
        os.chmod(path, 0o755)
        env = dict(self.env, PATH=folder + os.pathsep + os.environ.get("PATH", ""))
        return Depthcheck(path, env, failures)

    # --- published results -----------------------------------------------------------

    def read_published(self, results, name, parts, extras=(), beside=()):
        """The records of the published folder results/NAME, held to its manifest: results holds
        that folder and nothing else but names matching `beside`; the folder holds manifest.tsv,
        exactly the part files it lists (named as the glob `parts`) and names matching `extras`;
        every manifest line has paths = records = the lines of its part.
        Returns (records, manifest lines as (part, paths, records))."""
        entries = sorted(os.listdir(results))
        others = [e for e in entries if e != name and not any(fnmatch.fnmatch(e, b) for b in beside)]
        if name not in entries or others:
            raise Failure(f"{results} holds {entries}; expected {name!r} and nothing else")
        folder = os.path.join(results, name)
        with open(os.path.join(folder, "manifest.tsv"), encoding="utf-8") as manifest:
            lines = [line.rstrip("\n").split("\t") for line in manifest]
        if not lines or lines[0] != ["part", "paths", "records"]:
            raise Failure(f"{name}/manifest.tsv does not start with the line part, paths, records: {lines[:1]}")
        rows = [(line[0], int(line[1]), int(line[2])) for line in lines[1:]]
        listed = sorted(part for part, _, _ in rows)
        on_disk = sorted(f for f in os.listdir(folder) if fnmatch.fnmatch(f, parts))
        if listed != on_disk:
            raise Failure(f"{name}/manifest.tsv lists {listed}; the folder holds {on_disk}")
        stray = sorted(f for f in os.listdir(folder) if f != "manifest.tsv" and f not in on_disk
                       and not any(fnmatch.fnmatch(f, e) for e in extras))
        if stray:
            raise Failure(f"{name} holds files that are neither parts nor the manifest: {stray}")
        records = []
        for part, paths, count in rows:
            found = read_results([os.path.join(folder, part)], name)
            if not paths == count == len(found):
                raise Failure(f"{name}/manifest.tsv: {part} was given {paths} paths and holds {count} records; "
                              f"its file has {len(found)} lines")
            records.extend(found)
        return records, rows

    # --- comparison ------------------------------------------------------------------

    def compare(self, results, expected_paths=None, label=None, note="", report=True):
        """Check `results` [(path bytes, key)] against the tree and the reference; print the
        summary when `report`."""
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
        if report:
            note = f" ({note})" if note else ""
            print(f"{label}: {len(expected)} paths, {len(results)} results, verdicts match{note}", flush=True)


def tree_paths(tree_b):
    """Every path check -r reports under the tree, relative, as bytes: each file but the
    symbolic links (skipped without --follow-links), and each folder it cannot open (a
    result, unreadable)."""
    found = []

    def cannot_open(error):
        found.append(os.path.relpath(os.fsencode(error.filename), tree_b))

    for folder, _, names in os.walk(tree_b, onerror=cannot_open):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                found.append(os.path.relpath(path, tree_b))
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


def succeeded(proc):
    if proc.returncode != 0:
        raise Failure(f"recipe exited {proc.returncode}; stderr: {tail(proc.stderr)}; stdout: {tail(proc.stdout)}")
    return proc


def shell_recipe(run, name):
    """launch() for a shell recipe: `sh -c` of its text."""
    def launch(results, depthcheck):
        return run.attempt(["sh", "-c", run.instantiate(recipe(name), results, binary=depthcheck.path)],
                           env=depthcheck.env)
    return launch


def snapshot(folder):
    """Every file under `folder` (relative name -> bytes)."""
    files = {}
    for parent, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(parent, name)
            with open(path, "rb") as data:
                files[os.path.relpath(path, folder)] = data.read()
    return files


def all_or_nothing(run, label, launch, name, parts, expected_paths=None, extras=(), killed=1, dropped=1,
                   retried=False, left_by_failure=(), killed_status=None, note=""):
    """Runs a recipe four times into one results folder and checks its publishing:
      1. with a stand-in killed whenever it is given the marker (`killed` times in all): the
         recipe exits non-zero (`killed_status` when given) and the results folder holds
         nothing but names matching `left_by_failure`;
      2. with the binary: the folder NAME is published with its manifest (read_published)
         and its records match the single-process run;
      3. again, over the published folder (when `retried`, with a stand-in killed once,
         which the recipe must run again): the same records, nothing left over;
      4. with a stand-in that drops the marker's part's last record and exits 0 (`dropped`
         times in all): non-zero, and the published folder as it was.
    `launch(results, depthcheck)` runs the recipe into `results` with a Depthcheck and returns
    the process. Prints one summary line (the parts' sizes largest first), ending with `note`,
    and returns the published folder."""
    expected = run.paths if expected_paths is None else expected_paths
    results = run.output_dir()
    marker = run.marker(expected)

    def fails(step, mode, times, status=None):
        failing = run.stand_in(marker, mode)
        proc = launch(results, failing)
        if proc.returncode == 0:
            raise Failure(f"{step}: the recipe exited 0")
        if status is not None and proc.returncode != status:
            raise Failure(f"{step}: the recipe exited {proc.returncode}, expected {status}; stderr: {tail(proc.stderr)}")
        if failing.failures() != times:
            raise Failure(f"{step}: depthcheck failed {failing.failures()} times, expected {times}; "
                          f"stderr: {tail(proc.stderr)}")

    fails("a run whose depthcheck is killed, nothing published", "kill", killed, killed_status)
    left = sorted(os.listdir(results))
    if any(not any(fnmatch.fnmatch(e, pattern) for pattern in left_by_failure) for e in left):
        raise Failure(f"a failed run left {left} in the results folder")
    manifests = [e for e in left if os.path.exists(os.path.join(results, e, "manifest.tsv"))]
    if manifests:
        raise Failure(f"a failed run left {manifests} with a manifest.tsv")

    succeeded(launch(results, run.working))
    first, rows = run.read_published(results, name, parts, extras)
    run.compare(first, expected, label=label, report=False)

    again = run.stand_in(marker, limit=1) if retried else run.working
    succeeded(launch(results, again))
    if retried and again.failures() != 1:
        raise Failure(f"the run again was killed {again.failures()} times, expected once")
    second, rows = run.read_published(results, name, parts, extras)
    run.compare(second, expected, label=label, report=False)
    if sorted(first) != sorted(second):
        raise Failure("a second run published other records than the first")
    published = snapshot(os.path.join(results, name))

    fails("a run whose depthcheck drops a record, over a published result", "drop", dropped)
    run.read_published(results, name, parts, extras, beside=left_by_failure)
    if snapshot(os.path.join(results, name)) != published:
        raise Failure("a failed run changed the published result")

    sizes = " ".join(str(paths) for paths in sorted((paths for _, paths, _ in rows), reverse=True))
    run.compare(second, expected, label=label,
                note=f"{len(rows)} parts of {sizes} paths; a killed depthcheck: nothing published; "
                     f"{'killed once: run again; ' if retried else ''}re-run: the same; "
                     "a record dropped: the published result kept" + (f"; {note}" if note else ""))
    return os.path.join(results, name)


def tail(data, limit=600):
    text = data.decode("utf-8", "replace").strip() if isinstance(data, bytes) else str(data).strip()
    return text[-limit:] if text else "(empty)"


def main(engine, description, body):
    """Run `body(run)` with the standard argument handling, summary and exit codes."""
    as_any_user()
    args = parse_args(description)
    try:
        run = Run(engine, args)
        body(run)
    except Failure as exc:
        fail(engine, exc)
    sys.exit(0)
