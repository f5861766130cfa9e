"""Tests of the depthcheck Python package against the real binary and fake ones.

Run with the binary named by DEPTHCHECK_BIN (or found on PATH)::

    DEPTHCHECK_BIN=.build/debug/depthcheck python -m unittest discover -s python/tests -v
"""

from __future__ import annotations

import functools
import glob
import json
import os
import pickle
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path
from typing import List, Optional, Tuple, Union
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import depthcheck  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "Corpus"

try:
    import pyarrow  # noqa: F401
    HAVE_PYARROW = True
except ImportError:
    HAVE_PYARROW = False


def real_binary() -> str:
    """The binary under test; waits a while if it is being rebuilt."""
    deadline = time.monotonic() + 120
    while True:
        try:
            return depthcheck.find_binary(os.environ.get("DEPTHCHECK_BIN") or None)
        except depthcheck.DepthcheckError:
            if time.monotonic() > deadline:
                raise
            time.sleep(2)


def single_result(binary: str, path: bytes, *extra: str) -> dict:
    """What ``depthcheck check --format jsonl`` says about one file on its own, named in a
    list as the API names it (a folder named on the command line is a usage error instead)."""
    done = subprocess.run(
        [os.fsencode(binary), b"check", b"--format", b"jsonl", *map(os.fsencode, extra), b"--files-from", b"-", b"-0"],
        input=path + b"\0", stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False,
    )
    if done.returncode not in (0, 1, 3):
        raise AssertionError(f"depthcheck exited {done.returncode} for {path!r}: {done.stderr!r}")
    lines = done.stdout.splitlines()
    if len(lines) != 1:
        raise AssertionError(f"expected one line for {path!r}, got {len(lines)}")
    return json.loads(lines[0])


class DepthcheckTestCase(unittest.TestCase):
    binary: str
    tmp: tempfile.TemporaryDirectory
    root: Path
    paths: List[Union[str, bytes, Path]]
    unreadable: List[bytes]

    @classmethod
    def setUpClass(cls) -> None:
        cls.binary = real_binary()
        cls.tmp = tempfile.TemporaryDirectory()
        cls.root = Path(cls.tmp.name)
        sources = sorted(glob.glob(str(CORPUS / "good" / "*.jpg")))
        sources += sorted(glob.glob(str(CORPUS / "good" / "*.heic")))
        sources += sorted(glob.glob(str(CORPUS / "bad" / "*" / "*.jpg")))
        if not sources:
            raise unittest.SkipTest(f"no test photos under {CORPUS}")
        paths: List[Union[str, bytes, Path]] = []
        for number, source in enumerate(sources):
            target = cls.root / f"{number:03d}-{os.path.basename(source)}"
            shutil.copyfile(source, target)
            paths.append(str(target))
        good = sources[0]
        root = os.fsencode(cls.root)
        odd_names = [root + b"/with space.jpg", root + b"/new\nline.jpg", root + b"/not-utf8-\xff.jpg"]
        for name in odd_names:
            shutil.copyfile(good, name)
        empty = root + b"/empty.jpg"
        open(empty, "wb").close()
        missing = root + b"/missing.jpg"
        directory = root + b"/a-directory.jpg"
        os.mkdir(directory)
        cls.unreadable = [empty, missing, directory]
        # Mixed path types, odd names between the others, and one file twice.
        paths[3:3] = [os.fsdecode(odd_names[0]), odd_names[1]]
        paths[10:10] = [odd_names[2], empty, missing]
        paths.append(Path(os.fsdecode(directory)))
        paths.append(paths[0])
        cls.paths = paths

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def write_fake(self, name: str, body: str) -> str:
        """A shell script standing in for the binary; ``$REAL`` is the real one."""
        path = self.root / name
        path.write_text(f"#!/bin/sh\nREAL={shlex.quote(self.binary)}\n{body}\n")
        path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        return str(path)


