"""Tests of the record types, ``info``, ``extract``, ``compare``, the docstring examples and
docs/python.md, against the binary named by DEPTHCHECK_BIN (or found on PATH)."""

from __future__ import annotations

import doctest
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import typing
import unittest
from pathlib import Path
from typing import Any, Dict, List, Sequence, Set, Tuple, Union

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import depthcheck  # noqa: E402
from depthcheck import _records  # noqa: E402
from test_depthcheck import real_binary  # noqa: E402

REPO = Path(__file__).resolve().parents[2]
CORPUS = REPO / "Corpus"
GOOD = CORPUS / "good"

try:
    import numpy
except ImportError:
    numpy = None  # type: ignore[assignment]

try:
    import pyarrow  # noqa: F401
    HAVE_PYARROW = True
except ImportError:
    HAVE_PYARROW = False

NEEDS_NUMPY = "numpy is not installed (pip install numpy)"


def real_corpus() -> Path:
    """The shared real-camera corpus, where the Swift tests look for it: DEPTHCHECK_REAL_CORPUS,
    else DEPTHCHECK_SHARED/corpus/real, else ../shared/corpus/real beside the checkout."""
    name = os.environ.get("DEPTHCHECK_REAL_CORPUS") or (
        os.environ.get("DEPTHCHECK_SHARED", "../shared") + "/corpus/real")
    return Path(os.path.normpath(REPO / name))  # an absolute name replaces REPO


def _is_typeddict(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, dict) and hasattr(hint, "__required_keys__")


def mismatches(value: Any, hint: Any, where: str, seen: Set[str]) -> List[str]:
    """How ``value`` departs from the type ``hint``: a TypedDict's required keys all present,
    no key it does not declare, every value of its declared type, recursively. ``seen``
    collects the TypedDicts reached."""
    if _is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, not an object"]
        seen.add(hint.__name__)
        problems = [f"{where}: required key {k!r} missing" for k in sorted(hint.__required_keys__ - value.keys())]
        declared = hint.__required_keys__ | hint.__optional_keys__
        problems += [f"{where}: key {k!r} not declared" for k in sorted(value.keys() - declared)]
        hints = typing.get_type_hints(hint)
        for key in sorted(value.keys() & declared):
            problems += mismatches(value[key], hints[key], f"{where}.{key}", seen)
        return problems
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is Union:
        for arm in args:
            reached: Set[str] = set()
            if not mismatches(value, arm, where, reached):
                seen |= reached
                return []
        return [f"{where}: {value!r} is none of {hint}"]
    if origin is typing.Literal:
        return [] if value in args and type(value) in {type(a) for a in args} else [f"{where}: {value!r} not in {args}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, not a list"]
        return [p for i, item in enumerate(value) for p in mismatches(item, args[0], f"{where}[{i}]", seen)]
    plain: Dict[Any, Tuple[type, ...]] = {type(None): (type(None),), str: (str,), int: (int,), float: (int, float)}
    if hint in plain:
        ok = isinstance(value, plain[hint]) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not {hint.__name__}"]
    raise TypeError(f"{where}: no rule for the type {hint}")


