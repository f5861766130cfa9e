"""Run the ``depthcheck`` binary over many photos and read its results as dicts.

One call starts one ``depthcheck check --format jsonl --fail-on never
--files-from - -0`` process, feeds it the paths on standard input and yields
one result dict per path, in input order::

    import depthcheck

    for result in depthcheck.check(["a.jpg", "b.heic"], jobs=4):
        print(result["path"], result["verdict"])

The package needs only the standard library; :func:`to_parquet` needs pyarrow
(``pip install 'depthcheck[parquet]'``).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sysconfig
import threading
from typing import IO, Any, Dict, Iterable, Iterator, List, Optional, Tuple, Union

__all__ = [
    "DepthcheckError",
    "check",
    "check_partition",
    "check_tree",
    "find_binary",
    "list_paths",
    "to_parquet",
]

__version__ = "0.1.0"

#: A path as the caller may give it: text, raw bytes or a path object.
PathArg = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

#: One result: the JSON object depthcheck writes for one path.
Record = Dict[str, Any]

#: The environment variable naming the binary.
ENV_VAR = "DEPTHCHECK_BIN"

# How much of the binary's standard error is kept (the tail), in bytes.
_STDERR_LIMIT = 64 * 1024


class DepthcheckError(RuntimeError):
    """The depthcheck binary could not be found, failed, or broke its contract.

    ``returncode`` is the process's exit status (negative: the number of the
    signal that killed it; ``None``: the process was not started or had not
    ended), ``stderr`` the tail of what it wrote to standard error.
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

    An explicit ``binary`` is the only candidate when given. Otherwise the
    candidates are, in order: the ``DEPTHCHECK_BIN`` environment variable,
    ``depthcheck/bin/depthcheck`` inside this package, the ``depthcheck`` the
    platform wheel installs into this environment's scripts folder (whether or
    not it is on ``PATH``), and ``depthcheck`` on ``PATH``. The first that is an executable file wins; when none is, raise
    :class:`DepthcheckError` naming every place tried.
    """
    tried: List[str] = []
    if binary is not None:
        candidates: List[Tuple[str, Optional[str]]] = [("binary argument", os.fsdecode(binary))]
    else:
        candidates = [
            (ENV_VAR, os.environ.get(ENV_VAR) or None),
            ("package", _bundled_binary()),
            ("environment", _installed_script()),
            ("PATH", shutil.which("depthcheck")),
        ]
    for where, candidate in candidates:
        if candidate is None:
            tried.append(f"{where}: not set" if where == ENV_VAR else f"{where}: not found")
            continue
        if _is_executable_file(candidate):
            return os.path.abspath(candidate)
        tried.append(f"{where}: {candidate!r} is not an executable file")
    raise DepthcheckError("depthcheck binary not found; tried " + "; ".join(tried))


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
        stream.write(data)
    except OSError:
        # The process ended or was stopped before reading everything; its
        # exit status and line count tell what happened.
        pass
    finally:
        try:
            stream.close()
        except OSError:
            pass


def _drain(stream: IO[bytes], tail: bytearray) -> None:
    """Read standard error to its end, keeping the last ``_STDERR_LIMIT`` bytes."""
    for chunk in iter(lambda: stream.read1(8192), b""):  # type: ignore[attr-defined]
        tail.extend(chunk)
        if len(tail) > _STDERR_LIMIT:
            del tail[: len(tail) - _STDERR_LIMIT]


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
    require: Iterable[str] = (),
    rules_detail: bool = False,
    timeout: Optional[float] = None,
    binary: Optional[PathArg] = None,
) -> Iterator[Record]:
    """Check ``paths`` with one depthcheck process; yield one result dict per path, in order.

    A ``str`` (encoded with :func:`os.fsencode`), ``bytes`` (fed as it is) or
    path object is one path; any other iterable of them is several. ``jobs``
    files are checked in parallel; ``pixels`` also decodes the aux images and
    runs the pixel rules; ``strict`` holds every should-rule as a shall-rule;
    ``require`` (``"depth"``, ``"disparity"``, ``"matte"``, ``"gainmap"``) fails a
    file without that aux image; ``rules_detail`` adds the lists of rules that
    passed, failed or did not apply; ``timeout`` (seconds) makes a file that
    takes longer unreadable. These are ``depthcheck check``'s options.

    >>> for r in depthcheck.check("photo.heic", pixels=True):   # doctest: +SKIP
    ...     print(r["verdict"], [f["rule"] for f in r["findings"]])

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
    Abandoning the iterator stops the process.
    """
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    encoded = _encode_paths(paths)
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
    for kind in require:
        argv += ["--require", kind]
    if rules_detail:
        argv.append("--rules-detail")
    if timeout is not None:
        argv += ["--timeout", repr(float(timeout))]
    return _run(argv, encoded)


def check_tree(
    roots: Union[PathArg, Iterable[PathArg]],
    *,
    ext: Optional[Iterable[str]] = None,
    follow_links: bool = False,
    all_names: bool = False,
    shard: Optional[str] = None,
    **options: Any,
) -> Iterator[Record]:
    """Check the files ``depthcheck check -r`` checks under ``roots``.

    The files are those :func:`list_paths` gives (depthcheck's own walk, with
    ``ext``, ``follow_links``, ``all_names`` and ``shard``); the other keyword
    options are :func:`check`'s.

    >>> failed = [r["path"] for r in depthcheck.check_tree("/photos", jobs=4) if r["verdict"] != "pass"]   # doctest: +SKIP
    """
    paths = list_paths(roots, ext=ext, follow_links=follow_links, all_names=all_names, shard=shard,
                       binary=options.get("binary"))
    return check(paths, **options)


def _run(argv: List[str], encoded: List[bytes]) -> Iterator[Record]:
    """Start the process, feed it ``encoded`` and yield its results, checking each one."""
    expected = len(encoded)
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    stderr_tail = bytearray()
    threads = [
        threading.Thread(target=_feed, args=(proc.stdin, b"".join(p + b"\0" for p in encoded)), daemon=True),
        threading.Thread(target=_drain, args=(proc.stderr, stderr_tail), daemon=True),
    ]
    for thread in threads:
        thread.start()

    def error(message: str) -> DepthcheckError:
        text = stderr_tail.decode("utf-8", "replace")
        lines = text.strip().splitlines()
        if lines:
            message += "; its standard error ends: " + " | ".join(lines[-5:])
        return DepthcheckError(message, proc.returncode, text)

    received = 0
    try:
        for line in proc.stdout:
            received += 1
            if received > expected:
                received += sum(1 for _ in proc.stdout)
                proc.wait()
                raise error(f"depthcheck wrote {received} result lines for {expected} paths")
            try:
                record = json.loads(line)
            except ValueError as exc:
                raise error(f"depthcheck result line {received} is not JSON: {exc}") from None
            fed = encoded[received - 1]
            got = record.get("path") if isinstance(record, dict) else None
            if not isinstance(got, str) or os.fsencode(got) != fed:
                raise error(
                    f"depthcheck result line {received} is for path {got!r}, "
                    f"expected {os.fsdecode(fed)!r}"
                )
            yield record
        proc.wait()
        for thread in threads:
            thread.join()
        if proc.returncode != 0:
            raise error(
                f"depthcheck {_describe_exit(proc.returncode)} "
                f"(expected {expected} result lines, received {received})"
            )
        if received != expected:
            raise error(f"depthcheck wrote {received} result lines for {expected} paths")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stdout.close()
        for thread in threads:
            thread.join()
        proc.stderr.close()


def list_paths(
    roots: Union[PathArg, Iterable[PathArg]],
    *,
    ext: Optional[Iterable[str]] = None,
    follow_links: bool = False,
    all_names: bool = False,
    shard: Optional[str] = None,
    binary: Optional[PathArg] = None,
) -> List[bytes]:
    """Return the paths ``depthcheck check -r`` checks under ``roots``, as bytes.

    This is ``depthcheck list -0``: depthcheck's own walk, so a recipe that
    fans these paths out checks exactly the files one process would (photo
    extensions only, hidden entries skipped, each file once unless
    ``all_names``). A ``str``, ``bytes`` or path object is one root; any other
    iterable is several. ``ext`` (e.g. ``["jpg", "heic"]``), ``follow_links``,
    ``all_names`` and ``shard`` (``"K/N"``) are ``check``'s options.

    >>> paths = depthcheck.list_paths("/photos", all_names=True)   # doctest: +SKIP

    Raises :class:`DepthcheckError` when the walk fails or a path cannot be
    read (the message carries depthcheck's).
    """
    if isinstance(roots, (str, bytes, os.PathLike)):
        roots = [roots]
    argv: List[Any] = [find_binary(binary), "list", "-0"]
    if ext is not None:
        argv += ["--ext", ",".join(ext)]
    if follow_links:
        argv.append("--follow-links")
    if all_names:
        argv.append("--all-names")
    if shard is not None:
        argv += ["--shard", shard]
    argv.append("--")
    argv += _encode_paths(roots)
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        stderr = proc.stderr.decode("utf-8", "replace")
        raise DepthcheckError(f"depthcheck list {_describe_exit(proc.returncode)}: {stderr.strip()}",
                              proc.returncode, stderr)
    return [p for p in proc.stdout.split(b"\0") if p]


def check_partition(paths: Iterable[PathArg], **options: Any) -> List[Record]:
    """Check every path of one partition and return the results as a list.

    Accepts any iterable (a generator, Spark's partition iterator, a Dask
    partition list), so it can be passed as is to
    ``rdd.mapPartitions(depthcheck.check_partition)`` or
    ``bag.map_partitions(depthcheck.check_partition)``. Keyword options are
    those of :func:`check`; bind them with :func:`functools.partial`, e.g.
    ``partial(depthcheck.check_partition, jobs=4, pixels=True)``.

    A process that died (killed by a signal, or any exit status but 2, a bad
    request that a second run would repeat) is run once more on the whole
    partition. Raises :class:`DepthcheckError` before returning anything when
    the run fails, or fails again.
    """
    paths = list(paths)
    try:
        return list(check(paths, **options))
    except DepthcheckError as error:
        # Status 0 with a broken contract (a missing line, a wrong path) is a fault of the
        # binary, and None a process that never ran: neither is mended by running again.
        if error.returncode in (None, 0, 2):
            raise
        first = error
    try:
        return list(check(paths, **options))
    except DepthcheckError as error:
        raise DepthcheckError(f"{error.message} (run twice; the first run: {first.message})",
                              error.returncode, error.stderr) from first


def _text(value: Any) -> Optional[str]:
    """A string Arrow can store: bytes that are not UTF-8 become ``\\xNN`` escapes."""
    if value is None:
        return None
    return str(value).encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def to_parquet(records: Iterable[Record], path: PathArg) -> None:
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
        primary = record.get("primary") or {}
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