class CheckTests(DepthcheckTestCase):
    def assert_matches_inputs(self, results: List[dict], paths: List[Union[str, bytes, Path]]) -> None:
        self.assertEqual(len(results), len(paths))
        for result, path in zip(results, paths):
            self.assertEqual(os.fsencode(result["path"]), os.fsencode(path))

    def test_one_result_per_path_in_order_with_exact_names(self) -> None:
        for jobs in (1, 4):
            with self.subTest(jobs=jobs):
                results = list(depthcheck.check(self.paths, jobs=jobs))
                self.assert_matches_inputs(results, self.paths)

    def test_verdicts_match_one_file_at_a_time(self) -> None:
        results = list(depthcheck.check(self.paths, jobs=4))
        for result, path in zip(results, self.paths):
            raw = os.fsencode(path)
            with self.subTest(path=raw):
                alone = single_result(self.binary, raw)
                self.assertEqual(result["verdict"], alone["verdict"])
                self.assertEqual(result["container"], alone["container"])
                self.assertEqual(
                    sorted(f["rule"] for f in result["findings"]),
                    sorted(f["rule"] for f in alone["findings"]),
                )
        verdicts = {r["verdict"] for r in results}
        self.assertTrue({"pass", "fail"} <= verdicts, verdicts)

    def test_unreadable_inputs_are_results(self) -> None:
        results = list(depthcheck.check(self.unreadable))
        self.assertEqual([os.fsencode(r["path"]) for r in results], self.unreadable)
        for result in results:
            self.assertEqual(result["verdict"], "unreadable")
            self.assertIsNone(result["container"])

    def test_pixels(self) -> None:
        paths = sorted(glob.glob(str(CORPUS / "bad" / "pixels.*" / "*.jpg")))
        if not paths:
            self.skipTest("no pixel-rule photos in the corpus")
        results = list(depthcheck.check(paths, jobs=2, pixels=True))
        self.assert_matches_inputs(results, paths)
        for result, path in zip(results, paths):
            with self.subTest(path=path):
                alone = single_result(self.binary, os.fsencode(path), "--pixels")
                self.assertEqual(result["verdict"], alone["verdict"])
                self.assertEqual(
                    sorted(f["rule"] for f in result["findings"]),
                    sorted(f["rule"] for f in alone["findings"]),
                )

    def test_check_partition_takes_a_generator(self) -> None:
        results = depthcheck.check_partition(p for p in self.paths)
        self.assertIsInstance(results, list)
        self.assert_matches_inputs(results, self.paths)

    def test_check_partition_with_partial(self) -> None:
        run = functools.partial(depthcheck.check_partition, jobs=3, pixels=True)
        results = run(iter(self.paths[:5]))
        self.assert_matches_inputs(results, self.paths[:5])

    def test_empty_input_starts_nothing(self) -> None:
        nowhere = str(self.root / "no-such-binary")
        self.assertEqual(list(depthcheck.check([], binary=nowhere)), [])
        self.assertEqual(depthcheck.check_partition(iter(()), binary=nowhere), [])

    def test_nul_and_empty_paths_are_refused(self) -> None:
        nowhere = str(self.root / "no-such-binary")
        for bad in ("a\0b.jpg", b"a\0b.jpg", ""):
            with self.subTest(path=bad):
                with self.assertRaises(ValueError):
                    depthcheck.check([self.paths[0], bad], binary=nowhere)

    def test_abandoned_iterator_stops_the_process(self) -> None:
        results = depthcheck.check(self.paths)
        first = next(results)
        self.assertEqual(os.fsencode(first["path"]), os.fsencode(self.paths[0]))
        results.close()  # type: ignore[attr-defined]


