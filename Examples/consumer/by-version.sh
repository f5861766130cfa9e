#!/usr/bin/env bash
# An app that depends on a tagged depthcheck release by version, as `.package(url:, from:)`
# does: a clone of this checkout's HEAD tagged with the library's version, and a package of its
# own that imports DepthCheck and prints that version. SwiftPM refuses a versioned dependency
# that sets unsafe build flags, so this fails the moment Package.swift sets one.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
# DepthCheckLibrary.version, as the library states it.
version="$(grep -hoE 'public static let version = "[0-9]+\.[0-9]+\.[0-9]+"' "$root/Sources/DepthCheckCore/ValidationReport.swift" | sed 's/.*"\(.*\)"/\1/')"
[ -n "$version" ] || { echo "consumer by version: FAIL: no DepthCheckLibrary.version found"; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/depthcheck"
git -C "$work/depthcheck" tag "$version"
mkdir -p "$work/app/Sources/app"
cat > "$work/app/Package.swift" <<PKG
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "app",
    dependencies: [.package(url: "file://$work/depthcheck", from: "$version")],
    targets: [.executableTarget(name: "app", dependencies: [.product(name: "DepthCheck", package: "depthcheck")])]
)
PKG
printf 'import DepthCheck\nprint("depthcheck", DepthCheckLibrary.version)\n' > "$work/app/Sources/app/main.swift"
swift build --package-path "$work/app" 2>&1 | tail -1
printed="$("$work/app/.build/debug/app")"
if [ "$printed" = "depthcheck $version" ]; then
  echo "consumer by version: ok ($printed)"
else
  echo "consumer by version: FAIL: printed '$printed', not 'depthcheck $version'"
  exit 1
fi
