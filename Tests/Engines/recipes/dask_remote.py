# Dask on a cluster: the same map, sent to a running scheduler (`dask scheduler`, and
# `dask worker tcp://scheduler:8786` on each node). The scheduler and every worker need the
# depthcheck Python package (the scheduler unpickles the task graph that names it); every
# worker needs the depthcheck binary (on PATH, or DEPTHCHECK_BIN) and /photos and /results
# at the same paths (a shared file system). Published all or nothing, as on one machine.
import json
import shutil
import uuid

import dask.bag as db
import depthcheck
from distributed import Client

PHOTOS = b"/photos"
OUT = "/results/dask"


if __name__ == "__main__":
    paths = depthcheck.list_paths(PHOTOS, all_names=True)
    # One partition (one depthcheck process) per 500 paths.
    chunks = [paths[i:i + 500] for i in range(0, len(paths), 500)]
    staging = f"{OUT}.tmp-{uuid.uuid4().hex}"
    try:
        with Client("tcp://scheduler:8786"):
            parts = (db.from_sequence(chunks, partition_size=1)
                       .map(depthcheck.check_partition)
                       .flatten()
                       .map(json.dumps)
                       .to_textfiles(f"{staging}/*.jsonl", last_endline=True))
        depthcheck.publish_parts(staging, OUT, parts, chunks)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