class BinaryDiscoveryTests(DepthcheckTestCase):
    def test_explicit_binary_that_does_not_exist(self) -> None:
        nowhere = str(self.root / "no-such-binary")
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            list(depthcheck.check(self.paths[:1], binary=nowhere))
        self.assertIn(nowhere, str(caught.exception))

    def test_nothing_found_names_every_place(self) -> None:
        empty_dir = self.root / "empty-path-dir"
        empty_dir.mkdir(exist_ok=True)
        environment = {k: v for k, v in os.environ.items() if k != "DEPTHCHECK_BIN"}
        environment["PATH"] = str(empty_dir)
        with mock.patch.dict(os.environ, environment, clear=True), \
                mock.patch.object(depthcheck, "_bundled_binary", return_value=str(self.root / "bin-absent")), \
                mock.patch.object(depthcheck, "_installed_script", return_value=None):
            with self.assertRaises(depthcheck.DepthcheckError) as caught:
                depthcheck.find_binary()
        self.assertEqual(str(caught.exception), (
            "depthcheck binary not found; tried DEPTHCHECK_BIN: not set; "
            f"package: {str(self.root / 'bin-absent')!r} is not an executable file; "
            "environment: not found; PATH: not found"))

    def test_environment_variable(self) -> None:
        with mock.patch.dict(os.environ, {"DEPTHCHECK_BIN": self.binary}):
            self.assertEqual(depthcheck.find_binary(), os.path.abspath(self.binary))

    def test_an_environment_variable_naming_no_program_is_refused(self) -> None:
        # A binary in the package and on PATH: neither stands in for the one named.
        plain = self.root / "plain-file"
        plain.write_text("not a program\n")
        plain.chmod(0o644)
        path_dir = self.root / "path-with-depthcheck"
        path_dir.mkdir(exist_ok=True)
        if not (path_dir / "depthcheck").exists():
            (path_dir / "depthcheck").symlink_to(self.binary)
        for named in (str(self.root / "no-such-binary"), str(plain), ""):
            with self.subTest(named=named), \
                    mock.patch.dict(os.environ, {"DEPTHCHECK_BIN": named, "PATH": str(path_dir)}), \
                    mock.patch.object(depthcheck, "_bundled_binary", return_value=self.binary):
                if not named:
                    # Set but empty names nothing: the search goes on, to the package.
                    self.assertEqual(depthcheck.find_binary(), os.path.abspath(self.binary))
                    continue
                with self.assertRaises(depthcheck.DepthcheckError) as caught:
                    depthcheck.find_binary()
                self.assertEqual(str(caught.exception),
                                 f"depthcheck binary not found; tried DEPTHCHECK_BIN: {named!r} is not an executable file")
                with self.assertRaises(depthcheck.DepthcheckError):
                    list(depthcheck.check(self.paths[:1]))


class ContractTests(DepthcheckTestCase):
    def run_fake(self, body: str, paths: Optional[list] = None) -> depthcheck.DepthcheckError:
        fake = self.write_fake(f"fake-{self.id().rsplit('.', 1)[-1]}", body)
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            list(depthcheck.check(paths if paths is not None else self.paths[:4], binary=fake))
        return caught.exception

    def test_one_line_fewer(self) -> None:
        error = self.run_fake('"$REAL" "$@" | sed \'$d\'')
        self.assertEqual(error.returncode, 0)
        self.assertIn("3 result lines for 4 paths", str(error))

    def test_more_lines(self) -> None:
        error = self.run_fake('"$REAL" "$@" | sed \'$p\'')
        self.assertIn("5 result lines for 4 paths", str(error))

    def test_exit_4(self) -> None:
        error = self.run_fake('"$REAL" "$@"\necho "depthcheck: disk full" >&2\nexit 4')
        self.assertEqual(error.returncode, 4)
        self.assertIn("status 4", str(error))
        self.assertIn("disk full", error.stderr)

    def test_exit_4_without_reading(self) -> None:
        error = self.run_fake("exit 4")
        self.assertEqual(error.returncode, 4)

    def test_killed_by_sigkill(self) -> None:
        error = self.run_fake('"$REAL" "$@" | head -n 1\nkill -9 $$')
        self.assertEqual(error.returncode, -9)
        self.assertIn("SIGKILL", str(error))

    def test_wrong_path(self) -> None:
        error = self.run_fake(
            'cat >/dev/null\necho \'{"path":"other.jpg","verdict":"pass","findings":[]}\'',
            self.paths[:1],
        )
        self.assertIn("other.jpg", str(error))

    def test_not_json(self) -> None:
        error = self.run_fake("cat >/dev/null\necho 'not json'", self.paths[:1])
        self.assertIn("not JSON", str(error))

    def test_error_pickles(self) -> None:
        error = depthcheck.DepthcheckError("boom", 4, "stderr text")
        copy = pickle.loads(pickle.dumps(error))
        self.assertEqual((str(copy), copy.returncode, copy.stderr), ("boom", 4, "stderr text"))


