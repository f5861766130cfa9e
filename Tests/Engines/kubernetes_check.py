#!/usr/bin/env python3
"""Checks deploy/kubernetes/depthcheck-job.yaml and runs its command as the 8 pods would.

Parses the manifest (PyYAML) and asserts the Indexed Job's shape: completionMode Indexed,
completions 8, parallelism, backoffLimitPerIndex 1, maxFailedIndexes, restartPolicy Never,
image depthcheck:latest (the Containerfile's binary at /usr/local/bin/depthcheck), a
`sh -c` command, RUN from the Job's UID label, /photos mounted read-only from a PVC and
/results from a PVC. Then runs the command with `sh` as the Job would: JOB_COMPLETION_INDEX
0..7, `parallelism` at a time, one new RUN per Job, an index that fails run once more unless
it exits 2 (backoffLimitPerIndex 1 and the podFailurePolicy), with /photos and /results
replaced by the tree and a temporary folder and `depthcheck` found on PATH. The publishing is
checked as for every recipe (engines_common.all_or_nothing; a failed Job leaves its own
staging folder, without a manifest, for the next Job to remove), and each published part K
holds only the paths of shard K (FNV-1a 64 of the path bytes, mod 8).
Usage: kubernetes_check.py [--tree DIR | --count N] [--keep]"""

import os
import subprocess
import uuid
from concurrent.futures import ThreadPoolExecutor

import engines_common as common

ENGINE = "kubernetes"
MANIFEST = os.path.join(common.ROOT, "deploy", "kubernetes", "depthcheck-job.yaml")
CONTAINERFILE = os.path.join(common.ROOT, "Containerfile")
SHARDS = 8
RUN_LABEL = "metadata.labels['batch.kubernetes.io/controller-uid']"


def fnv1a64(data):
    value = 0xCBF29CE484222325
    for byte in data:
        value ^= byte
        value = (value * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return value


def expect(condition, message):
    if not condition:
        raise common.Failure(f"{os.path.relpath(MANIFEST, common.ROOT)}: {message}")


def load_job():
    import yaml

    with open(MANIFEST, encoding="utf-8") as source:
        documents = [d for d in yaml.safe_load_all(source) if d is not None]
    jobs = [d for d in documents if d.get("kind") == "Job"]
    expect(len(jobs) == 1, f"expected one Job, found {len(jobs)}")
    job = jobs[0]
    expect(job.get("apiVersion") == "batch/v1", "apiVersion is not batch/v1")
    spec = job["spec"]
    expect(spec.get("completionMode") == "Indexed", "completionMode is not Indexed")
    expect(spec.get("completions") == SHARDS, f"completions is not {SHARDS}")
    parallelism = spec.get("parallelism")
    expect(isinstance(parallelism, int) and 1 <= parallelism <= SHARDS, "parallelism is not 1..8")
    expect(spec.get("backoffLimitPerIndex") == 1, "backoffLimitPerIndex is not 1")
    failed = spec.get("maxFailedIndexes")
    expect(isinstance(failed, int) and 0 <= failed <= SHARDS, "maxFailedIndexes is not 0..8")
    expect("backoffLimit" not in spec, "backoffLimit set beside backoffLimitPerIndex")
    pod = spec["template"]["spec"]
    expect(pod.get("restartPolicy") == "Never", "restartPolicy is not Never")
    containers = pod["containers"]
    expect(len(containers) == 1, "expected one container")
    container = containers[0]
    expect(container.get("image") == "depthcheck:latest", "image is not depthcheck:latest")
    command = container.get("command")
    expect(isinstance(command, list) and len(command) == 3 and command[:2] == ["sh", "-c"],
           f"command is not sh -c SCRIPT: {command!r}")
    expect("args" not in container, "args would be appended to sh -c")
    env = {e["name"]: e for e in container.get("env", [])}
    expect(env.get("RUN", {}).get("valueFrom") == {"fieldRef": {"fieldPath": RUN_LABEL}},
           f"RUN is not the Job's UID ({RUN_LABEL})")
    for rule in (spec.get("podFailurePolicy") or {}).get("rules", []):
        codes = rule.get("onExitCodes")
        if codes and "containerName" in codes:
            expect(codes["containerName"] == container["name"], "podFailurePolicy names another container")
    mounts = {m["mountPath"]: m for m in container.get("volumeMounts", [])}
    expect("/photos" in mounts and "/results" in mounts, "no /photos or /results mount")
    expect(mounts["/photos"].get("readOnly") is True, "/photos is not mounted readOnly")
    expect(not mounts["/results"].get("readOnly"), "/results is read-only")
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    photos = volumes.get(mounts["/photos"]["name"], {})
    results = volumes.get(mounts["/results"]["name"], {})
    expect("persistentVolumeClaim" in photos, "/photos is not a PVC")
    expect(photos["persistentVolumeClaim"].get("readOnly") is True, "the photos PVC is not readOnly")
    expect("persistentVolumeClaim" in results, "/results is not a PVC")
    return command[2], parallelism


def check_containerfile():
    where = os.path.relpath(CONTAINERFILE, common.ROOT)
    if not os.path.isfile(CONTAINERFILE):
        raise common.Failure(f"no {where}")
    with open(CONTAINERFILE, encoding="utf-8") as source:
        text = source.read()
    for needed in ("FROM debian:12-slim", "/usr/local/bin/depthcheck", "--product depthcheck", "depthcheck:latest"):
        if needed not in text:
            raise common.Failure(f"{where} lacks {needed!r}")


def body(run):
    script, parallelism = load_job()
    check_containerfile()

    def job(results, depthcheck):
        """One Job: every index, `parallelism` at a time, each failed one run once more."""
        text = run.instantiate(script, results)
        env = dict(depthcheck.env, RUN=str(uuid.uuid4()))

        def index(k):
            for _ in range(2):
                proc = run.attempt(["sh", "-c", text], env=dict(env, JOB_COMPLETION_INDEX=str(k)))
                if proc.returncode in (0, 2):
                    break
            return proc

        with ThreadPoolExecutor(parallelism) as pool:
            procs = list(pool.map(index, range(SHARDS)))
        failed = [p for p in procs if p.returncode != 0]
        return subprocess.CompletedProcess(["sh", "-c", text], 1 if failed else 0, b"",
                                           b"".join(p.stderr for p in failed))

    published = common.all_or_nothing(run, "kubernetes (8 indexes)", job, "depthcheck", "[0-7].jsonl", killed=2,
                                      dropped=2, retried=True, left_by_failure=("depthcheck.tmp-*",))
    for k in range(SHARDS):
        shard = common.read_results([os.path.join(published, f"{k}.jsonl")], ENGINE)
        wrong = [path for path, _ in shard if fnv1a64(path) % SHARDS != k]
        if wrong:
            raise common.Failure(f"{k}.jsonl holds {len(wrong)} paths of other shards, e.g. {wrong[0]!r}")


if __name__ == "__main__":
    try:
        import yaml  # noqa: F401
    except ImportError:
        common.skip("PyYAML not installed (pip install pyyaml)")
    common.main(ENGINE, __doc__, body)
