#!/usr/bin/env python3
"""Checks deploy/kubernetes/depthcheck-job.yaml and runs its command as the 8 pods would.

Parses the manifest (PyYAML) and asserts the Indexed Job's shape: completionMode Indexed,
completions 8, parallelism, backoffLimitPerIndex 1, maxFailedIndexes, restartPolicy Never,
image depthcheck:latest (the Containerfile's binary at /usr/local/bin/depthcheck), the
command, /photos mounted read-only from a PVC and /results from a PVC. Then runs the
container's command with `sh -c` for JOB_COMPLETION_INDEX=0..7, with /photos and /results
replaced by the tree and a temporary folder and `depthcheck` found on PATH, and checks that
the 8 result files together hold every path of the tree exactly once, each in the file of
its shard (FNV-1a 64 of the path bytes, mod 8), with the verdicts of a single-process run.
Usage: kubernetes_check.py [--tree DIR | --count N] [--keep]"""

import os

import engines_common as common

ENGINE = "kubernetes"
MANIFEST = os.path.join(common.ROOT, "deploy", "kubernetes", "depthcheck-job.yaml")
CONTAINERFILE = os.path.join(common.ROOT, "Containerfile")
SHARDS = 8
COMMAND = [
    "sh", "-c",
    'exec depthcheck check -r /photos --all-names --shard "$JOB_COMPLETION_INDEX/8" '
    "--format jsonl --fail-on never --force -o /results/{shard}.jsonl",
]


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
    expect(container.get("command") == COMMAND, f"command is {container.get('command')!r}")
    expect("args" not in container, "args would be appended to sh -c")
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
    return container["command"]


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
    command = load_job()
    check_containerfile()
    results = run.output_dir()
    for index in range(SHARDS):
        env = dict(run.env, JOB_COMPLETION_INDEX=str(index))
        script = run.instantiate(command[2], results)
        run.run([command[0], command[1], script], env=env)
    files = sorted(os.listdir(results))
    expected_files = sorted(f"{index}.jsonl" for index in range(SHARDS))
    if files != expected_files:
        raise common.Failure(f"result files {files}, expected {expected_files}")
    found = []
    for index in range(SHARDS):
        shard = common.read_results([os.path.join(results, f"{index}.jsonl")], ENGINE)
        wrong = [path for path, _ in shard if fnv1a64(path) % SHARDS != index]
        if wrong:
            raise common.Failure(f"{index}.jsonl holds {len(wrong)} paths of other shards, e.g. {wrong[0]!r}")
        found.extend(shard)
    sizes = [0] * SHARDS
    for path, _ in found:
        sizes[fnv1a64(path) % SHARDS] += 1
    run.compare(found, label="kubernetes (8 indexes)", note="shard sizes " + " ".join(map(str, sizes)))


if __name__ == "__main__":
    try:
        import yaml  # noqa: F401
    except ImportError:
        common.skip("PyYAML not installed (pip install pyyaml)")
    common.main(ENGINE, __doc__, body)
