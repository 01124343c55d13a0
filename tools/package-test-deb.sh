#!/usr/bin/env bash
# The Linux package as a user gets it: cpack -G DEB from BUILD_DIR, the .deb unpacked into
# an empty temporary prefix (dpkg-deb -x), its dependencies checked against what this
# machine has installed, and the packaged binary run from an empty folder, so nothing can
# come from the source or build tree: --version must name the packaged lessons and font,
# and --lesson all --headless must play and check every lesson.
# Usage: tools/package-test-deb.sh BUILD_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

(cd "$build" && cpack -G DEB >"$work/cpack.log" 2>&1) || { cat "$work/cpack.log" >&2; exit 1; }
deb=$(ls "$build"/packages/xengine-sandbox_*.deb | head -n 1)
echo "package: $(basename "$deb"), $(du -k "$deb" | cut -f1) KiB"

# Every dependency names a Debian package (first alternative) that is installed here, or a
# virtual one an installed package provides (libspdlog1.10 provides libspdlog1.10-fmt9).
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for want in libvkd3d1 libsdl2 libvulkan1 fonts-wqy-microhei mesa-vulkan-drivers; do
  grep -q "$want" <<<"$depends" || { echo "package test: Depends lacks $want" >&2; exit 1; }
done
IFS=',' read -ra deps <<<"$depends"
for dep in "${deps[@]}"; do
  name=$(sed 's/|.*//; s/(.*//; s/ //g; s/:.*//' <<<"$dep")
  status=$(dpkg-query -W -f='${Status}' "$name" 2>/dev/null || true)
  providers=$(dpkg-query -W -f='${Status} ${Provides}\n' | grep "^install ok installed" | grep -w -- "$name" || true)
  [ "$status" = "install ok installed" ] || [ -n "$providers" ] \
    || { echo "package test: dependency $name is neither installed nor provided by an installed package" >&2; exit 1; }
done

prefix=$work/root
dpkg-deb -x "$deb" "$prefix"
exe=$prefix/usr/bin/xengine-sandbox
mkdir "$work/cwd" && cd "$work/cwd"
export XDG_CONFIG_HOME=$work/config
version=$(env -u DISPLAY -u WAYLAND_DISPLAY "$exe" --version)
echo "$version"
grep -qx "lessons: $prefix/usr/share/xengine-sandbox/lessons" <<<"$version" \
  || { echo "package test: the packaged binary did not find its own lessons" >&2; exit 1; }
grep -qx "font: $prefix/usr/share/xengine-sandbox/fonts/wqy-microhei.ttc" <<<"$version" \
  || { echo "package test: the packaged binary did not find its font link" >&2; exit 1; }
[ -e "$prefix/usr/share/xengine-sandbox/fonts/wqy-microhei.ttc" ] || { echo "package test: dangling font link" >&2; exit 1; }
[ -f "$prefix/usr/share/doc/xengine-sandbox/README.md" ] || { echo "package test: docs missing" >&2; exit 1; }
env -u DISPLAY -u WAYLAND_DISPLAY "$exe" --lesson all --headless --language en >"$work/lessons.out"
tail -n 5 "$work/lessons.out"
echo "package test: the .deb plays every lesson from $prefix"
