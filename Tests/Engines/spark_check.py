#!/usr/bin/env python3
"""Runs the Spark recipes on a tree and checks their publishing and their results against a
single-process run (engines_common.all_or_nothing):
  pyspark  recipes/spark_local.py, local[2]: sc.parallelize(chunks of 500 bytes paths)
           .flatMap(depthcheck.check_partition), saved as text; every path of the tree, the
           odd names included. check_partition runs a process that died once more.
  pipe     recipes/spark_pipe.scala, rdd.pipe of a list file, run with the spark-shell that
           pyspark ships: every path that a line-based list can carry (the names with a
           newline or a byte that is not UTF-8 are left out).
Needs Java (java on PATH or JAVA_HOME) and an importable pyspark, and for pipe its
spark-shell; prints SKIP and exits 77 otherwise.
Usage: spark_check.py [pyspark] [pipe] [--tree DIR | --count N] [--keep] (default: both)"""

import os
import shutil
import subprocess
import sys

import engines_common as common

ENGINE = "spark"
RECIPES = ("pyspark", "pipe")
# What Spark writes beside the parts: its marker of a finished job, and the local file
# system's checksums.
SPARK_FILES = ("_SUCCESS", ".*.crc")


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


def pyspark(run):
    def launch(results, depthcheck):
        script = os.path.join(run.work, "spark_local.py")
        with open(script, "w", encoding="utf-8") as out:
            out.write(run.instantiate(common.recipe("spark_local.py"), results))
        return run.attempt([sys.executable, script], env=depthcheck.env)

    common.all_or_nothing(run, "spark (PySpark local[2])", launch, "spark", "part-*", extras=SPARK_FILES,
                          killed=2, retried=True)


def pipe(run, shell):
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

    def launch(results, depthcheck):
        script = os.path.join(run.work, "spark_pipe.scala")
        with open(script, "w", encoding="utf-8") as out:
            out.write(run.instantiate(common.recipe("spark_pipe.scala"), results, lists=lists, binary=depthcheck.path))
        # spark-shell runs the file, then reads commands from standard input (none: it exits).
        return run.attempt([shell, "--master", "local[2]", "-i", script], env=depthcheck.env, stdin=subprocess.DEVNULL)

    common.all_or_nothing(run, "spark (Scala rdd.pipe)", launch, "spark-pipe", "part-*", expected_paths=listable,
                          extras=SPARK_FILES,
                          note=f"{len(run.paths) - len(listable)} names a line list cannot carry left out")


def body(run, recipes, shell):
    package = common.python_dir()
    run.env["PYTHONPATH"] = os.pathsep.join(p for p in (package, run.env.get("PYTHONPATH")) if p)
    # The Python workers must be this interpreter (same version, with the packages).
    run.env.setdefault("PYSPARK_PYTHON", sys.executable)
    if "pyspark" in recipes:
        pyspark(run)
    if "pipe" in recipes:
        pipe(run, shell)


if __name__ == "__main__":
    recipes = [a for a in sys.argv[1:] if a in RECIPES] or list(RECIPES)
    sys.argv[1:] = [a for a in sys.argv[1:] if a not in RECIPES]
    missing = []
    if java() is None:
        missing.append("Java not found (no java on PATH or in JAVA_HOME)")
    try:
        import pyspark as _  # noqa: F401
    except ImportError:
        missing.append("pyspark not importable (pip install pyspark)")
    shell = None
    if not missing and "pipe" in recipes:
        shell = spark_shell()
        if shell is None:
            missing.append("no bin/spark-shell in SPARK_HOME or the pyspark package (the Scala recipe needs it)")
    if missing:
        common.skip("; ".join(missing))
    common.main(ENGINE, __doc__, lambda run: body(run, recipes, shell))
