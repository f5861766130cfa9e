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

Then an index is killed while it publishes, over an older result, at each of its three
renames (killed_while_publishing): after taking the staging folder, after moving the older
result aside, after the rename that publishes. Its retry must exit 0 and the Job's result be
this run's, published whole, the older one gone: a retry that did its shard again and found
the folder taken would leave the older result (or none) behind a Job that completed.
Usage: kubernetes_check.py [--tree DIR | --count N] [--keep]"""

import os
import shlex
import shutil
import subprocess
import uuid
from concurrent.futures import ThreadPoolExecutor

import engines_common as common

ENGINE = "kubernetes"
MANIFEST = os.path.join(common.ROOT, "deploy", "kubernetes", "depthcheck-job.yaml")
CONTAINERFILE = os.path.join(common.ROOT, "Containerfile")
SHARDS = 8
RUN_LABEL = "metadata.labels['batch.kubernetes.io/controller-uid']"

# A stand-in for mv, first on the index's PATH: it makes the rename, then, the first time the
# rename is the publishing step `pattern` (a case pattern of its arguments), kills the
# index's shell, its parent, with SIGKILL, as a node lost at that moment would.
MV_THEN_KILL = """#!/bin/sh
{real} "$@" || exit
case "$*" in {pattern}) ;; *) exit 0 ;; esac
[ -e {fired} ] && exit 0
: > {fired}
kill -KILL $PPID
"""

# The publishing renames, as `mv -T FROM TO` arguments (depthcheck.tmp-RUN is the staging
# folder), and whether the retry leaves folders beside the result: killed after the last
# rename, it does its shard again into a new staging folder, and the older result moved
# aside stays too, neither ever read (the next Job removes them).
PUBLISHING_STEPS = (
    ("after taking the staging folder", "'-T '*/depthcheck.tmp-*' '*/depthcheck.tmp-*.publishing*", False),
    ("after moving the older result aside", "'-T '*/depthcheck' '*/depthcheck.tmp-*.old", False),
    ("after the rename that publishes", "'-T '*/depthcheck.tmp-*.publishing*' '*/depthcheck", True),
)


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
    killed_while_publishing(run, job)


def killed_while_publishing(run, job):
    """For each publishing rename: a Job over an older result whose publishing index is killed
    right after it. The Job completes (its retry exits 0) with this run's result published:
    its manifest and parts alone (the older result's part gone), the reference's records."""
    real_mv = shutil.which("mv")
    for number, (step, pattern, leaves) in enumerate(PUBLISHING_STEPS):
        results = run.output_dir()
        older = os.path.join(results, "depthcheck")
        os.mkdir(older)
        with open(os.path.join(older, "manifest.tsv"), "w", encoding="utf-8") as manifest:
            manifest.write("part\tpaths\trecords\nolder.jsonl\t0\t0\n")
        open(os.path.join(older, "older.jsonl"), "wb").close()
        folder = os.path.join(run.work, f"mv-{number}")
        os.mkdir(folder)
        fired = os.path.join(folder, "fired")
        with open(os.path.join(folder, "mv"), "w", encoding="utf-8") as script:
            script.write(MV_THEN_KILL.format(real=shlex.quote(real_mv), pattern=pattern, fired=shlex.quote(fired)))
        os.chmod(os.path.join(folder, "mv"), 0o755)
        env = dict(run.env, PATH=folder + os.pathsep + run.env["PATH"])
        proc = job(results, common.Depthcheck(run.binary, env))
        where = f"an index killed while publishing, {step}"
        if proc.returncode != 0:
            raise common.Failure(f"{where}: the Job failed; stderr: {common.tail(proc.stderr)}")
        if not os.path.exists(fired):
            raise common.Failure(f"{where}: no index made that rename")
        try:
            records, _ = run.read_published(results, "depthcheck", "[0-7].jsonl", beside=("depthcheck.tmp-*",))
        except common.Failure as failure:
            raise common.Failure(f"{where}: {failure}") from None
        beside = sorted(e for e in os.listdir(results) if e != "depthcheck")
        if leaves:
            expected = len(beside) == 2 and beside[0].startswith("depthcheck.tmp-") and beside[1] == beside[0] + ".old"
        else:
            expected = beside == []
        if not expected:
            raise common.Failure(f"{where}: the results folder holds {beside} beside the result")
        run.compare(records, label=f"{ENGINE}: {where}", report=False)
    print(f"kubernetes (8 indexes): an index killed while publishing ({', '.join(s for s, _, _ in PUBLISHING_STEPS)}) "
          "is run again and the Job completes with this run's result", flush=True)


if __name__ == "__main__":
    try:
        import yaml  # noqa: F401
    except ImportError:
        common.skip("PyYAML not installed (pip install pyyaml)")
    common.main(ENGINE, __doc__, body)
