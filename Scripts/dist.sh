#!/usr/bin/env bash
# make dist: the release tarball, for a Linux machine without Swift.
#
#   dist/depthcheck-VERSION-OS-ARCH.tar.gz          (e.g. depthcheck-0.1.0-linux-x86_64.tar.gz)
#     depthcheck-VERSION-OS-ARCH/depthcheck         the release binary, debug info stripped
#     depthcheck-VERSION-OS-ARCH/README.md
#     depthcheck-VERSION-OS-ARCH/LICENSE...         the licence files, when the checkout has any
#   dist/depthcheck-VERSION-OS-ARCH.tar.gz.sha256   `sha256sum -c` reads it
#
# Refused, before anything is written: a binary whose --version is not VERSION, a copy of the
# version that is not VERSION (Scripts/version.py check), and a binary that needs the Swift
# runtime's shared libraries (the release build links it in, --static-swift-stdlib).
# The same binary and files give the same bytes: entries sorted, owned by 0:0, dated
# SOURCE_DATE_EPOCH (by default the time of the checkout's last commit), gzip without a name
# or time. STRIP is the command that strips (default `strip --strip-debug`, which keeps the
# symbols a crash report names); empty, the binary is packed as built.
#
# Usage: Scripts/dist.sh BINARY [OUT_DIR]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
binary="${1:?usage: Scripts/dist.sh BINARY [OUT_DIR]}"
out="${2:-$root/dist}"
strip_command="${STRIP-strip --strip-debug}"

[ -f "$binary" ] && [ -x "$binary" ] || { echo "dist: $binary is not an executable file; make release builds it" >&2; exit 1; }
version="$("$root/Scripts/version.py")"
"$root/Scripts/version.py" check
said="$("$binary" --version)"
if [ "$said" != "$version" ]; then
  echo "dist: $binary --version says '$said', VERSION $version; build it again (make release)" >&2
  exit 1
fi
if swift_libraries="$(readelf -d "$binary" | grep -E 'Shared library: \[lib(swift|Foundation|dispatch|BlocksRuntime)')"; then
  echo "dist: $binary needs the Swift runtime's shared libraries (build it with --static-swift-stdlib, make release):" >&2
  echo "$swift_libraries" >&2
  exit 1
fi

os="$(uname -s | tr '[:upper:]' '[:lower:]')"
name="depthcheck-$version-$os-$(uname -m)"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
cp "$binary" "$stage/$name/depthcheck"
if [ -n "$strip_command" ]; then
  # shellcheck disable=SC2086 # the command and its options
  $strip_command "$stage/$name/depthcheck"
fi
cp "$root/README.md" "$stage/$name/"
for licence in "$root"/LICENSE* "$root"/LICENCE* "$root"/COPYING*; do
  if [ -f "$licence" ]; then cp "$licence" "$stage/$name/"; fi
done
chmod 755 "$stage/$name" "$stage/$name/depthcheck"
find "$stage/$name" -type f ! -name depthcheck -exec chmod 644 {} +

epoch="${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || echo 0)}"
mkdir -p "$out"
tarball="$out/$name.tar.gz"
# Whole or not at all: written beside the target, then renamed over it.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" --format=gnu \
    -C "$stage" -cf - "$name" | gzip -9 -n > "$tarball.part"
mv "$tarball.part" "$tarball"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256.part" && mv "$name.tar.gz.sha256.part" "$name.tar.gz.sha256")
echo "$tarball"