class ParquetTests(DepthcheckTestCase):
    @unittest.skipUnless(HAVE_PYARROW, "pyarrow is not installed (pip install 'depthcheck[parquet]')")
    def test_to_parquet(self) -> None:
        import pyarrow.parquet as pq

        results = list(depthcheck.check(self.paths))
        target = self.root / "results.parquet"
        depthcheck.to_parquet(results, target)
        table = pq.read_table(target)
        self.assertEqual(table.num_rows, len(self.paths))
        self.assertEqual(table.column_names, [
            "path", "path_bytes", "container", "verdict", "primary_width",
            "primary_height", "aux_image_count", "findings",
        ])
        rows = table.to_pylist()
        self.assertEqual([r["path_bytes"] for r in rows], [os.fsencode(p) for p in self.paths])
        self.assertEqual([r["verdict"] for r in rows], [r["verdict"] for r in results])
        self.assertEqual(
            [[f["rule"] for f in r["findings"]] for r in rows],
            [[f["rule"] for f in r["findings"]] for r in results],
        )
        self.assertIn("\\xff", rows[10]["path"])

    def test_to_parquet_without_pyarrow(self) -> None:
        with mock.patch.dict(sys.modules, {"pyarrow": None, "pyarrow.parquet": None}):
            with self.assertRaises(ImportError) as caught:
                depthcheck.to_parquet([], self.root / "never.parquet")
        self.assertIn("pyarrow", str(caught.exception))


if __name__ == "__main__":
    unittest.main()


