#!/bin/sh
# Builds Tests/BridgeHarness/harness.c with the C bridges' sources under AddressSanitizer,
# LeakSanitizer and UBSan, and runs it: any sanitizer report or failed check fails the run.
# `make bridge-sanitize` (and so `make test`) runs this; it takes a few seconds.
set -eu
cd "$(dirname "$0")/../.."
out=.build/bridge-harness
mkdir -p "$out"
CC=${CC:-cc}
# The harness makes its own test images with libjpeg and libpng, so it links them; the bridges
# reach them through their forwarders (CJPEGLazy.c, CPNGLazy.c), which load the same files.
# The bridges' own malloc, calloc and realloc are wrapped so each can be made to fail in turn;
# the C libraries' allocations are not (they call the real ones through their own PLTs).
$CC -std=gnu11 -g -O1 -Wall -Wextra -Werror -fno-omit-frame-pointer \
    -fsanitize=address,undefined -fno-sanitize-recover=all \
    -ISources/C/CJPEGBridge/include -ISources/C/CPNGBridge/include -ISources/C/CHeifLazy/include \
    -ISources/C/CLazyLibrary/include \
    $(pkg-config --cflags libjpeg libpng libheif) \
    Tests/BridgeHarness/harness.c Sources/C/CJPEGBridge/CJPEGBridge.c Sources/C/CJPEGBridge/CJPEGEncoder.c \
    Sources/C/CPNGBridge/CPNGBridge.c Sources/C/CHeifLazy/CHeifLazy.c \
    Sources/C/CJPEGBridge/CJPEGLazy.c Sources/C/CPNGBridge/CPNGLazy.c Sources/C/CLazyLibrary/CLazyLibrary.c \
    -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc \
    $(pkg-config --libs libjpeg libpng) -ldl -lpthread -o "$out/harness"
# max_allocation_size_mb: one allocation over 256 MiB fails (returns NULL) instead of aborting,
# as a machine without the memory would, so libjpeg's out-of-memory path runs.
# DEPTHCHECK_LIBHEIF names a library that does not exist: CHeifLazy's failed load.
ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:max_allocation_size_mb=256:halt_on_error=1:abort_on_error=0 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
LSAN_OPTIONS=suppressions=lsan.supp:print_suppressions=0 \
DEPTHCHECK_LIBHEIF=/nonexistent/no-such-libheif.so \
    "$out/harness"
