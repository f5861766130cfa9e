#!/usr/bin/env python3
"""Runs the Spark recipes on a tree and checks one result per path with the verdicts of a
single-process run:
  recipes/spark_local.py   PySpark, local[2]: sc.parallelize(bytes paths, 2)
                           .mapPartitions(depthcheck.check_partition), saved as text;
                           every path of the tree, the odd names included.
  recipes/spark_pipe.scala Scala rdd.pipe of a list file, run with the spark-shell that
                           pyspark ships: every path that a line-based list can carry (the
                           names with a newline or a byte that is not UTF-8 are left out).
Needs Java (java on PATH or JAVA_HOME) and an importable pyspark; prints SKIP and exits 77
otherwise. Usage: spark_check.py [--tree DIR | --count N] [--keep]"""

import glob
import os
import shutil
import subprocess
import sys

import engines_common as common

ENGINE = "spark"


def java():
    home = os.environ.get("JAVA_HOME")
    if home and os.access(os.path.join(home, "bin", "java"), os.X_OK):
        return os.path.join(home, "bin", "java")
    return shutil.which("java")


def spark_shell():
    home = os.environ.get("SPARK_HOME")
    if not home:
        import pyspark

        home = os.path.dirname(pyspark.__file__)
    path = os.path.join(home, "bin", "spark-shell")
    return path if os.access(path, os.X_OK) else None


def read_dir(folder, name):
    if not os.path.exists(os.path.join(folder, "_SUCCESS")):
        raise common.Failure(f"{name} did not finish its output {folder} (no _SUCCESS)")
    parts = sorted(glob.glob(os.path.join(folder, "part-*")))
    if not parts:
        raise common.Failure(f"{name} wrote no part files")
    return common.read_results(parts, name), len(parts)


def body(run):
    package = common.python_dir()
    run.env["PYTHONPATH"] = os.pathsep.join(p for p in (package, run.env.get("PYTHONPATH")) if p)
    # The Python workers must be this interpreter (same version, with the packages).
    run.env.setdefault("PYSPARK_PYTHON", sys.executable)

    # PySpark.
    results = run.output_dir()
    script = os.path.join(run.work, "spark_local.py")
    with open(script, "w", encoding="utf-8") as out:
        out.write(run.instantiate(common.recipe("spark_local.py"), results))
    run.run([sys.executable, script])
    found, parts = read_dir(os.path.join(results, "spark"), "spark_local.py")
    run.compare(found, label="spark (PySpark local[2])", note=f"{parts} partitions")

    # Scala rdd.pipe through spark-shell, on the paths a line-based list can carry.
    shell = spark_shell()
    if shell is None:
        print("spark (Scala rdd.pipe): not run, no spark-shell", flush=True)
        return
    lists = os.path.join(run.work, "lists")
    os.mkdir(lists)
    listable = []
    for rel in run.paths:
        try:
            rel.decode("utf-8")
        except UnicodeDecodeError:
            continue
        if b"\n" in rel or b"\r" in rel:
            continue
        listable.append(rel)
    with open(os.path.join(lists, "paths.txt"), "wb") as out:
        for rel in listable:
            out.write(run.tree_b + b"/" + rel + b"\n")
    results = run.output_dir()
    script = os.path.join(run.work, "spark_pipe.scala")
    with open(script, "w", encoding="utf-8") as out:
        out.write(run.instantiate(common.recipe("spark_pipe.scala"), results, lists=lists))
    # spark-shell runs the file, then reads commands from standard input (none: it exits).
    run.run([shell, "--master", "local[2]", "-i", script], stdin=subprocess.DEVNULL)
    found, parts = read_dir(os.path.join(results, "spark-pipe"), "spark_pipe.scala")
    run.compare(found, expected_paths=listable, label="spark (Scala rdd.pipe)",
                note=f"{parts} partitions; {len(run.paths) - len(listable)} names a line list cannot carry left out")


if __name__ == "__main__":
    missing = []
    if java() is None:
        missing.append("Java not found (no java on PATH or in JAVA_HOME)")
    try:
        import pyspark  # noqa: F401
    except ImportError:
        missing.append("pyspark not importable (pip install pyspark)")
    if missing:
        common.skip("; ".join(missing))
    common.main(ENGINE, __doc__, body)
