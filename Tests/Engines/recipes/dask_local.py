# Dask on one machine: two worker processes; each partition of paths is checked by one
# depthcheck process (depthcheck.check_partition), and each partition's results are written
# to its own JSON Lines file. Paths are bytes, so names that are not UTF-8 survive.
import json

import dask.bag as db
import depthcheck
from distributed import Client, LocalCluster

PHOTOS = b"/photos"


if __name__ == "__main__":
    paths = depthcheck.list_paths(PHOTOS, all_names=True)
    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
        (db.from_sequence(paths, npartitions=2)
           .map_partitions(depthcheck.check_partition)
           .map(json.dumps)
           .to_textfiles("/results/dask/*.jsonl"))
