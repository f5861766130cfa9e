"""Run the ``depthcheck`` binary over many photos and read its results as dicts.

One call of :func:`check` starts one ``depthcheck check --format jsonl --fail-on never
--files-from - -0`` process, feeds it the paths on standard input and yields
one result dict (a :class:`CheckRecord`) per path, in input order::

    import depthcheck

    for result in depthcheck.check(["a.jpg", "b.heic"], jobs=4):
        print(result["path"], result["verdict"])

:func:`info`, :func:`extract` and :func:`compare` run ``depthcheck info``,
``extract`` and ``compare`` on one photo (or pair) and return what they print,
parsed. The package needs only the standard library; :func:`extract` needs
numpy and :func:`to_parquet` pyarrow (``pip install 'depthcheck[parquet]'``).
"""

from __future__ import annotations

import atexit
import io
import json
import os
import shutil
import signal
import subprocess
import sysconfig
import threading
from typing import IO, TYPE_CHECKING, Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from . import _records
from ._records import *  # noqa: F401,F403  (the record TypedDicts, listed in _records.__all__)
from ._records import CheckRecord

if TYPE_CHECKING:
    import numpy

__all__ = [
    "DepthcheckError",
    "DeadlineExceeded",
    "check",
    "check_tree",
    "check_partition",
    "publish_parts",
    "list_paths",
    "info",
    "extract",
    "compare",
    "to_parquet",
    "find_binary",
] + _records.__all__

__version__ = "0.1.0"

#: A path as the caller may give it: text, raw bytes or a path object.
PathArg = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

#: One result: the JSON object depthcheck writes for one path (a :class:`CheckRecord`).
Record = CheckRecord

#: The environment variable naming the binary.
ENV_VAR = "DEPTHCHECK_BIN"

# How much of the binary's standard error is kept (the tail), in bytes.
_STDERR_LIMIT = 64 * 1024


