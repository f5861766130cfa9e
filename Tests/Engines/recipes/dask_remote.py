# Dask on a cluster: the same map, sent to a running scheduler (`dask scheduler`, and
# `dask worker tcp://scheduler:8786` on each node). The scheduler and every worker need the
# depthcheck Python package (the scheduler unpickles the task graph that names it); every
# worker needs the depthcheck binary (on PATH, or DEPTHCHECK_BIN) and /photos and /results
# at the same paths (a shared file system).
import json

import dask.bag as db
import depthcheck
from distributed import Client

PHOTOS = b"/photos"


if __name__ == "__main__":
    paths = depthcheck.list_paths(PHOTOS, all_names=True)
    with Client("tcp://scheduler:8786"):
        # One partition (one depthcheck process) per 500 paths.
        (db.from_sequence(paths, npartitions=max(1, len(paths) // 500))
           .map_partitions(depthcheck.check_partition)
           .map(json.dumps)
           .to_textfiles("/results/dask/*.jsonl"))
