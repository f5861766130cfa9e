#!/usr/bin/env python3
"""Files per second of depthcheck driven by one process, Dask and Spark, on one tree.

Usage: bench.py TREE [--runs N]   (Benchmarks/engines/run.sh builds the tree and calls this)

Rows (each writes its results as JSON Lines files, as the recipes of docs/scale-out.md do):
  one process   depthcheck check --jobs 2 --format jsonl --fail-on never --files-from - -0 -o FILE
  Python API    depthcheck.check(paths, jobs=2), each result written as a line with json.dumps
  Dask          LocalCluster(n_workers=2, threads_per_worker=1), bag of 2 partitions,
                .map_partitions(depthcheck.check_partition).map(json.dumps).to_textfiles(DIR)
  Spark         SparkContext("local[2]"), sc.parallelize(paths, 2)
                .mapPartitions(depthcheck.check_partition).map(json.dumps).saveAsTextFile(DIR)
The lines written are counted after each timed run. "end to end" is one run from nothing:
cluster start-up, the first job, shutdown. "job only" is the median of N further jobs on the running cluster. The
ratio is each row's files/s over the one-process files/s (end to end for the one process,
which has no cluster). Spark is skipped without Java or pyspark, Dask without dask[bag] and
distributed. Each engine runs in its own interpreter, so one's start-up does not warm another.

Environment: DEPTHCHECK_BIN (default .build/debug/depthcheck), DEPTHCHECK_PYTHON_DIR
(default python/).
"""

import argparse
import json
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def photo_paths(tree):
    found = []
    for folder, _, names in os.walk(os.fsencode(tree)):
        for name in names:
            found.append(os.path.join(folder, name))
    found.sort()
    return found


# --- one measurement per interpreter: `bench.py --measure ENGINE TREE RUNS` prints JSON ----


def lines_in(folder):
    """The JSON Lines lines written under `folder`."""
    count = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            if not name.startswith((".", "_")) and not name.endswith(".crc"):
                with open(os.path.join(parent, name), "rb") as f:
                    count += sum(1 for line in f if line.strip())
    return count


def fresh_output():
    """A new empty folder for one run's results (an engine refuses an existing one)."""
    return os.path.join(tempfile.mkdtemp(prefix="depthcheck-bench-"), "out")


def timed_write(engine, paths, write):
    """Seconds `write(folder)` takes to write the results of `paths` as JSON Lines files into a
    new folder; every path must have its line."""
    out = fresh_output()
    try:
        start = time.perf_counter()
        write(out)
        elapsed = time.perf_counter() - start
        written = lines_in(out)
    finally:
        # A failed engine leaves no results folder behind either.
        shutil.rmtree(os.path.dirname(out), ignore_errors=True)
    if written != len(paths):
        raise SystemExit(f"{engine}: {written} results for {len(paths)} paths")
    return elapsed


def measure_one_process(paths, runs, binary):
    listing = b"".join(p + b"\0" for p in paths)

    def write(out):
        os.makedirs(out)
        argv = [binary, "check", "--jobs", "2", "--format", "jsonl", "--fail-on", "never", "--files-from", "-", "-0",
                "-o", os.path.join(out, "all.jsonl")]
        proc = subprocess.run(argv, input=listing, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if proc.returncode != 0:
            raise SystemExit(f"one process: exit {proc.returncode}")

    def once():
        return timed_write("one process", paths, write)

    first = once()
    return first, [once() for _ in range(runs)]


def measure_python_api(paths, runs):
    import depthcheck

    def write(out):
        os.makedirs(out)
        with open(os.path.join(out, "all.jsonl"), "w", encoding="utf-8") as f:
            for record in depthcheck.check(paths, jobs=2):
                f.write(json.dumps(record) + "\n")

    def once():
        return timed_write("python api", paths, write)

    first = once()
    return first, [once() for _ in range(runs)]


def measure_dask(paths, runs):
    import dask.bag as db
    import depthcheck
    from distributed import Client, LocalCluster

    # Exactly 2 partitions (npartitions=2 may make 3: Dask rounds the partition size down).
    size = math.ceil(len(paths) / 2)

    def write(out):
        (db.from_sequence(paths, partition_size=size).map_partitions(depthcheck.check_partition)
           .map(json.dumps).to_textfiles(os.path.join(out, "*.jsonl")))

    def job():
        return timed_write("dask", paths, write)

    start = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=None)
    client = Client(cluster)
    try:
        job()
        end_to_end_open = time.perf_counter() - start
        jobs = [job() for _ in range(runs)]
    finally:
        close_start = time.perf_counter()
        client.close()
        cluster.close()
        close = time.perf_counter() - close_start
    return end_to_end_open + close, jobs


