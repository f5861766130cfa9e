# PySpark: each chunk of 500 paths is one partition, checked by one depthcheck process
# (depthcheck.check_partition, which runs a process that died once more) and written as
# JSON Lines. The paths travel as bytes: a str holding a name that is not UTF-8
# (os.fsdecode's lone surrogates) makes PySpark fail as soon as it has to encode it as UTF-8
# (saveAsTextFile, DataFrames). The results' JSON is ASCII. All or nothing: Spark saves to
# /results/spark.tmp-RANDOM, which becomes /results/spark (replacing an older one only then),
# with manifest.tsv (part, paths in, records out), when each part holds one record per path
# of its chunk (depthcheck.publish_parts); otherwise it is removed, so no half-written folder blocks the next run.
# On a cluster: spark-submit --master spark://... this file, with the depthcheck package and
# binary on every executor (spark.executorEnv.DEPTHCHECK_BIN, or the binary on PATH) and the
# photos and /results at the same paths (on HDFS, publish with the Hadoop FileSystem, as the
# Scala recipe does). Run it with the Python of the environment that has pyspark and
# depthcheck (an environment need not be activated): its workers are started with that same Python.
import glob
import json
import os
import shutil
import sys
import uuid

import depthcheck
from pyspark import SparkContext

PHOTOS = b"/photos"
OUT = "/results/spark"


if __name__ == "__main__":
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    paths = depthcheck.list_paths(PHOTOS, all_names=True)
    chunks = [paths[i:i + 500] for i in range(0, len(paths), 500)]
    staging = f"{OUT}.tmp-{uuid.uuid4().hex}"
    sc = SparkContext("local[2]", "depthcheck")
    try:
        (sc.parallelize(chunks, len(chunks))
           .flatMap(depthcheck.check_partition)
           .map(json.dumps)
           .saveAsTextFile(staging))
        depthcheck.publish_parts(staging, OUT, sorted(glob.glob(f"{staging}/part-*")), chunks)
    finally:
        sc.stop()
        shutil.rmtree(staging, ignore_errors=True)
