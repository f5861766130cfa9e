#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]      default: 60 s, every target
#
# Environment:
#   FUZZ_JOBS=N        targets run side by side (default 1; the machine has 2 cores)
#   FUZZ_CONFIG=debug  build configuration (default release; -O keeps overflow checks)
#   FUZZ_FORK=0|1      keep going after a crash (libFuzzer -fork=1 -ignore_*); default 1 when
#                      SECONDS >= 120, else 0 (stop at the first crash)
#   FUZZ_STRICT=1      exit 1 when a run found a new crasher (the CI smoke run sets it)
#   FUZZ_SEED=N        libFuzzer's -seed, with Swift's hashing made deterministic
#                      (SWIFT_DETERMINISTIC_HASHING): a run then takes the same path through
#                      the inputs on every machine, as far as the code does not depend on
#                      addresses, and a shorter run is a prefix of a longer one, so the CI
#                      smoke run mostly replays what was run here before it rather than
#                      drawing new inputs (default: a random seed; `make fuzz` draws them)
#
# Working corpora, logs and raw artifacts live under Fuzz/.build/ (git-ignored). Seeds come from
# Corpus/good, Corpus/bad, ../shared/corpus/real (when present), Fuzz/seeds/<kind> and the
# target's own Fuzz/crashers/<target>. Every new crash, timeout, OOM or leak is copied to
# Fuzz/crashers/<target>/, which Tests/ValidatorTests/FuzzRegressionTests.swift replays.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
seconds="${1:-60}"
shift || true
all_targets=(FuzzJPEG FuzzHEIF FuzzXMP FuzzSEI FuzzCheck FuzzPixels FuzzMaps FuzzWriter)
if [ "$#" -gt 0 ]; then targets=("$@"); else targets=("${all_targets[@]}"); fi
config="${FUZZ_CONFIG:-release}"
jobs="${FUZZ_JOBS:-1}"
if [ -n "${FUZZ_FORK:-}" ]; then fork="$FUZZ_FORK"; elif [ "$seconds" -ge 120 ]; then fork=1; else fork=0; fi
work="$here/.build/fuzz"
mkdir -p "$work"

# Per-target dictionary, seed directories and input size cap.
settings() {
    case "$1" in
        FuzzJPEG)  dict=jpeg;  seeds=("$root/Corpus/good" "$root/Corpus/bad" "$root/../shared/corpus/real"); max_len=32768 ;;
        FuzzHEIF)  dict=heif;  seeds=("$root/Corpus/good" "$root/Corpus/bad" "$root/../shared/corpus/real" "$here/seeds/heif"); max_len=16384 ;;
        FuzzCheck) dict=check; seeds=("$root/Corpus/good" "$root/Corpus/bad" "$root/../shared/corpus/real" "$here/seeds/heif"); max_len=32768 ;;
        FuzzPixels) dict=jpeg; seeds=("$root/Corpus/good" "$root/Corpus/bad"); max_len=32768 ;;
        FuzzMaps)  dict=maps;  seeds=("$here/seeds/maps"); max_len=8192 ;;
        FuzzWriter) dict=writer; seeds=("$here/seeds/writer"); max_len=4096 ;;
        FuzzXMP)   dict=xmp;   seeds=("$here/seeds/xmp"); max_len=16384 ;;
        FuzzSEI)   dict=sei;   seeds=("$here/seeds/sei"); max_len=1024 ;;
        *) echo "run.sh: unknown target $1" >&2; return 1 ;;
    esac
}

# One binary, depthcheck-fuzz, holds every target (Sources/FuzzTargets); -DFUZZING makes it a
# libFuzzer target, and DEPTHCHECK_FUZZ_TARGET picks the target at run time. It is built from
# the checkout's package into Fuzz/.build, apart from the debug and release builds.
# A build counts by swift build's own exit status, not by whether a binary is there: a failed
# build leaves the previous binary in place, and running it would test code that is gone.
binary="$here/.build/$config/depthcheck-fuzz"
build() {
    echo "== build depthcheck-fuzz ($config)"
    local status
    (cd "$root" && swift build -c "$config" --product depthcheck-fuzz --scratch-path "$here/.build" \
        --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING 2>&1 \
        | grep -v "Cannot export local symbol" | grep -E "error|warning: unre|Build|Compiling depthcheck-fuzz|Compiling FuzzTargets"
        exit "${PIPESTATUS[0]}")
    status=$?
    [ "$status" -eq 0 ] && [ -x "$binary" ]
}