class RecordTypeTests(unittest.TestCase):
    """The TypedDicts are the schema's, and the binary's records have exactly their keys."""

    def test_the_module_is_what_the_schema_generates(self) -> None:
        done = subprocess.run([sys.executable, str(REPO / "Scripts" / "gen_python_types.py"), "--stdout"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        committed = (REPO / "python" / "depthcheck" / "_records.py").read_bytes()
        self.assertEqual(committed.decode(), done.stdout.decode(),
                         "python/depthcheck/_records.py is out of date: run Scripts/gen_python_types.py")

    def test_the_types_are_exported_and_check_returns_them(self) -> None:
        for name in _records.__all__:
            self.assertIs(getattr(depthcheck, name), getattr(_records, name))
            self.assertIn(name, depthcheck.__all__)
        self.assertEqual(typing.get_type_hints(depthcheck.check)["return"], typing.Iterator[_records.CheckRecord])
        self.assertEqual(_records.CheckRecord.__required_keys__, {"path", "container", "verdict", "findings"})
        self.assertEqual(_records.Finding.__optional_keys__, {"citation"})

    def test_the_walk_finds_a_missing_an_extra_and_a_mistyped_key(self) -> None:
        record = {"path": "a.jpg", "container": None, "verdict": "pass",
                  "findings": [{"rule": "r", "severity": "fatal", "offset": None, "path": "", "message": "m"}],
                  "primary": {"width": 1, "height": 2, "orientation": None}, "extra": 1}
        self.assertEqual(mismatches(record, _records.CheckRecord, "record", set()), [
            "record: key 'extra' not declared",
            "record.findings[0].severity: 'fatal' not in ('error', 'warning', 'note')",
            "record.primary: required key 'codec' missing",
        ])

    def check_conforms(self, paths: Sequence[Union[str, bytes]]) -> Set[str]:
        seen: Set[str] = set()
        binary = real_binary()
        for options in ({}, {"pixels": True, "rules_detail": True}):
            records = list(depthcheck.check(paths, jobs=2, binary=binary, **options))
            self.assertEqual(len(records), len(paths))
            for record in records:
                with self.subTest(path=record["path"], **options):
                    self.assertEqual(mismatches(record, _records.CheckRecord, "record", seen), [])
        return seen

    def test_the_corpus_records_have_the_declared_keys(self) -> None:
        paths: List[Union[str, bytes]] = sorted(glob.glob(str(GOOD / "*")) + glob.glob(str(CORPUS / "bad" / "*" / "*")))
        self.assertGreater(len(paths), 200)
        with tempfile.TemporaryDirectory() as tmp:
            # A name that is not UTF-8 brings pathBytes.
            odd = os.fsencode(tmp) + b"/not-utf8-\xff.jpg"
            shutil.copyfile(GOOD / "jpeg-disparity.jpg", odd)
            seen = self.check_conforms(paths + [odd])
        self.assertEqual(seen, {
            "CheckRecord", "Primary", "Transforms", "TransformsCleanAperture", "Rules", "Finding",
            "AuxImage", "AuxImageDescription", "AuxImageMetadataItem", "AuxImageStatistics",
            "AuxImageValues", "AuxImageToneMap", "AuxImageToneMapChannel",
            "AuxImageRange", "AuxImageDepthRepresentation",
        })

    def test_the_real_corpus_records_have_the_declared_keys(self) -> None:
        folder = real_corpus()
        paths = sorted(str(p) for p in folder.glob("*")) if folder.is_dir() else []
        if not paths:
            self.skipTest(f"the shared real-camera corpus is not at {folder}")
        self.check_conforms(paths)


class InfoTests(unittest.TestCase):
    def setUp(self) -> None:
        self.binary = real_binary()

    def aux(self, document: Dict[str, Any]) -> List[Tuple[int, str, int, int]]:
        return [(a["index"], a["kind"], a["width"], a["height"]) for f in document["files"] for a in f.get("auxImages", [])]

    def test_one_path_of_any_kind_is_one_file(self) -> None:
        photo = GOOD / "writer-heif-disparity-hdis-o6-semantic.heic"
        for one in (str(photo), os.fsencode(photo), photo):
            with self.subTest(kind=type(one).__name__):
                document = depthcheck.info(one, binary=self.binary)
                self.assertEqual(list(document), ["tool", "files"])
                self.assertEqual([f["path"] for f in document["files"]], [str(photo)])
                self.assertEqual(self.aux(document), [
                    (2, "disparity", 88, 66), (4, "semanticMatte", 88, 66), (6, "semanticMatte", 88, 66),
                    (8, "semanticMatte", 88, 66), (10, "semanticMatte", 88, 66), (12, "semanticMatte", 88, 66),
                ])
                self.assertEqual([a["semanticMatte"] for a in document["files"][0]["auxImages"][1:]],
                                 ["skin", "hair", "teeth", "glasses", "sky"])

    def test_the_statistics_and_the_data_dictionary(self) -> None:
        aux = depthcheck.info(GOOD / "jpeg-disparity.jpg", binary=self.binary)["files"][0]["auxImages"][0]
        self.assertEqual(aux["description"], {"PixelFormat": "hdis", "Width": 16, "Height": 12, "BytesPerRow": 32})
        self.assertEqual(aux["values"], {"source": "apdi", "unit": "disparity", "units": "1/m", "bitDepth": 8})
        self.assertEqual(aux["metadata"]["apdi:FloatMaxValue"], "2.000000")
        stats = aux["statistics"]
        self.assertEqual((stats["min"], stats["max"], stats["nanCount"], len(stats["histogram"])), (0.5, 2, 0, 256))
        self.assertNotIn("statistics", depthcheck.info(GOOD / "jpeg-disparity.jpg", pixels=False,
                                                       binary=self.binary)["files"][0]["auxImages"][0])

    def test_several_paths_in_order_and_an_unreadable_one(self) -> None:
        missing = str(GOOD / "no-such-photo.jpg")
        document = depthcheck.info([GOOD / "jpeg-disparity.jpg", missing, GOOD / "heif-disparity.heic"],
                                   pixels=False, binary=self.binary)
        self.assertEqual([(f["path"], f["container"]) for f in document["files"]], [
            (str(GOOD / "jpeg-disparity.jpg"), "jpeg"), (missing, None), (str(GOOD / "heif-disparity.heic"), "heif"),
        ])
        self.assertEqual([f["rule"] for f in document["files"][1]["findings"]], ["structure.file.unreadable"])
        self.assertEqual(self.aux(document), [(2, "disparity", 16, 12), (2, "disparity", 16, 12)])

    def test_recursive_and_a_limit(self) -> None:
        document = depthcheck.info(GOOD, recursive=True, pixels=False, binary=self.binary)
        self.assertEqual(len(document["files"]), len(list(GOOD.iterdir())))
        small = depthcheck.info(GOOD / "jpeg-disparity.jpg", max_pixels=100, binary=self.binary)["files"][0]
        self.assertEqual(small["auxImages"][0]["decodeError"], "MPImage[2] at offset 653: 16×12 is over the pixel limit of 100")
        self.assertEqual([f["rule"] for f in small["findings"]], ["structure.limits.exceeded"])
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.info(GOOD / "jpeg-disparity.jpg", max_pixels=-1, binary=self.binary)
        self.assertEqual(caught.exception.returncode, 2)
        self.assertIn("limits must not be negative", str(caught.exception))

    def test_refused_arguments(self) -> None:
        with self.assertRaises(ValueError):
            depthcheck.info([], binary=self.binary)
        with self.assertRaises(ValueError):
            depthcheck.info("a\0b.jpg", binary=self.binary)


@unittest.skipIf(numpy is None, NEEDS_NUMPY)
class ExtractTests(unittest.TestCase):
    def setUp(self) -> None:
        self.binary = real_binary()
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def cli(self, photo: Path, *options: str) -> Any:
        """What ``depthcheck extract -o FILE.npy`` writes, read back."""
        target = os.path.join(self.tmp.name, f"{len(os.listdir(self.tmp.name))}.npy")
        subprocess.run([self.binary, "extract", str(photo), "-o", target, *options],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        return numpy.load(target)

    def test_the_depth_map_of_a_jpeg(self) -> None:
        photo = GOOD / "writer-jpeg-depth-fdep-o3-matte.jpg"
        depth = depthcheck.extract(str(photo), binary=self.binary)
        self.assertEqual((depth.shape, depth.dtype), ((12, 16), numpy.dtype("float32")))
        self.assertEqual((float(depth.min()), float(depth.max())), (0.5999999642372131, 4.0))
        numpy.testing.assert_array_equal(depth, self.cli(photo))
        matte = depthcheck.extract(photo, aux="matte", binary=self.binary)
        self.assertEqual((matte.shape, matte.dtype, float(matte.min()), float(matte.max())),
                         ((12, 16), numpy.dtype("float32"), 0.0, 1.0))
        numpy.testing.assert_array_equal(depthcheck.extract(photo, index=3, binary=self.binary), matte)

    def test_a_heic_disparity_map_as_depth_oriented_and_stored(self) -> None:
        photo = GOOD / "writer-heif-disparity-hdis-o6-semantic.heic"
        disparity = depthcheck.extract(os.fsencode(photo), binary=self.binary)
        self.assertEqual((disparity.shape, disparity.dtype), ((66, 88), numpy.dtype("float32")))
        depth = depthcheck.extract(photo, as_="depth", binary=self.binary)
        numpy.testing.assert_array_equal(depth, self.cli(photo, "--as", "depth"))
        numpy.testing.assert_allclose(depth * disparity, numpy.ones((66, 88)), rtol=1e-6)
        # irot 270 in the file: the display frame is the map turned a quarter.
        oriented = depthcheck.extract(photo, orient=True, binary=self.binary)
        self.assertEqual(oriented.shape, (88, 66))
        numpy.testing.assert_array_equal(oriented, self.cli(photo, "--orient"))
        stored = depthcheck.extract(photo, as_="stored", binary=self.binary)
        self.assertEqual((stored.shape, stored.dtype), ((66, 88), numpy.dtype("uint8")))
        half = depthcheck.extract(photo, dtype="float16", binary=self.binary)
        self.assertEqual(half.dtype, numpy.dtype("float16"))
        sky = depthcheck.extract(photo, aux="sky", binary=self.binary)
        numpy.testing.assert_array_equal(sky, self.cli(photo, "--aux", "sky"))

    def test_failures_carry_the_message(self) -> None:
        photo = str(GOOD / "jpeg-disparity.jpg")
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.extract(photo, aux="gainmap", binary=self.binary)
        self.assertEqual(caught.exception.returncode, 1)
        self.assertEqual(caught.exception.stderr, f"depthcheck: {photo} has no gainmap aux image; it has 2 (disparity)\n")
        self.assertIn("has no gainmap aux image", str(caught.exception))
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.extract(photo, as_="stored", dtype="float32", binary=self.binary)
        self.assertEqual(caught.exception.returncode, 2)
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.extract(GOOD / "no-such-photo.jpg", binary=self.binary)
        self.assertEqual(caught.exception.returncode, 3)

    def test_refused_arguments(self) -> None:
        with self.assertRaises(TypeError):
            depthcheck.extract([str(GOOD / "jpeg-disparity.jpg")], binary=self.binary)  # type: ignore[arg-type]
        with self.assertRaises(ValueError):
            depthcheck.extract(GOOD / "jpeg-disparity.jpg", dtype="float64", binary=self.binary)


class CompareTests(unittest.TestCase):
    def setUp(self) -> None:
        self.binary = real_binary()

    def test_a_photo_with_itself(self) -> None:
        photo = GOOD / "writer-jpeg-depth-hdep-o8-matte-semantic.jpg"
        result = depthcheck.compare(str(photo), photo, binary=self.binary)
        self.assertEqual((result["original"], result["export"], result["verdict"]), (str(photo), str(photo), "ok"))
        self.assertEqual([(a["kind"], a["change"], a.get("maxError")) for a in result["auxImages"]], [
            ("depth", "kept", 0), ("portraitEffectsMatte", "kept", 0), ("semanticMatte", "kept", 0),
            ("semanticMatte", "kept", 0),
        ])
        self.assertTrue(all(a["differences"] == [] for a in result["auxImages"]))

    def test_a_stripped_export_is_a_result(self) -> None:
        result = depthcheck.compare(GOOD / "writer-jpeg-depth-fdep-o3-matte.jpg", GOOD / "jpeg-disparity.jpg",
                                    tolerance=0.05, binary=self.binary)
        self.assertEqual(result["verdict"], "stripped")
        self.assertEqual([(a["kind"], a["change"]) for a in result["auxImages"]],
                         [("depth", "changed"), ("portraitEffectsMatte", "lost")])
        self.assertEqual((result["auxImages"][0]["tolerance"], result["auxImages"][0]["units"]), (0.05, "m"))
        self.assertEqual(result["auxImages"][0]["differences"], ["kind depth → disparity"])

    def test_two_folders(self) -> None:
        result = depthcheck.compare(GOOD, str(GOOD), jobs=2, binary=self.binary)
        self.assertEqual(list(result), ["pairs"])
        self.assertEqual([p["verdict"] for p in result["pairs"]], ["ok"] * len(list(GOOD.iterdir())))

    def test_failures(self) -> None:
        missing = str(GOOD / "no-such-photo.jpg")
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.compare(GOOD / "jpeg-disparity.jpg", missing, binary=self.binary)
        self.assertEqual(caught.exception.returncode, 3)
        self.assertEqual(caught.exception.stderr, f"depthcheck: cannot read {missing}: no such file or directory\n")
        with self.assertRaises(depthcheck.DepthcheckError) as caught:
            depthcheck.compare(GOOD / "jpeg-disparity.jpg", GOOD / "jpeg-disparity.jpg", tolerance="wide",
                               binary=self.binary)
        self.assertEqual(caught.exception.returncode, 2)
        with self.assertRaises(TypeError):
            depthcheck.compare([GOOD / "jpeg-disparity.jpg"], GOOD / "jpeg-disparity.jpg",  # type: ignore[arg-type]
                               binary=self.binary)


class DocumentationTests(unittest.TestCase):
    """Every public function shows an example, run here from the checkout's root as the
    page says; docs/python.md is what the docstrings render to now."""

    # check_partition's example is its Spark/Dask call, which needs a cluster.
    WITHOUT_EXAMPLE = {"check_partition"}

    def test_the_examples_run(self) -> None:
        real_binary()
        tests = {t.name.split(".", 1)[1]: t for t in doctest.DocTestFinder().find(depthcheck) if t.examples}
        public = [n for n in depthcheck.__all__ if n not in _records.__all__]
        self.assertEqual(sorted(tests), sorted(set(public) - self.WITHOUT_EXAMPLE))
        needs = {"extract": numpy is not None, "DepthcheckError": numpy is not None, "to_parquet": HAVE_PYARROW}
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        cwd = os.getcwd()
        os.chdir(REPO)
        try:
            for name, test in sorted(tests.items()):
                with self.subTest(name=name):
                    if not needs.get(name, True):
                        self.skipTest(f"the example of {name} needs {'pyarrow' if name == 'to_parquet' else 'numpy'}")
                    test.globs = {"depthcheck": depthcheck}
                    out: List[str] = []
                    result = runner.run(test, out=out.append, clear_globs=True)
                    self.assertEqual(result.failed, 0, "".join(out))
        finally:
            os.chdir(cwd)

    def test_the_page_is_what_the_docstrings_render_to(self) -> None:
        done = subprocess.run([sys.executable, str(REPO / "Scripts" / "render_python_docs.py"), "--stdout"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
        self.assertEqual((REPO / "docs" / "python.md").read_text(encoding="utf-8"), done.stdout.decode(),
                         "docs/python.md is out of date: run Scripts/render_python_docs.py")


if __name__ == "__main__":
    unittest.main()
