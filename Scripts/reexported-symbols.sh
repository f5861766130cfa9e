#!/usr/bin/env bash
# The symbol graph of the DepthCheck module with what it re-exports from DepthCheckCore, and
# the types DepthCheckCore re-exports from Container, AuxData and Validator with their members
# (swift-symbolgraph-extract -experimental-allowed-reexported-modules), for
# `make docs` to hand swift-docc-plugin as --additional-symbol-graph-dir: the plugin's own
# graph holds only the symbols declared in DepthCheck itself.
#
# Usage: Scripts/reexported-symbols.sh OUTPUT_DIR [SCRATCH]   (after `swift build --target
# DepthCheck`; SCRATCH is that build's --scratch-path, .build by default)
set -euo pipefail
out="${1:?usage: Scripts/reexported-symbols.sh OUTPUT_DIR [SCRATCH]}"
scratch="${2:-.build}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
triple="$(swift -print-target-info | python3 -c 'import json,sys; print(json.load(sys.stdin)["target"]["unversionedTriple"])')"
build="$(swift build --scratch-path "$scratch" --show-bin-path)"
args=(-module-name DepthCheck -target "$triple" -I "$build/Modules" -minimum-access-level public
      -experimental-allowed-reexported-modules=DepthCheckCore,AuxData,Validator,Container -output-dir "$out")
# The C targets the Swift modules import: their module maps and headers.
for t in CJPEGBridge CHeifLazy CPNGBridge CValueRows; do
  args+=(-Xcc "-fmodule-map-file=$build/$t.build/module.modulemap" -I "Sources/C/$t/include")
done
# CLibXML2 brings its own module map (and libxml2's headers through include/libxml).
args+=(-Xcc "-fmodule-map-file=Sources/C/CLibXML2/include/module.modulemap" -I "Sources/C/CLibXML2/include")
for t in CJPEG CPNG; do args+=(-I "Sources/C/$t"); done
for flag in $(pkg-config --cflags-only-I libpng libjpeg 2>/dev/null); do args+=(-Xcc "$flag"); done
rm -rf "$out"
mkdir -p "$out"
swift-symbolgraph-extract "${args[@]}"
