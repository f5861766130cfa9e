# Dask on one machine: two worker processes; each chunk of 500 paths is checked by one
# depthcheck process (depthcheck.check_partition, which runs a process that died once more)
# and its results written to their own JSON Lines file. Paths are bytes, so names that are
# not UTF-8 survive. All or nothing: the files go to /results/dask.tmp-RANDOM, which becomes
# /results/dask (replacing an older one only then), with manifest.tsv (part, paths in,
# records out), when each part holds one record per path of its chunk; otherwise it is
# removed and the run fails.
import json
import os
import shutil
import uuid

import dask.bag as db
import depthcheck
from distributed import Client, LocalCluster

PHOTOS = b"/photos"
OUT = "/results/dask"


def publish(staging, parts, chunks):
    with open(os.path.join(staging, "manifest.tsv"), "w") as manifest:
        manifest.write("part\tpaths\trecords\n")
        for part, chunk in zip(parts, chunks, strict=True):
            with open(part, "rb") as lines:
                records = sum(1 for _ in lines)
            if records != len(chunk):
                raise SystemExit(f"{part}: {records} records for {len(chunk)} paths")
            manifest.write(f"{os.path.basename(part)}\t{len(chunk)}\t{records}\n")
    if os.path.exists(OUT):
        os.rename(OUT, staging + ".old")
    os.rename(staging, OUT)
    shutil.rmtree(staging + ".old", ignore_errors=True)


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
        publish(staging, parts, chunks)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