class ListPathsTests(unittest.TestCase):
    """``list_paths`` is ``depthcheck list -0``: the files ``check -r`` checks, as bytes."""

    def test_the_walk_of_check_r(self) -> None:
        binary = real_binary()
        with tempfile.TemporaryDirectory() as tmp:
            root = os.fsencode(tmp)
            photo = bytes(Path(__file__).resolve().parents[2].joinpath("Corpus/good/jpeg-disparity.jpg").read_bytes())
            os.mkdir(root + b"/sub")
            for name in (b"/a.jpg", b"/sub/b.HIF", b"/c.avif", b"/._a.JPG", b"/not-utf8-\xff.jpg", b"/notes.txt"):
                with open(root + name, "wb") as f:
                    f.write(photo)
            os.link(root + b"/a.jpg", root + b"/z-second-name.jpg")
            listed = depthcheck.list_paths(root, binary=binary)
            self.assertEqual(listed, [root + b"/a.jpg", root + b"/c.avif", root + b"/not-utf8-\xff.jpg", root + b"/sub/b.HIF"])
            # A str is one root, not its characters; every name with all_names; a shard is a part.
            self.assertEqual(depthcheck.list_paths(os.fsdecode(root), binary=binary), listed)
            self.assertEqual(len(depthcheck.list_paths([root], all_names=True, binary=binary)), 5)
            self.assertEqual(depthcheck.list_paths(root, ext=["hif"], binary=binary), [root + b"/sub/b.HIF"])
            parts = [p for k in range(3) for p in depthcheck.list_paths(root, shard=f"{k}/3", binary=binary)]
            self.assertEqual(sorted(parts), sorted(listed))
            # What check -r reports, path for path.
            done = subprocess.run([binary, "check", "-r", "--format", "jsonl", "--fail-on", "never", tmp],
                                  stdout=subprocess.PIPE, check=True)
            self.assertEqual([os.fsencode(json.loads(line)["path"]) for line in done.stdout.splitlines()], listed)
            # A root that is not there is listed (list exits 3), and checked as check -r reports it.
            self.assertEqual(depthcheck.list_paths(root + b"/missing", binary=binary), [root + b"/missing"])
            self.assertEqual([(os.fsencode(r["path"]), r["verdict"]) for r in depthcheck.check_tree(root + b"/missing", binary=binary)],
                             [(root + b"/missing", "unreadable")])
            # A folder with no photo lists nothing: a usage error (exit 2), as for check -r.
            os.mkdir(root + b"/no-photos")
            with self.assertRaises(depthcheck.DepthcheckError) as caught:
                depthcheck.list_paths(root + b"/no-photos", binary=binary)
            self.assertEqual(caught.exception.returncode, 2)

    def test_a_path_the_walk_cannot_read_is_a_result(self) -> None:
        """An unreadable folder (a lost+found) and a dangling link: depthcheck list lists them
        and exits 3; check_tree checks them as check -r does, rather than raising."""
        binary = real_binary()
        photo = Path(__file__).resolve().parents[2] / "Corpus" / "good" / "jpeg-disparity.jpg"
        with tempfile.TemporaryDirectory() as tmp:
            root = os.fsencode(tmp)
            shutil.copyfile(photo, root + b"/a.jpg")
            os.mkdir(root + b"/lost+found")
            shutil.copyfile(photo, root + b"/lost+found/c.jpg")
            os.symlink(b"nowhere.jpg", root + b"/dangling.jpg")
            os.chmod(root + b"/lost+found", 0)
            try:
                # Mode 000 stops everyone but root, whose CAP_DAC_READ_SEARCH reads past it
                # (capabilities(7)); the dangling link makes list exit 3 for root too.
                try:
                    os.listdir(root + b"/lost+found")
                    lost = [(root + b"/lost+found/c.jpg", "pass")]
                except PermissionError:
                    lost = [(root + b"/lost+found", "unreadable")]
                expected = [(root + b"/a.jpg", "pass"), (root + b"/dangling.jpg", "unreadable")] + lost
                listed = subprocess.run([binary, "list", "-0", "--follow-links", tmp], stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
                self.assertEqual(listed.returncode, 3)
                self.assertEqual(depthcheck.list_paths(root, follow_links=True, binary=binary), [p for p, _ in expected])
                results = list(depthcheck.check_tree(root, follow_links=True, binary=binary))
                self.assertEqual([(os.fsencode(r["path"]), r["verdict"]) for r in results], expected)
                done = subprocess.run([binary, "check", "-r", "--follow-links", "--format", "jsonl", "--fail-on", "never", tmp],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
                self.assertEqual([key(r) for r in results], [key(json.loads(line)) for line in done.stdout.splitlines()])
            finally:
                os.chmod(root + b"/lost+found", 0o755)


def key(record: dict) -> Tuple[bytes, str, List[str]]:
    """What a recipe must agree with one process on: the path, the verdict, the rules found."""
    return os.fsencode(record["path"]), record["verdict"], sorted(f["rule"] for f in record["findings"])


class OnePathAndOptionsTests(unittest.TestCase):
    """A str is one path, not its characters; check's options reach the binary; check_tree
    checks what check -r checks."""

    corpus = Path(__file__).resolve().parents[2] / "Corpus"

    def test_a_str_bytes_or_path_is_one_path(self) -> None:
        binary = real_binary()
        photo = self.corpus / "good" / "jpeg-disparity.jpg"
        for one in (str(photo), os.fsencode(photo), photo):
            with self.subTest(kind=type(one).__name__):
                results = list(depthcheck.check(one, binary=binary))
                self.assertEqual([os.fsencode(r["path"]) for r in results], [os.fsencode(photo)])
                self.assertEqual(results[0]["verdict"], "pass")

    def test_strict_require_and_rules_detail(self) -> None:
        binary = real_binary()
        warned = self.corpus / "bad" / "structure.jpeg.trailing-data" / "bytes-between-primary-and-disparity.jpg"
        self.assertEqual(next(depthcheck.check(warned, binary=binary))["verdict"], "pass")
        self.assertEqual(next(depthcheck.check(warned, strict=True, binary=binary))["verdict"], "fail")
        photo = self.corpus / "good" / "jpeg-disparity.jpg"
        required = next(depthcheck.check(photo, require=["matte"], binary=binary))
        self.assertEqual(required["verdict"], "fail")
        self.assertIn("rules", next(depthcheck.check(photo, rules_detail=True, binary=binary)))
        self.assertNotIn("rules", next(depthcheck.check(photo, binary=binary)))

    def test_check_tree_checks_what_check_r_checks(self) -> None:
        binary = real_binary()
        folder = self.corpus / "bad" / "structure.jpeg.trailing-data"
        results = list(depthcheck.check_tree(folder, binary=binary))
        done = subprocess.run([binary, "check", "-r", "--format", "jsonl", "--fail-on", "never", str(folder)],
                              stdout=subprocess.PIPE, check=True)
        expected = [json.loads(line) for line in done.stdout.splitlines()]
        self.assertEqual([(r["path"], r["verdict"]) for r in results], [(e["path"], e["verdict"]) for e in expected])
        self.assertEqual(len(results), 3)


class OneValueTests(unittest.TestCase):
    """A str, bytes or path object is one value everywhere: one path for check_partition,
    one extension for ext, one kind for require, never its letters."""

    corpus = Path(__file__).resolve().parents[2] / "Corpus"

    def setUp(self) -> None:
        self.binary = real_binary()
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.root = Path(self.tmp.name)

    def recording(self) -> Tuple[str, Path]:
        """The binary behind a script that writes its arguments, one a line, to a file."""
        args = self.root / "args"
        fake = self.root / "recording-depthcheck"
        fake.write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" > {shlex.quote(str(args))}\nexec {shlex.quote(self.binary)} "$@"\n')
        fake.chmod(0o755)
        return str(fake), args

    def test_check_partition_of_one_path(self) -> None:
        photo = self.corpus / "good" / "jpeg-disparity.jpg"
        for one in (str(photo), os.fsencode(photo), photo):
            with self.subTest(kind=type(one).__name__):
                results = depthcheck.check_partition(one, binary=self.binary)
                self.assertEqual([(os.fsencode(r["path"]), r["verdict"]) for r in results], [(os.fsencode(photo), "pass")])

    def test_one_extension(self) -> None:
        fake, args = self.recording()
        good = self.corpus / "good"
        listed = depthcheck.list_paths(good, ext="heic", binary=fake)
        self.assertEqual(args.read_text().splitlines(), ["list", "-0", "--ext", "heic", "--", str(good)])
        self.assertEqual(listed, depthcheck.list_paths(good, ext=["heic"], binary=self.binary))
        self.assertEqual(sorted(listed), sorted(os.fsencode(p) for p in good.glob("*.heic")))
        depthcheck.list_paths(good, ext=["jpg", "heic"], binary=fake)
        self.assertEqual(args.read_text().splitlines(), ["list", "-0", "--ext", "jpg,heic", "--", str(good)])

    def test_one_required_kind(self) -> None:
        fake, args = self.recording()
        photo = self.corpus / "good" / "jpeg-disparity.jpg"
        result = next(depthcheck.check(photo, require="matte", binary=fake))
        self.assertEqual(args.read_text().splitlines(), [
            "check", "--format", "jsonl", "--fail-on", "never", "--files-from", "-", "-0", "--jobs", "1",
            "--require", "matte"])
        self.assertEqual((result["verdict"], [f["rule"] for f in result["findings"]]),
                         ("fail", [f["rule"] for f in next(depthcheck.check(photo, require=["matte"], binary=self.binary))["findings"]]))
        self.assertEqual(result["verdict"], "fail")


class DeadlineTests(unittest.TestCase):
    """deadline= kills a binary that never answers, with everything it started, and raises
    DeadlineExceeded; check_partition does not run it again."""

    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.root = Path(self.tmp.name)
        # A binary that hangs: a shell waiting for a sleep it started, each writing its pid
        # (one pair a run) to `pids`.
        self.pids = self.root / "pids"
        self.hung = self.root / "hung-depthcheck"
        self.hung.write_text(f"#!/bin/sh\necho $$ >> {shlex.quote(str(self.pids))}\nsleep 300 &\n"
                             f"echo $! >> {shlex.quote(str(self.pids))}\nwait\n")
        self.hung.chmod(0o755)

    @staticmethod
    def state(pid: int) -> Optional[str]:
        """The state letter of a process (proc(5)), or None when it is gone."""
        try:
            with open(f"/proc/{pid}/stat", encoding="ascii") as stat_file:
                return stat_file.read().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return None

    def assert_killed(self, runs: int) -> None:
        """The hung binary ran `runs` times, and neither its shell nor its sleep is left
        running (a sleep orphaned to an init that does not reap stays a zombie, Z)."""
        pids = [int(p) for p in self.pids.read_text().split()]
        self.assertEqual(len(pids), 2 * runs)
        # kill(2) only queues SIGKILL: the call returns once the shell is reaped, and the sleep
        # ends when it is next scheduled, which on a busy machine can be a moment later.
        ended = lambda: [self.state(p) in (None, "Z") for p in pids]
        give_up = time.monotonic() + 10
        while not all(ended()) and time.monotonic() < give_up:
            time.sleep(0.02)
        self.assertEqual(ended(), [True] * len(pids))

    def expect_deadline(self, call) -> depthcheck.DeadlineExceeded:
        start = time.monotonic()
        with self.assertRaises(depthcheck.DeadlineExceeded) as caught:
            call()
        # The sleep is 300 s: only the kill ends the call this soon.
        self.assertLess(time.monotonic() - start, 30)
        self.assertIsInstance(caught.exception, depthcheck.DepthcheckError)
        self.assertEqual((caught.exception.returncode, caught.exception.stderr), (-signal.SIGKILL, ""))
        return caught.exception

    def test_check_and_check_partition(self) -> None:
        error = self.expect_deadline(lambda: list(depthcheck.check(["a.jpg", "b.jpg"], deadline=0.5, binary=self.hung)))
        self.assertEqual(str(error), "depthcheck passed its deadline of 0.5 s and was killed with its process group "
                                     "(expected 2 result lines, received 0)")
        self.assert_killed(1)
        # Named by DEPTHCHECK_BIN; a partition that passed its deadline is not run again.
        with mock.patch.dict(os.environ, {"DEPTHCHECK_BIN": str(self.hung)}):
            error = self.expect_deadline(lambda: depthcheck.check_partition(["a.jpg"], deadline=1.5))
        self.assertEqual(str(error), "depthcheck passed its deadline of 1.5 s and was killed with its process group "
                                     "(expected 1 result lines, received 0)")
        self.assert_killed(2)

    def test_the_other_commands(self) -> None:
        calls = {
            "list": lambda: depthcheck.list_paths("photos", deadline=0.5, binary=self.hung),
            "info": lambda: depthcheck.info("a.jpg", deadline=0.5, binary=self.hung),
            "compare": lambda: depthcheck.compare("a.jpg", "b.jpg", deadline=0.5, binary=self.hung),
        }
        for runs, (command, call) in enumerate(calls.items(), 1):
            with self.subTest(command=command):
                error = self.expect_deadline(call)
                self.assertEqual(str(error), f"depthcheck {command} passed its deadline of 0.5 s and was killed with "
                                             "its process group")
                self.assert_killed(runs)
        error = self.expect_deadline(lambda: list(depthcheck.check_tree("photos", deadline=0.5, binary=self.hung)))
        self.assertEqual(str(error), "depthcheck list passed its deadline of 0.5 s and was killed with its process group")

    def test_a_run_within_its_deadline(self) -> None:
        photo = Path(__file__).resolve().parents[2] / "Corpus" / "good" / "jpeg-disparity.jpg"
        binary = real_binary()
        self.assertEqual([r["verdict"] for r in depthcheck.check(photo, deadline=60, binary=binary)], ["pass"])
        self.assertEqual(depthcheck.list_paths(photo, deadline=60, binary=binary), [os.fsencode(photo)])

    def test_a_deadline_is_a_positive_number(self) -> None:
        for bad in (0, -1, True):
            with self.subTest(deadline=bad):
                with self.assertRaises(ValueError):
                    depthcheck.check("a.jpg", deadline=bad, binary=self.hung)
        self.assertFalse(self.pids.exists())


class AbandonedIteratorTests(unittest.TestCase):
    """A check() iterator left after one result (a break, sys.exit, a KeyboardInterrupt) lets
    the interpreter exit as it would without it: its status, no "Fatal Python error"."""

    CHILD = """
import glob, sys
sys.path.insert(0, sys.argv[1])
import depthcheck
# Enough paths that the process is still reading them, and writing, when the loop stops.
paths = sorted(glob.glob(sys.argv[2] + "/good/*") + glob.glob(sys.argv[2] + "/bad/*/*")) * 20
results = depthcheck.check(paths, binary=sys.argv[3])
how = sys.argv[4]
if how == "break":
    for record in results:
        break
elif how == "exit":
    next(results)
    sys.exit(3)
else:
    next(results)
    raise KeyboardInterrupt
"""

    def test_the_interpreter_exits_cleanly(self) -> None:
        binary = real_binary()
        package = str(Path(__file__).resolve().parents[1])
        corpus = str(Path(__file__).resolve().parents[2] / "Corpus")
        # Python exits by SIGINT on a KeyboardInterrupt it did not catch, or with 128 + SIGINT
        # when the signal is blocked in the process that started it (a test runner's threads).
        expected = {"break": (0,), "exit": (3,), "interrupt": (-signal.SIGINT, 128 + signal.SIGINT)}
        for how, status in expected.items():
            for run in range(5):
                with self.subTest(how=how, run=run):
                    done = subprocess.run([sys.executable, "-c", self.CHILD, package, corpus, binary, how],
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
                    stderr = done.stderr.decode("utf-8", "replace")
                    self.assertNotIn("Fatal Python error", stderr)
                    self.assertIn(done.returncode, status, stderr)
                    if how == "interrupt":
                        self.assertTrue(stderr.endswith("\nKeyboardInterrupt\n"), stderr)
                    else:
                        self.assertEqual(stderr, "")
