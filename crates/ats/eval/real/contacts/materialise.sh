#!/usr/bin/env bash
# Copies the real-world contacts corpus from repository snapshots into the evaluation data root.
# Usage: materialise.sh [MIRROR_DIR]   (default /work/.mirror, where the `fetch` tool puts them)
# The data root is $HIRELANE_EVAL_DATA, else ~/.cache/hirelane/eval-data; files land in
# <root>/resumes-contacts/ and are checked against SHA256SUMS.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
mirror=${1:-/work/.mirror}
root=${HIRELANE_EVAL_DATA:-$HOME/.cache/hirelane/eval-data}
dest="$root/resumes-contacts"
mkdir -p "$dest"
missing=0
while IFS=$'\t' read -r file repo commit path _licence; do
  [ "$file" = file ] && continue
  git_dir="$mirror/${repo/\//+}/repo"
  if ! git --git-dir="$git_dir" show "$commit:$path" > "$dest/$file" 2>/dev/null; then
    echo "missing: $repo $path (fetch github:$repo first)" >&2
    rm -f "$dest/$file"
    missing=$((missing + 1))
  fi
done < "$here/sources.tsv"
(cd "$dest" && sha256sum --quiet -c "$here/SHA256SUMS")
echo "materialised into $dest ($missing missing)"
