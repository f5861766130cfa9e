# Dask on one machine: two worker processes; each partition of paths is checked by one
# depthcheck process (depthcheck.check_partition), and each partition's results are written
# to its own JSON Lines file. Paths are bytes, so names that are not UTF-8 survive.
import json
import os

import dask.bag as db
import depthcheck
from distributed import Client, LocalCluster

PHOTOS = b"/photos"
EXTENSIONS = (b".jpg", b".jpeg", b".heic", b".heif")


def photo_paths(root):
    return sorted(
        os.path.join(folder, name)
        for folder, _, names in os.walk(root)
        for name in names
        if name.lower().endswith(EXTENSIONS)
    )


if __name__ == "__main__":
    paths = photo_paths(PHOTOS)
    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
        (db.from_sequence(paths, npartitions=2)
           .map_partitions(depthcheck.check_partition)
           .map(json.dumps)
           .to_textfiles("/results/dask/*.jsonl"))
