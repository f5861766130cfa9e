#!/usr/bin/env python3
"""Times commands in turn and prints the median wall time of each, in seconds, one per line.

Usage: interleave.py RUNS WARMUP COMMAND...   (each COMMAND one shell-quoted string)

Every round runs each command once, the first command of a round moving one place each
round, so a machine that speeds up or slows down while the benchmark runs (a shared one does,
over seconds) weighs on every command alike; timing each command's runs back to back, as
hyperfine does, lets that drift show up as a difference between the commands. Standard input
is /dev/null, standard output and error are discarded, and exit statuses are not failures
(a check that finds problems exits 1). The first WARMUP rounds are not counted.
"""
import os
import shlex
import statistics
import sys
import time


def main() -> int:
    if len(sys.argv) < 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    runs, warmup = int(sys.argv[1]), int(sys.argv[2])
    commands = [shlex.split(c) for c in sys.argv[3:]]
    times = [[] for _ in commands]
    null_in = os.open(os.devnull, os.O_RDONLY)
    null_out = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, null_in, 0), (os.POSIX_SPAWN_DUP2, null_out, 1),
               (os.POSIX_SPAWN_DUP2, null_out, 2)]
    for r in range(warmup + runs):
        for k in range(len(commands)):
            i = (r + k) % len(commands)
            start = time.perf_counter_ns()
            pid = os.posix_spawnp(commands[i][0], commands[i], os.environ, file_actions=actions)
            os.waitpid(pid, 0)
            elapsed = (time.perf_counter_ns() - start) / 1e9
            if r >= warmup:
                times[i].append(elapsed)
    for t in times:
        print(statistics.median(t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
