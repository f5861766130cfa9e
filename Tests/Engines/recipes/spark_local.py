# PySpark: each partition of paths is checked by one depthcheck process
# (depthcheck.check_partition) and written as JSON Lines. The paths travel as bytes: a str
# holding a name that is not UTF-8 (os.fsdecode's lone surrogates) makes PySpark fail as soon
# as it has to encode it as UTF-8 (saveAsTextFile, DataFrames). The results' JSON is ASCII.
# On a cluster: spark-submit --master spark://... this file, with the depthcheck package and
# binary on every executor (spark.executorEnv.DEPTHCHECK_BIN, or the binary on PATH) and the
# photos and /results at the same paths. saveAsTextFile refuses an existing /results/spark.
# Run it with the Python of the environment that has pyspark and depthcheck (an environment
# need not be activated): its workers are started with that same Python.
import json
import os
import sys

import depthcheck
from pyspark import SparkContext

PHOTOS = b"/photos"


if __name__ == "__main__":
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    sc = SparkContext("local[2]", "depthcheck")
    try:
        (sc.parallelize(depthcheck.list_paths(PHOTOS, all_names=True), 2)
           .mapPartitions(depthcheck.check_partition)
           .map(json.dumps)
           .saveAsTextFile("/results/spark"))
    finally:
        sc.stop()
