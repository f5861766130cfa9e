"""Scripts/build_wheel.py (make wheel): the wheel's file mode, and nothing left in the checkout.
The wheel installed and run is PythonWheelTests' (Tests/CLITests)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import sysconfig
import tempfile
import unittest
import zipfile
from pathlib import Path
from typing import Set

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "Scripts" / "build_wheel.py"


def tree(folder: Path) -> Set[str]:
    """Every name under ``folder``, relative; the tests' own bytecode left out."""
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if "__pycache__" not in p.parts}


class BuildWheelTests(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        self.root = Path(self.tmp.name)
        # The wheel carries whatever file it is given as the binary; a script is enough here.
        self.binary = self.root / "depthcheck"
        self.binary.write_text("#!/bin/sh\necho depthcheck\n")
        self.binary.chmod(0o755)
        platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        self.name = f"depthcheck-0.1.0-py3-none-{platform}.whl"

    def build(self, umask: int, out: Path) -> Path:
        done = subprocess.run(["sh", "-c", f'umask {umask:03o} && exec "$0" "$@"', sys.executable, str(SCRIPT),
                               "--binary", str(self.binary), "--out", str(out)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        self.assertEqual(done.stdout.decode(), str(out / self.name) + "\n")
        return out / self.name

    def test_the_wheel_has_the_mode_of_a_new_file(self) -> None:
        for umask, mode in ((0o022, 0o644), (0o002, 0o664), (0o077, 0o600)):
            with self.subTest(umask=oct(umask)):
                wheel = self.build(umask, self.root / f"dist-{umask:03o}")
                self.assertEqual(stat.S_IMODE(os.stat(wheel).st_mode), mode)
                self.assertEqual(os.listdir(wheel.parent), [self.name])

    def test_the_checkout_gets_nothing(self) -> None:
        before = tree(REPO / "python")
        wheel = self.build(0o022, self.root / "dist")
        self.assertEqual(tree(REPO / "python"), before)
        with zipfile.ZipFile(wheel) as archive:
            names = archive.namelist()
        self.assertEqual([n for n in names if not n.startswith("depthcheck-0.1.0.dist-info/")], [
            "depthcheck/__init__.py", "depthcheck/_records.py", "depthcheck/py.typed",
            "depthcheck-0.1.0.data/scripts/depthcheck"])


if __name__ == "__main__":
    unittest.main()