run_one() {
    local t="$1"
    settings "$t" || return 1
    local corpus="$work/corpus/$t" artifacts="$work/artifacts/$t/" log="$work/$t.log"
    mkdir -p "$corpus" "$artifacts" "$here/crashers/$t"
    local dirs=("$corpus")
    for d in "${seeds[@]}" "$here/crashers/$t"; do [ -d "$d" ] && dirs+=("$d"); done
    local extra=() hashing=()
    if [ "$fork" = 1 ]; then extra=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1); fi
    if [ -n "${FUZZ_SEED:-}" ]; then extra+=(-seed="$FUZZ_SEED"); hashing=(SWIFT_DETERMINISTIC_HASHING=1); fi
    local start=$SECONDS
    # Leak checking is off: the Swift runtime's lazily built metadata caches look like leaks to
    # LSan and would be reported for every first use; the ASan run of the tests covers leaks.
    env "${hashing[@]}" DEPTHCHECK_FUZZ_TARGET="$t" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=0 \
        "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -malloc_limit_mb=256 -detect_leaks=0 -max_len="$max_len" -dict="$here/dict/$dict.dict" \
        -artifact_prefix="$artifacts" -print_final_stats=1 "${extra[@]}" "${dirs[@]}" >"$log" 2>&1
    local rc=$?
    local new=0
    for f in "$artifacts"crash-* "$artifacts"timeout-* "$artifacts"oom-* "$artifacts"leak-* "$artifacts"slow-unit-*; do
        [ -e "$f" ] || continue
        case "$(basename "$f")" in slow-unit-*) continue ;; esac
        if [ ! -e "$here/crashers/$t/$(basename "$f")" ]; then
            cp "$f" "$here/crashers/$t/"; new=$((new + 1))
            # A crash found on another machine (CI) can be replayed from its output alone: the
            # report and the input, gzipped and in base64
            # (`base64 -d | gunzip > Fuzz/crashers/<target>/<name>`).
            {
                echo "== $t: $(basename "$f")"
                grep -E -A 24 'fuzz invariant violated|==ERROR|Fatal error|deadly signal|out-of-memory' "$log" | head -60
                echo "== $t: $(basename "$f") gzipped, base64:"
                gzip -9c "$f" | base64 -w 100
            } >> "$work/new-crasher-reports"
        fi
    done
    [ "$new" -gt 0 ] && echo "$t $new" >> "$work/new-crashers"
    local stats execs
    stats="$(grep -E '^#[0-9]+.*cov:' "$log" | tail -1)"
    execs="$(grep -E 'stat::number_of_executed_units' "$log" | tail -1 | awk '{print $2}')"
    [ -z "$execs" ] && execs="$(echo "$stats" | sed -E 's/^#([0-9]+).*/\1/')"
    cp "$log" "$work/$t.$(date +%Y%m%d-%H%M%S).log"
    printf '%-10s %4ss rc=%-3s execs=%-10s new crashers=%-3s %s\n' "$t" "$((SECONDS - start))" "$rc" "$execs" "$new" \
        "$(echo "$stats" | grep -oE 'cov: [0-9]+ ft: [0-9]+' )" | tee -a "$work/summary.txt"
}

for t in "${targets[@]}"; do settings "$t" || exit 1; done
build || { echo "run.sh: build of depthcheck-fuzz failed" >&2; exit 1; }
rm -f "$work/new-crashers" "$work/new-crasher-reports"
echo "== run ${targets[*]} for ${seconds}s each, $jobs at a time (fork=$fork); logs in $work"
pids=()
for t in "${targets[@]}"; do
    run_one "$t" &
    pids+=($!)
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do sleep 1; done
done
wait
found="$(find "$here/crashers" -type f ! -name '.gitkeep' | wc -l)"
echo "== crashers kept under Fuzz/crashers: $found"
if [ "${FUZZ_STRICT:-0}" = 1 ] && [ -s "$work/new-crashers" ]; then
    cat "$work/new-crasher-reports" >&2
    echo "run.sh: new crashers found:" >&2
    cat "$work/new-crashers" >&2
    exit 1
fi
