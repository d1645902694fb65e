#!/usr/bin/env bash
# The speech sidecar's tests against the real models: installs what they need (speech-deps.sh,
# a no-op when it is all there), then runs speech/test_sidecar.py with the sidecar's virtualenv
# at a lower CPU priority. Prints the measured load time, real-time factors and word error
# rates; SPEECH_TEST_REPORT=FILE also writes them as JSON.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/speech-deps.sh
cache="${HIRELANE_CACHE:-$HOME/.cache/hirelane}"
# shellcheck disable=SC1091
source "$cache/speech.env"
export SPEECH_STT_MODEL SPEECH_TTS_VOICE
export SPEECH_THREADS="${SPEECH_THREADS:-$(nproc)}"

printf '\n== speech sidecar tests (%s, %s)\n' "$(basename "$SPEECH_STT_MODEL")" "$(basename "$SPEECH_TTS_VOICE")"
exec nice -n "${SPEECH_TEST_NICE:-10}" "$SPEECH_PYTHON" -m unittest -v speech/test_sidecar.py