def measure_spark(paths, runs):
    import depthcheck
    from pyspark import SparkConf, SparkContext

    def job(sc):
        def write(out):
            sc.parallelize(paths, 2).mapPartitions(depthcheck.check_partition).map(json.dumps).saveAsTextFile(out)
        return timed_write("spark", paths, write)

    start = time.perf_counter()
    conf = SparkConf().setMaster("local[2]").setAppName("depthcheck-bench").set("spark.ui.enabled", "false")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        job(sc)
        end_to_end_open = time.perf_counter() - start
        jobs = [job(sc) for _ in range(runs)]
    finally:
        close_start = time.perf_counter()
        sc.stop()
        close = time.perf_counter() - close_start
    return end_to_end_open + close, jobs


def measure(engine, tree, runs):
    paths = photo_paths(tree)
    if engine == "one":
        first, jobs = measure_one_process(paths, runs, os.environ["DEPTHCHECK_BIN"])
    elif engine == "api":
        first, jobs = measure_python_api(paths, runs)
    elif engine == "dask":
        first, jobs = measure_dask(paths, runs)
    else:
        first, jobs = measure_spark(paths, runs)
    print(json.dumps({"files": len(paths), "end_to_end": first, "jobs": jobs}))


# --- the driver --------------------------------------------------------------------------


def available(engine):
    """None when the engine can run here, else the reason it cannot."""
    if engine == "dask":
        try:
            import dask.bag  # noqa: F401
            import distributed  # noqa: F401
        except ImportError as exc:
            return f"{exc.name} not installed"
    if engine == "spark":
        if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
            return "no Java"
        try:
            import pyspark  # noqa: F401
        except ImportError:
            return "pyspark not installed"
    return None


def run_engine(engine, tree, runs, env):
    proc = subprocess.run(
        [sys.executable, os.path.abspath(__file__), "--measure", engine, tree, "--runs", str(runs)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    if proc.returncode != 0:
        raise SystemExit(f"{engine} failed:\n{proc.stderr.decode('utf-8', 'replace')[-2000:]}")
    return json.loads(proc.stdout.decode().strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tree")
    parser.add_argument("--runs", type=int, default=3, help="job-only runs per engine (median; default 3)")
    parser.add_argument("--measure", choices=["one", "api", "dask", "spark"], help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure, args.tree, args.runs)
        return

    binary = os.path.abspath(os.environ.get("DEPTHCHECK_BIN") or os.path.join(ROOT, ".build", "debug", "depthcheck"))
    package = os.path.abspath(os.environ.get("DEPTHCHECK_PYTHON_DIR") or os.path.join(ROOT, "python"))
    env = dict(os.environ, DEPTHCHECK_BIN=binary)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package, env.get("PYTHONPATH")) if p)
    env.setdefault("PYSPARK_PYTHON", sys.executable)
    sys.path.insert(0, package)

    rows = []
    base = None
    for engine, label in (("one", "one process, --jobs 2"), ("api", "Python API, jobs=2"), ("dask", "Dask LocalCluster(2)"),
                          ("spark", "Spark local[2]")):
        reason = available(engine)
        if reason:
            rows.append((label, None, None, f"skipped: {reason}"))
            continue
        result = run_engine(engine, args.tree, args.runs, env)
        files = result["files"]
        end_to_end = files / result["end_to_end"]
        job = files / statistics.median(result["jobs"])
        if engine == "one":
            base = end_to_end
        rows.append((label, end_to_end, job, None))

    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{files} files, 2 partitions, binary {os.path.relpath(binary, ROOT)}, job only = median of {args.runs}, load average {load}")
    header = f"{'engine':<24} {'end to end':>12} {'ratio':>7} {'job only':>12} {'ratio':>7}"
    print(header)
    print("-" * len(header))
    for label, end_to_end, job, note in rows:
        if note:
            print(f"{label:<24} {note}")
            continue
        print(f"{label:<24} {end_to_end:>8.0f} f/s {end_to_end / base:>6.2f}x {job:>8.0f} f/s {job / base:>6.2f}x")


if __name__ == "__main__":
    main()
