#!/usr/bin/env bash
# An app that depends on a tagged depthcheck release by version: a clone of this checkout's HEAD
# in a scratch folder, tagged with the version (VERSION), and a package of the app's own that
# depends on it with `.package(url: "file://<clone>", exact: "<version>")`, imports DepthCheck
# and prints DepthCheckLibrary.version, which must be VERSION. SwiftPM refuses a versioned
# dependency that sets unsafe build flags, so this fails the moment Package.swift sets one.
#
# SwiftPM names a package that is depended on by URL by the URL's last path component, less
# `.git` (its identity), not by the name its Package.swift declares: a copy at
# https://example.com/team/depthcheck.git is `package: "depthcheck"`, one at
# https://example.com/team/photo-tools is `package: "photo-tools"`. The clone's folder here is
# named otherwise on purpose (CLONE_NAME, the first argument, changes it), and the app names
# the package by what SwiftPM derives from it.
#
# Usage: Examples/consumer/by-version.sh [CLONE_NAME]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
version="$(cat "$root/VERSION")"
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "consumer by version: FAIL: VERSION holds '$version', not MAJOR.MINOR.PATCH"; exit 1; }
name="${1:-photo-tools-$version.git}"
case "$name" in */*|"") echo "consumer by version: FAIL: CLONE_NAME '$name' must be one folder name"; exit 1 ;; esac
identity="${name%.git}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone -q "$root" "$work/$name"
git -C "$work/$name" tag "$version"
mkdir -p "$work/app/Sources/app"
cat > "$work/app/Package.swift" <<PKG
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "app",
    dependencies: [.package(url: "file://$work/$name", exact: "$version")],
    targets: [.executableTarget(name: "app", dependencies: [.product(name: "DepthCheck", package: "$identity")])]
)
PKG
printf 'import DepthCheck\nprint("depthcheck", DepthCheckLibrary.version)\n' > "$work/app/Sources/app/main.swift"
if ! swift build --package-path "$work/app" > "$work/build.log" 2>&1; then
  tail -20 "$work/build.log"
  echo "consumer by version: FAIL: the app did not build against tag $version of $name (package: \"$identity\")"
  exit 1
fi
tail -1 "$work/build.log"
resolved="$(python3 -c 'import json, sys
pins = json.load(open(sys.argv[1]))["pins"]
print(" ".join(p["state"].get("version") or "none" for p in pins if p["identity"] == sys.argv[2].lower()))' "$work/app/Package.resolved" "$identity")"
printed="$("$work/app/.build/debug/app")"
if [ "$printed" = "depthcheck $version" ] && [ "$resolved" = "$version" ]; then
  echo "consumer by version: ok ($printed, resolved at tag $resolved of $name as package \"$identity\")"
else
  echo "consumer by version: FAIL: printed '$printed' and resolved '$resolved', not 'depthcheck $version' at $version"
  exit 1
fi