class DepthcheckError(RuntimeError):
    """The depthcheck binary could not be found, failed, or broke its contract.

    ``returncode`` is the process's exit status (negative: the number of the
    signal that killed it; ``None``: the process was not started or had not
    ended), ``stderr`` the tail of what it wrote to standard error.

    >>> try:
    ...     depthcheck.extract("Corpus/good/jpeg-disparity.jpg", aux="gainmap")
    ... except depthcheck.DepthcheckError as error:
    ...     print(error.returncode, error.stderr.strip())
    1 depthcheck: Corpus/good/jpeg-disparity.jpg has no gainmap aux image; it has 2 (disparity)
    """

    def __init__(self, message: str, returncode: Optional[int] = None, stderr: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.returncode = returncode
        self.stderr = stderr

    def __reduce__(self) -> Tuple[Any, ...]:
        # Keep the extra fields when the error is pickled (Dask and Spark
        # workers send exceptions back to the driver).
        return (type(self), (self.message, self.returncode, self.stderr))


class DeadlineExceeded(DepthcheckError):
    """The depthcheck process ran past its ``deadline`` and was killed.

    Every function that runs the binary takes ``deadline=``: seconds of wall-clock
    time from the start of the process. When they have passed, the process and
    everything it started (its process group, so a wrapper script's children too)
    get SIGKILL, whatever they are waiting for (a hung binary, a read stuck in a
    network file system), and this error is raised, so that a Spark or Dask task
    ends instead of waiting forever. ``returncode`` is the killed process's
    (``-9``), ``stderr`` what it wrote before. It is a :class:`DepthcheckError`;
    :func:`check_partition` does not run a part that passed its deadline again.

    >>> try:
    ...     results = depthcheck.check_partition(["Corpus/good/jpeg-disparity.jpg"], deadline=600)
    ... except depthcheck.DeadlineExceeded:
    ...     results = []  # this part took too long: report it, or fail the task
    >>> [r["verdict"] for r in results]
    ['pass']
    """


def _bundled_binary() -> str:
    """The path of a binary shipped inside the package, ``depthcheck/bin/depthcheck``."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "depthcheck")


def _installed_script() -> Optional[str]:
    """Where pip put the binary the platform wheel carries: this environment's scripts
    folder (``bin/`` of a virtual environment), found even when it is not on ``PATH``;
    None when nothing is there."""
    path = os.path.join(sysconfig.get_path("scripts"), "depthcheck")
    return path if os.path.exists(path) else None


def _is_executable_file(path: str) -> bool:
    return os.path.isfile(path) and os.access(path, os.X_OK)


def find_binary(binary: Optional[PathArg] = None) -> str:
    """Return the absolute path of the depthcheck binary to run.

    An explicit ``binary`` is the only candidate when given, and so is the
    ``DEPTHCHECK_BIN`` environment variable when it is set (not empty): a name
    that is not an executable file is refused, never replaced by another binary.
    Otherwise the candidates are, in order: ``depthcheck/bin/depthcheck`` inside
    this package, the ``depthcheck`` the platform wheel installs into this
    environment's scripts folder (whether or not it is on ``PATH``), and
    ``depthcheck`` on ``PATH``; the first that is an executable file wins. When
    none is, raise :class:`DepthcheckError` naming every place tried.

    >>> depthcheck.find_binary()  # doctest: +ELLIPSIS
    '/.../depthcheck'
    """
    tried: List[str] = []
    if binary is not None:
        candidates: List[Tuple[str, Optional[str]]] = [("binary argument", os.fsdecode(binary))]
    elif os.environ.get(ENV_VAR):
        # The caller named the binary: a wrong name is their mistake to hear about, not a
        # reason to run whichever other depthcheck the search would find.
        candidates = [(ENV_VAR, os.environ[ENV_VAR])]
    else:
        tried.append(f"{ENV_VAR}: not set")
        candidates = [
            ("package", _bundled_binary()),
            ("environment", _installed_script()),
            ("PATH", shutil.which("depthcheck")),
        ]
    for where, candidate in candidates:
        if candidate is None:
            tried.append(f"{where}: not found")
            continue
        if _is_executable_file(candidate):
            return os.path.abspath(candidate)
        tried.append(f"{where}: {candidate!r} is not an executable file")
    raise DepthcheckError("depthcheck binary not found; tried " + "; ".join(tried))


def _one_or_many(value: Any) -> List[Any]:
    """A ``str``, ``bytes`` or path object is one value; any other iterable is several.
    (Iterating a str would give its letters: ``"a.jpg"`` as five paths, ``"jpg"`` as three
    extensions.)"""
    if isinstance(value, (str, bytes, os.PathLike)):
        return [value]
    return list(value)


def _encode_paths(paths: Iterable[PathArg]) -> List[bytes]:
    """Turn every path into the bytes fed to the binary, refusing what it cannot list."""
    encoded: List[bytes] = []
    for path in paths:
        raw = os.fsencode(path)
        if b"\0" in raw:
            raise ValueError(f"path contains a NUL byte: {path!r}")
        if not raw:
            # An empty entry in a NUL-separated list names no file.
            raise ValueError("empty path")
        encoded.append(raw)
    return encoded


def _feed(stream: IO[bytes], data: bytes) -> None:
    """Write the path list to the process and close its standard input."""
    try:
        view = memoryview(data)
        while view:
            # The pipe is unbuffered: one write(2) may take only part of what is left.
            view = view[stream.write(view) or 0:]
    except (OSError, ValueError):
        # The process ended or was stopped before reading everything; its exit status and
        # line count tell what happened.
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _drain(stream: IO[bytes], tail: bytearray) -> None:
    """Read standard error to its end, keeping the last ``_STDERR_LIMIT`` bytes."""
    for chunk in iter(lambda: stream.read(8192), b""):
        tail.extend(chunk)
        if len(tail) > _STDERR_LIMIT:
            del tail[: len(tail) - _STDERR_LIMIT]


def _kill_group(pid: int) -> None:
    """SIGKILL the process group that the process ``pid`` leads: the process and whatever it
    started (a wrapper script's children would otherwise keep its pipes open)."""
    try:
        os.killpg(pid, signal.SIGKILL)
    except OSError:
        # ESRCH: nothing of it is left.
        pass


class _Process:
    """One depthcheck process: its own process group, a thread feeding ``stdin`` to it (when
    given), one draining its standard error, and the ``deadline`` that kills the group.

    The pipes are unbuffered (``bufsize=0``): a thread blocked in a read or a write then
    holds no lock of a buffered stream, which the interpreter would have to take at exit
    (a daemon thread holding one aborts it: "Fatal Python error: _enter_buffered_busy").
    Every process still running at exit is stopped before the interpreter stops its
    threads (``_stop_all``), so an iterator left unfinished ends cleanly.
    """

    def __init__(self, argv: List[Any], stdin: Optional[bytes], deadline: Optional[float]) -> None:
        self.deadline = deadline
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.DEVNULL if stdin is None else subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=0,
            # A session of its own is a process group of its own, which the deadline kills
            # whole (setsid(2)).
            start_new_session=True)
        assert self.proc.stdout is not None and self.proc.stderr is not None
        self.stdout = io.BufferedReader(self.proc.stdout)
        self.stderr_tail = bytearray()
        self.threads = [threading.Thread(target=_drain, args=(self.proc.stderr, self.stderr_tail), daemon=True)]
        if stdin is not None:
            self.threads.append(threading.Thread(target=_feed, args=(self.proc.stdin, stdin), daemon=True))
        self.expired = threading.Event()
        self.timer: Optional[threading.Timer] = None
        if deadline is not None:
            self.timer = threading.Timer(deadline, self._expire)
            self.timer.daemon = True
        self.done = False
        with _running_lock:
            _running.add(self)
        for thread in self.threads:
            thread.start()
        if self.timer is not None:
            self.timer.start()

    def _expire(self) -> None:
        self.expired.set()
        _kill_group(self.proc.pid)

    def stop(self, kill: bool) -> None:
        """Wait for the process (after killing its group when ``kill``) and for both threads,
        which end when the pipes do; then close the pipes. Safe to call again."""
        if self.done:
            return
        if kill:
            _kill_group(self.proc.pid)
        # Until the process has ended and its pipes are closed, the deadline still holds.
        self.proc.wait()
        for thread in self.threads:
            thread.join()
        if self.timer is not None:
            self.timer.cancel()
        self.stdout.close()
        self.proc.stderr.close()  # type: ignore[union-attr]
        with _running_lock:
            _running.discard(self)
        self.done = True

    def stderr_text(self) -> str:
        return self.stderr_tail.decode("utf-8", "replace")

    def error(self, message: str, kind: type = DepthcheckError) -> DepthcheckError:
        """A ``kind`` error with ``message`` and the last lines of standard error."""
        text = self.stderr_text()
        lines = text.strip().splitlines()
        if lines:
            message += "; its standard error ends: " + " | ".join(lines[-5:])
        return kind(message, self.proc.returncode, text)

    def passed_deadline(self, what: str, detail: str = "") -> DepthcheckError:
        return self.error(f"{what} passed its deadline of {self.deadline:g} s and was killed with its process group"
                          + detail, DeadlineExceeded)


# The processes running now (_Process), stopped at exit by _stop_all.
_running: "set[_Process]" = set()
_running_lock = threading.Lock()


def _stop_all() -> None:
    """Stop every process still running: those of :func:`check` iterators left unfinished
    (a ``break``, ``sys.exit`` or KeyboardInterrupt while one was suspended). atexit runs
    this before the interpreter stops its daemon threads, so they end as the pipes close."""
    with _running_lock:
        running = list(_running)
    for process in running:
        process.stop(kill=True)


atexit.register(_stop_all)


def _check_deadline(deadline: Optional[float]) -> Optional[float]:
    if deadline is None:
        return None
    if isinstance(deadline, bool) or not deadline > 0:
        raise ValueError(f"deadline must be a positive number of seconds, not {deadline!r}")
    return float(deadline)


def _describe_exit(returncode: int) -> str:
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"was killed by {name}"
    return f"exited with status {returncode}"


def check(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    jobs: int = 1,
    pixels: bool = False,
    strict: bool = False,
    require: Union[str, Iterable[str]] = (),
    rules_detail: bool = False,
    timeout: Optional[float] = None,
    deadline: Optional[float] = None,
    binary: Optional[PathArg] = None,
) -> Iterator[CheckRecord]:
    """Check ``paths`` with one depthcheck process; yield one result dict per path, in order.

    A ``str`` (encoded with :func:`os.fsencode`), ``bytes`` (fed as it is) or
    path object is one path; any other iterable of them is several. ``jobs``
    files are checked in parallel; ``pixels`` also decodes the aux images and
    runs the pixel rules; ``strict`` holds every should-rule as a shall-rule;
    ``require`` (``"depth"``, ``"disparity"``, ``"matte"``, ``"gainmap"``, one
    as a ``str`` or several in a list) fails a file without that aux image;
    ``rules_detail`` adds the lists of rules that passed, failed or did not
    apply; ``timeout`` (seconds) makes a file that takes longer unreadable.
    These are ``depthcheck check``'s options. ``deadline`` (seconds of
    wall-clock time from the start of the process) bounds the whole run: past
    it the process is killed with its process group and
    :class:`DeadlineExceeded` raised.

    >>> for r in depthcheck.check(["Corpus/good/jpeg-disparity.jpg",
    ...                            "Corpus/bad/matte.requires-depth/matte-without-disparity.jpg"]):
    ...     print(r["verdict"], [f["rule"] for f in r["findings"]])
    pass []
    fail ['matte.requires-depth']

    Findings and unreadable files are results, not errors (``verdict`` is
    ``"pass"``, ``"fail"`` or ``"unreadable"``). :class:`DepthcheckError` is
    raised when the binary cannot be found, exits non-zero, is killed by a
    signal, writes more or fewer lines than paths, a line is not JSON, or a
    line's ``path`` is not the path fed at that position. Results are yielded
    as they arrive, so an exit-status error comes after the last result; use
    :func:`check_partition` to get all results or the error.

    The paths are read, checked (``ValueError`` for one with a NUL byte or an
    empty one) and the binary found when ``check`` is called; the process
    starts on the first ``next()``. An empty input starts no process.
    Abandoning the iterator (``close()``, or dropping it) stops the process;
    one still suspended when the interpreter exits is stopped then.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    deadline = _check_deadline(deadline)
    encoded = _encode_paths(_one_or_many(paths))
    if not encoded:
        return iter(())
    argv = [
        find_binary(binary), "check",
        "--format", "jsonl", "--fail-on", "never",
        "--files-from", "-", "-0",
        "--jobs", str(jobs),
    ]
    if pixels:
        argv.append("--pixels")
    if strict:
        argv.append("--strict")
    for kind in _one_or_many(require):
        argv += ["--require", os.fsdecode(kind)]
    if rules_detail:
        argv.append("--rules-detail")
    if timeout is not None:
        argv += ["--timeout", repr(float(timeout))]
    return _run(argv, encoded, deadline)


def check_tree(
    roots: Union[PathArg, Iterable[PathArg]],
    *,
    ext: Union[str, Iterable[str], None] = None,
    follow_links: bool = False,
    all_names: bool = False,
    shard: Optional[str] = None,
    **options: Any,
) -> Iterator[CheckRecord]:
    """Check the files ``depthcheck check -r`` checks under ``roots``.

    The files are those :func:`list_paths` gives (depthcheck's own walk, with
    ``ext``, ``follow_links``, ``all_names`` and ``shard``), a path the walk
    cannot read included, which comes back unreadable as ``check -r`` reports
    it; the other keyword options are :func:`check`'s (a ``deadline`` applies
    to the walk and to the check, each).

    >>> for r in depthcheck.check_tree("Corpus/bad/structure.jpeg.trailing-data", jobs=2):
    ...     print(r["verdict"], r["path"])
    pass Corpus/bad/structure.jpeg.trailing-data/bytes-between-primary-and-disparity.jpg
    pass Corpus/bad/structure.jpeg.trailing-data/unindexed-image-after-last.jpg
    pass Corpus/bad/structure.jpeg.trailing-data/zeros-after-last-image.jpg
    """
    paths = list_paths(roots, ext=ext, follow_links=follow_links, all_names=all_names, shard=shard,
                       deadline=options.get("deadline"), binary=options.get("binary"))
    return check(paths, **options)


def _run(argv: List[str], encoded: List[bytes], deadline: Optional[float]) -> Iterator[CheckRecord]:
    """Start the process, feed it ``encoded`` and yield its results, checking each one."""
    expected = len(encoded)
    process = _Process(argv, b"".join(p + b"\0" for p in encoded), deadline)
    received = 0
    try:
        for line in process.stdout:
            received += 1
            if received > expected:
                received += sum(1 for _ in process.stdout)
                process.stop(kill=False)
                raise process.error(f"depthcheck wrote {received} result lines for {expected} paths")
            try:
                record = json.loads(line)
            except ValueError as exc:
                raise process.error(f"depthcheck result line {received} is not JSON: {exc}") from None
            fed = encoded[received - 1]
            got = record.get("path") if isinstance(record, dict) else None
            if not isinstance(got, str) or os.fsencode(got) != fed:
                raise process.error(
                    f"depthcheck result line {received} is for path {got!r}, "
                    f"expected {os.fsdecode(fed)!r}"
                )
            yield record
        process.stop(kill=False)
        returncode = process.proc.returncode
        # A run that completed as the deadline passed is complete all the same.
        if process.expired.is_set() and (returncode != 0 or received != expected):
            raise process.passed_deadline("depthcheck", f" (expected {expected} result lines, received {received})")
        if returncode != 0:
            raise process.error(
                f"depthcheck {_describe_exit(returncode)} "
                f"(expected {expected} result lines, received {received})"
            )
        if received != expected:
            raise process.error(f"depthcheck wrote {received} result lines for {expected} paths")
    finally:
        # Nothing left to do after a stop above; otherwise the run was abandoned (close(),
        # garbage collection) or failed: kill what is left of it.
        process.stop(kill=True)


def list_paths(
    roots: Union[PathArg, Iterable[PathArg]],
    *,
    ext: Union[str, Iterable[str], None] = None,
    follow_links: bool = False,
    all_names: bool = False,
    shard: Optional[str] = None,
    deadline: Optional[float] = None,
    binary: Optional[PathArg] = None,
) -> List[bytes]:
    """Return the paths ``depthcheck check -r`` checks under ``roots``, as bytes.

    This is ``depthcheck list -0``: depthcheck's own walk, so a recipe that
    fans these paths out checks exactly the files one process would (photo
    extensions only, hidden entries skipped, each file once unless
    ``all_names``). A ``str``, ``bytes`` or path object is one root; any other
    iterable is several. ``ext`` (``"jpg"``, or several: ``["jpg", "heic"]``),
    ``follow_links``, ``all_names`` and ``shard`` (``"K/N"``) are ``check``'s
    options; ``deadline`` is :func:`check`'s.

    >>> depthcheck.list_paths("Corpus/good", ext="heic")[:2]
    [b'Corpus/good/heif-disparity.heic', b'Corpus/good/writer-heif-depth-fdep-o8-matte.heic']

    A path the walk cannot read (a folder it cannot open, a dangling link it
    was asked to follow, a root that is not there) is listed all the same, as
    ``check -r`` reports it: checking it gives its ``unreadable`` result
    (``depthcheck list`` says why on its standard error and exits 3).
    :class:`DepthcheckError` is raised when the walk fails otherwise: a usage
    error, or no photo at all under the roots (the message carries
    depthcheck's).
    """
    argv: List[Any] = [find_binary(binary), "list", "-0"]
    if ext is not None:
        argv += ["--ext", ",".join(os.fsdecode(e) for e in _one_or_many(ext))]
    if follow_links:
        argv.append("--follow-links")
    if all_names:
        argv.append("--all-names")
    if shard is not None:
        argv += ["--shard", shard]
    argv.append("--")
    argv += _encode_paths(_one_or_many(roots))
    returncode, out, stderr = _command(argv, deadline)
    listed = [p for p in out.split(b"\0") if p]
    # Exit 3 with paths listed: one could not be read and is among them (docs/scale-out.md).
    if returncode != 0 and not (returncode == 3 and listed):
        raise DepthcheckError(f"depthcheck list {_describe_exit(returncode)}: {stderr.strip()}", returncode, stderr)
    return listed


def _one_path(path: PathArg, what: str = "path") -> bytes:
    """One path as the bytes handed to the binary; a str, bytes or path object, never a list."""
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise TypeError(f"{what} must be a str, bytes or path object, not {type(path).__name__}")
    return _encode_paths([path])[0]


def _limit_options(limits: Dict[str, Optional[int]]) -> List[str]:
    """``max_pixels=N`` and the like as ``--max-pixels=N`` (the reader's limits); one
    argument each, so a negative number reaches depthcheck's own check as a value."""
    return ["--" + name.replace("_", "-") + "=" + str(int(value)) for name, value in limits.items() if value is not None]


def _command(argv: List[Any], deadline: Optional[float]) -> Tuple[int, bytes, str]:
    """Run one depthcheck command to its end: its exit status, standard output and
    standard error. Raises :class:`DeadlineExceeded` when it passes ``deadline``."""
    process = _Process(argv, None, _check_deadline(deadline))
    try:
        out = process.stdout.read()
        process.stop(kill=False)
    finally:
        # Nothing left to do after the stop above; an interrupted read kills the process.
        process.stop(kill=True)
    if process.expired.is_set() and process.proc.returncode < 0:
        raise process.passed_deadline(f"depthcheck {argv[1]}")
    return process.proc.returncode, out, process.stderr_text()


def _run_command(argv: List[Any], accept: Tuple[int, ...] = (0,), deadline: Optional[float] = None) -> bytes:
    """Run one depthcheck command to its end; its standard output, or DepthcheckError
    carrying its message when it exits with a status not in ``accept``."""
    returncode, out, stderr = _command(argv, deadline)
    if returncode not in accept:
        raise DepthcheckError(f"depthcheck {argv[1]} {_describe_exit(returncode)}: {stderr.strip()}",
                              returncode, stderr)
    return out


def _json_document(argv: List[Any], accept: Tuple[int, ...] = (0,), deadline: Optional[float] = None) -> Dict[str, Any]:
    out = _run_command(argv, accept, deadline)
    try:
        document = json.loads(out)
    except ValueError as exc:
        raise DepthcheckError(f"depthcheck {argv[1]} wrote no JSON document: {exc}", 0) from None
    if not isinstance(document, dict):
        raise DepthcheckError(f"depthcheck {argv[1]} wrote JSON that is not an object", 0)
    return document


def info(
    paths: Union[PathArg, Iterable[PathArg]],
    *,
    recursive: bool = False,
    pixels: bool = True,
    max_pixels: Optional[int] = None,
    max_xmp_bytes: Optional[int] = None,
    max_items: Optional[int] = None,
    max_nesting: Optional[int] = None,
    max_boxes: Optional[int] = None,
    max_extents: Optional[int] = None,
    max_references: Optional[int] = None,
    max_allocation: Optional[int] = None,
    deadline: Optional[float] = None,
    binary: Optional[PathArg] = None,
) -> Dict[str, Any]:
    """Return ``depthcheck info --format json`` of ``paths``: ``{"tool", "files": [...]}``.

    A ``str``, ``bytes`` or path object is one path; any other iterable is
    several. ``files`` holds one object per photo, in order: ``path``,
    ``container``, ``primary``, ``auxImages`` (each with its data dictionary,
    its ``metadata`` as an object keyed by name, and, unless ``pixels`` is
    false, the ``statistics`` of its decoded values) and ``findings``.
    ``recursive`` walks folders as ``check -r`` does; ``max_pixels`` and the
    other ``max_*`` options are the reader's limits (``--max-pixels`` …);
    ``deadline`` is :func:`check`'s.

    >>> document = depthcheck.info("Corpus/good/writer-jpeg-depth-fdep-o3-matte.jpg")
    >>> [(a["kind"], a["width"], a["height"]) for a in document["files"][0]["auxImages"]]
    [('depth', 16, 12), ('portraitEffectsMatte', 16, 12)]

    A photo that cannot be read is in ``files`` with a
    ``structure.file.unreadable`` finding, as ``check`` reports it.
    :class:`DepthcheckError` is raised when the binary cannot be found or
    fails otherwise (a usage error, an internal error).
    """
    encoded = _encode_paths(_one_or_many(paths))
    if not encoded:
        raise ValueError("info needs at least one path")
    argv: List[Any] = [find_binary(binary), "info", "--format", "json"]
    if recursive:
        argv.append("--recursive")
    if not pixels:
        argv.append("--no-pixels")
    argv += _limit_options({
        "max_pixels": max_pixels, "max_xmp_bytes": max_xmp_bytes, "max_items": max_items,
        "max_nesting": max_nesting, "max_boxes": max_boxes, "max_extents": max_extents,
        "max_references": max_references, "max_allocation": max_allocation,
    })
    # Exit status 3 says a photo could not be read; the document still reports it.
    return _json_document(argv + ["--"] + encoded, accept=(0, 3), deadline=deadline)


#: ``extract``'s ``dtype`` values and the ``--type`` each one is.
_FLOAT_TYPES = {"float32": "f32", "float16": "f16"}


def extract(
    path: PathArg,
    *,
    aux: Optional[str] = None,
    index: Optional[int] = None,
    as_: str = "native",
    dtype: Optional[str] = None,
    orient: bool = False,
    max_pixels: Optional[int] = None,
    max_xmp_bytes: Optional[int] = None,
    max_items: Optional[int] = None,
    max_nesting: Optional[int] = None,
    max_boxes: Optional[int] = None,
    max_extents: Optional[int] = None,
    max_references: Optional[int] = None,
    max_allocation: Optional[int] = None,
    deadline: Optional[float] = None,
    binary: Optional[PathArg] = None,
) -> numpy.ndarray:
    """Return one aux image of the photo at ``path`` as a numpy array, rows by columns.

    This is ``depthcheck extract --format npy``, read from its standard
    output. Without ``aux`` or ``index``, the depth or disparity map; ``aux``
    takes one by kind (``"depth"``, ``"disparity"``, ``"confidence"``,
    ``"matte"``, ``"hair"``, ``"skin"``, ``"teeth"``, ``"glasses"``, ``"sky"``,
    ``"gainmap"``, ``"alpha"``, ``"view"``, ``"original"``, ``"unknown"``), ``index`` by the
    index :func:`info` shows. ``as_`` (the ``--as`` option) is ``"native"``
    (the file's own values: metres for a depth map, 1/metres for a disparity
    map, 0…1 for a matte), ``"depth"`` (metres), ``"disparity"`` (1/metres) or
    ``"stored"`` (the decoded integers, uint8 or uint16). Values are float32,
    or float16 with ``dtype="float16"``. ``orient`` turns the map into the
    photo's display frame (Exif Orientation, or the item's irot/imir); the
    ``max_*`` options are the reader's limits; ``deadline`` is :func:`check`'s.
    Needs numpy.

    >>> depth = depthcheck.extract("Corpus/good/writer-jpeg-depth-fdep-o3-matte.jpg", as_="depth")
    >>> depth.shape, depth.dtype, float(depth.max())
    ((12, 16), dtype('float32'), 4.0)
    >>> depthcheck.extract("Corpus/good/writer-heif-disparity-hdis-o6-semantic.heic", aux="sky", orient=True).shape
    (88, 66)

    A photo without the aux image asked for raises :class:`DepthcheckError`
    with depthcheck's message (which names the aux images it has).
    """
    try:
        import numpy
    except ImportError as exc:
        raise ImportError("depthcheck.extract needs numpy; install it with pip install numpy") from exc
    if dtype is not None and dtype not in _FLOAT_TYPES:
        raise ValueError(f"dtype must be one of {', '.join(_FLOAT_TYPES)}, not {dtype!r}")
    raw = _one_path(path)
    argv: List[Any] = [find_binary(binary), "extract", "--format", "npy", "--output", "-", "--as", as_]
    if aux is not None:
        argv += ["--aux", aux]
    if index is not None:
        argv.append(f"--index={int(index)}")
    if dtype is not None:
        argv += ["--type", _FLOAT_TYPES[dtype]]
    if orient:
        argv.append("--orient")
    argv += _limit_options({
        "max_pixels": max_pixels, "max_xmp_bytes": max_xmp_bytes, "max_items": max_items,
        "max_nesting": max_nesting, "max_boxes": max_boxes, "max_extents": max_extents,
        "max_references": max_references, "max_allocation": max_allocation,
    })
    out = _run_command(argv + ["--", raw], deadline=deadline)
    try:
        array: numpy.ndarray = numpy.load(io.BytesIO(out), allow_pickle=False)
    except ValueError as exc:
        raise DepthcheckError(f"depthcheck extract wrote no npy array: {exc}", 0) from None
    return array


def compare(
    original: PathArg,
    export: PathArg,
    *,
    recursive: bool = False,
    match: str = "stem",
    tolerance: Union[str, float] = "auto",
    jobs: int = 1,
    deadline: Optional[float] = None,
    binary: Optional[PathArg] = None,
) -> Dict[str, Any]:
    """Return ``depthcheck compare --format json`` of an original and its export.

    For two photos, one object: ``original``, ``export``, ``verdict``
    (``"ok"``, ``"stripped"``, ``"changed"``, ``"orphaned"`` or ``"added"``)
    and ``auxImages``, one entry per matched aux image with its ``change``
    (``"kept"``, ``"lost"``, ``"added"``, ``"changed"``, ``"orphaned"``) and,
    where both sides decode, the errors (``maxError``, ``p99Error`` …) in
    ``units``. For two folders, ``{"pairs": [...]}``, paired by ``match``
    (``"stem"`` or ``"relpath"``), walked with ``recursive``, compared
    ``jobs`` at a time. ``tolerance`` is ``"auto"``, a number in the map's
    unit (``0.05``) or a percentage of the original's range (``"2%"``).
    ``deadline`` is :func:`check`'s.

    >>> result = depthcheck.compare("Corpus/good/jpeg-disparity.jpg", "Corpus/good/jpeg-disparity.jpg")
    >>> result["verdict"], [(a["change"], a["maxError"]) for a in result["auxImages"]]
    ('ok', [('kept', 0)])

    A verdict is a result, whichever it is; :class:`DepthcheckError` is
    raised when the binary cannot be found, an argument cannot be read (exit
    status 3) or the options are refused (2).
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    pair = [_one_path(original, "original"), _one_path(export, "export")]
    if isinstance(tolerance, (int, float)) and not isinstance(tolerance, bool):
        tolerance = repr(float(tolerance))
    argv: List[Any] = [find_binary(binary), "compare", "--format", "json", "--match", match,
                       f"--tolerance={tolerance}", "--jobs", str(jobs),
                       # No verdict fails the run: the caller reads the verdicts.
                       "--fail-on", ""]
    if recursive:
        argv.append("--recursive")
    return _json_document(argv + ["--"] + pair, deadline=deadline)


def check_partition(paths: Union[PathArg, Iterable[PathArg]], **options: Any) -> List[Record]:
    """Check every path of one partition and return the results as a list.

    Accepts any iterable (a generator, Spark's partition iterator, a Dask
    partition list), so it can be passed as is to
    ``rdd.mapPartitions(depthcheck.check_partition)`` or
    ``bag.map_partitions(depthcheck.check_partition)``; a ``str``, ``bytes``
    or path object is one path, as for :func:`check`. Keyword options are
    those of :func:`check`; bind them with :func:`functools.partial`, e.g.
    ``partial(depthcheck.check_partition, jobs=4, pixels=True, deadline=3600)``.

    A process that died (killed by a signal, or any exit status but 2, a bad
    request that a second run would repeat) is run once more on the whole
    partition; one that passed its ``deadline`` is not (the deadline bounds
    the partition). Raises :class:`DepthcheckError` (:class:`DeadlineExceeded`
    for the deadline) before returning anything when the run fails, or fails
    again.
    """
    paths = _one_or_many(paths)
    try:
        return list(check(paths, **options))
    except DepthcheckError as error:
        # Status 0 with a broken contract (a missing line, a wrong path) is a fault of the
        # binary, and None a process that never ran: neither is mended by running again.
        if error.returncode in (None, 0, 2) or isinstance(error, DeadlineExceeded):
            raise
        first = error
    try:
        return list(check(paths, **options))
    except DepthcheckError as error:
        raise DepthcheckError(f"{error.message} (run twice; the first run: {first.message})",
                              error.returncode, error.stderr) from first


def publish_parts(staging: str, out: str, parts: List[str], chunks: List[List[Any]]) -> None:
    """Publish the part files in the folder ``staging`` as the folder ``out``, all or nothing.

    ``parts[i]`` holds the JSON Lines results of the paths ``chunks[i]``. Each
    part must hold one line per path; ``manifest.tsv`` (``part``, ``paths``,
    ``records``, tab-separated) is written beside them, then ``staging``
    becomes ``out`` by a rename, an older ``out`` moved aside only then and
    removed after. Raises :class:`DepthcheckError` naming the part when a count
    differs, leaving ``out`` as it was; the caller removes ``staging``.

    >>> import os, tempfile
    >>> root = tempfile.mkdtemp()
    >>> staging = os.path.join(root, "results.tmp-1")
    >>> os.mkdir(staging)
    >>> with open(os.path.join(staging, "0.jsonl"), "w") as part:
    ...     _ = part.write('{"path": "a.jpg"}\\n{"path": "b.jpg"}\\n')
    >>> depthcheck.publish_parts(staging, os.path.join(root, "results"),
    ...                          [os.path.join(staging, "0.jsonl")], [["a.jpg", "b.jpg"]])
    >>> with open(os.path.join(root, "results", "manifest.tsv")) as manifest:
    ...     manifest.read().splitlines()
    ['part\\tpaths\\trecords', '0.jsonl\\t2\\t2']
    """
    if len(parts) != len(chunks):
        raise DepthcheckError(f"{len(parts)} parts for {len(chunks)} chunks of paths")
    with open(os.path.join(staging, "manifest.tsv"), "w", encoding="utf-8") as manifest:
        manifest.write("part\tpaths\trecords\n")
        for part, chunk in zip(parts, chunks):
            with open(part, "rb") as lines:
                records = sum(1 for _ in lines)
            if records != len(chunk):
                raise DepthcheckError(f"{part}: {records} records for {len(chunk)} paths")
            manifest.write(f"{os.path.basename(part)}\t{len(chunk)}\t{records}\n")
    old = staging + ".old"
    if os.path.exists(out):
        os.rename(out, old)
    os.rename(staging, out)
    shutil.rmtree(old, ignore_errors=True)


def _text(value: Any) -> Optional[str]:
    """A string Arrow can store: bytes that are not UTF-8 become ``\\xNN`` escapes."""
    if value is None:
        return None
    return str(value).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def to_parquet(records: Iterable[CheckRecord], path: PathArg) -> None:
    """Write results to a Parquet file at ``path``, one row per result.

    Needs pyarrow (``pip install 'depthcheck[parquet]'``). Columns:

    - ``path`` (string): the file name; bytes that are not UTF-8 are written
      as ``\\xNN`` escapes. ``path_bytes`` (binary): the exact file name.
    - ``container``, ``verdict`` (string; ``container`` is null when unread).
    - ``primary_width``, ``primary_height`` (int64, null when absent).
    - ``aux_image_count`` (int64): the number of aux images found.
    - ``findings``: a list of structs ``rule``, ``severity``, ``offset``
      (int64, nullable), ``path``, ``message``, ``citation`` (nullable).

    Other fields of a result (the aux image details, the rule lists) are not
    written.

    >>> import os, tempfile, pyarrow.parquet
    >>> out = os.path.join(tempfile.mkdtemp(), "results.parquet")
    >>> depthcheck.to_parquet(depthcheck.check("Corpus/good/jpeg-disparity.jpg"), out)
    >>> pyarrow.parquet.read_table(out).to_pylist()[0]["aux_image_count"]
    1
    """
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError as exc:
        raise ImportError(
            "depthcheck.to_parquet needs pyarrow; install it with "
            "pip install 'depthcheck[parquet]' (or pip install pyarrow)"
        ) from exc

    finding = pa.struct([
        ("rule", pa.string()),
        ("severity", pa.string()),
        ("offset", pa.int64()),
        ("path", pa.string()),
        ("message", pa.string()),
        ("citation", pa.string()),
    ])
    schema = pa.schema([
        ("path", pa.string()),
        ("path_bytes", pa.binary()),
        ("container", pa.string()),
        ("verdict", pa.string()),
        ("primary_width", pa.int64()),
        ("primary_height", pa.int64()),
        ("aux_image_count", pa.int64()),
        ("findings", pa.list_(finding)),
    ])
    rows = []
    for record in records:
        primary: Dict[str, Any] = dict(record.get("primary") or {})
        rows.append({
            "path": _text(record["path"]),
            "path_bytes": os.fsencode(record["path"]),
            "container": record.get("container"),
            "verdict": record.get("verdict"),
            "primary_width": primary.get("width"),
            "primary_height": primary.get("height"),
            "aux_image_count": len(record.get("auxImages") or []),
            "findings": [
                {key: (item.get(key) if key == "offset" else _text(item.get(key)))
                 for key in ("rule", "severity", "offset", "path", "message", "citation")}
                for item in record.get("findings") or []
            ],
        })
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), os.fspath(path))
