# Dask on one machine: two worker processes; each chunk of 500 paths is checked by one
# depthcheck process (depthcheck.check_partition, which runs a process that died once more)
# and its results written to their own JSON Lines file. Paths are bytes, so names that are
# not UTF-8 survive. All or nothing: the files go to /results/dask.tmp-RANDOM, which becomes
# /results/dask (replacing an older one only then), with manifest.tsv (part, paths in,
# records out), when each part holds one record per path of its chunk
# (depthcheck.publish_parts); otherwise it is removed and the run fails.
import json
import shutil
import uuid

import dask.bag as db
import depthcheck
from distributed import Client, LocalCluster

PHOTOS = b"/photos"
OUT = "/results/dask"


if __name__ == "__main__":
    paths = depthcheck.list_paths(PHOTOS, all_names=True)
    chunks = [paths[i:i + 500] for i in range(0, len(paths), 500)]
    staging = f"{OUT}.tmp-{uuid.uuid4().hex}"
    try:
        with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
            parts = (db.from_sequence(chunks, partition_size=1)
                       .map(depthcheck.check_partition)
                       .flatten()
                       .map(json.dumps)
                       .to_textfiles(f"{staging}/*.jsonl", last_endline=True))
        depthcheck.publish_parts(staging, OUT, parts, chunks)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
