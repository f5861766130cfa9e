"""check_partition runs a partition whose depthcheck process died once more, and only once.

Run with the binary named by DEPTHCHECK_BIN (or found on PATH)::

    DEPTHCHECK_BIN=.build/debug/depthcheck python -m unittest discover -s python/tests -v
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import stat
import sys
import tempfile
import time
import unittest
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import depthcheck  # noqa: E402

CORPUS = Path(__file__).resolve().parents[2] / "Corpus"


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


class RetryTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.binary = real_binary()
        cls.tmp = tempfile.TemporaryDirectory()
        cls.root = Path(cls.tmp.name)
        sources = sorted(glob.glob(str(CORPUS / "good" / "*.jpg")))[:3]
        sources += sorted(glob.glob(str(CORPUS / "bad" / "*" / "*.jpg")))[:3]
        if len(sources) != 6:
            raise unittest.SkipTest(f"fewer than 6 test photos under {CORPUS}")
        cls.paths = []
        for number, source in enumerate(sources):
            target = cls.root / f"{number} {os.path.basename(source)}"
            shutil.copyfile(source, target)
            cls.paths.append(os.fsencode(target))
        cls.expected = list(depthcheck.check(cls.paths, binary=cls.binary))

    @classmethod
    def tearDownClass(cls) -> None:
        cls.tmp.cleanup()

    def stand_in(self, failures: int, failure: str, run: str = '"$REAL" "$@"') -> tuple:
        """A binary that runs the real one ($REAL, by `run`), then fails (`failure`, a shell
        command) on its first `failures` runs; returns its path and the file that counts runs."""
        name = self.id().rsplit(".", 1)[-1]
        runs = self.root / f"{name}.runs"
        runs.write_text("")
        path = self.root / name
        path.write_text(
            "#!/bin/sh\n"
            f"REAL={shlex.quote(self.binary)} runs={shlex.quote(str(runs))}\n"
            f"{run}\n"
            'echo run >> "$runs"\n'
            f'if [ "$(wc -l < "$runs")" -le {failures} ]; then {failure}; fi\n'
        )
        path.chmod(path.stat().st_mode | stat.S_IXUSR)
        return str(path), runs

    def test_a_process_killed_once_is_run_again(self) -> None:
        fake, runs = self.stand_in(1, "kill -KILL $$")
        results = depthcheck.check_partition(iter(self.paths), binary=fake)
        self.assertEqual(results, self.expected)
        self.assertEqual(runs.read_text(), "run\nrun\n")

    def test_a_process_killed_twice_fails_the_partition(self) -> None:
        fake, runs = self.stand_in(2, "kill -KILL $$")
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.check_partition(self.paths, binary=fake)
        self.assertEqual(caught.exception.returncode, -9)
        self.assertEqual(
            str(caught.exception),
            "depthcheck was killed by SIGKILL (expected 6 result lines, received 6) "
            "(run twice; the first run: depthcheck was killed by SIGKILL (expected 6 result lines, received 6))",
        )
        self.assertEqual(runs.read_text(), "run\nrun\n")

    def test_an_output_error_once_is_run_again(self) -> None:
        fake, runs = self.stand_in(1, "exit 4")
        self.assertEqual(depthcheck.check_partition(self.paths, binary=fake), self.expected)
        self.assertEqual(runs.read_text(), "run\nrun\n")

    def test_a_bad_request_is_not_run_again(self) -> None:
        fake, runs = self.stand_in(1, "exit 2")
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.check_partition(self.paths, binary=fake)
        self.assertEqual(caught.exception.returncode, 2)
        self.assertEqual(runs.read_text(), "run\n")

    def test_a_missing_line_is_not_run_again(self) -> None:
        # Exit 0 with a line fewer than paths breaks the binary's contract; a second run
        # would not mend it.
        fake, runs = self.stand_in(0, ":", run='"$REAL" "$@" | sed \'$d\'')
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.check_partition(self.paths, binary=fake)
        self.assertEqual(caught.exception.returncode, 0)
        self.assertEqual(str(caught.exception), "depthcheck wrote 5 result lines for 6 paths")
        self.assertEqual(runs.read_text(), "run\n")


if __name__ == "__main__":
    unittest.main()
