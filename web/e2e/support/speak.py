"""Writes a candidate's spoken answers as a WAV for Chromium's fake microphone.

Usage: SPEECH_PYTHON speak.py VOICE.onnx OUT.wav SILENCE_SECONDS "first phrase" "second phrase" ...

Each phrase is spoken by the Piper voice the speech sidecar uses and followed by that much
silence; the file is 16-bit mono PCM at the voice's rate (Chromium loops it).
"""

import sys
import wave

from piper import PiperVoice


def main() -> None:
    voice_path, out_path, silence, *phrases = sys.argv[1:]
    voice = PiperVoice.load(voice_path)
    rate = voice.config.sample_rate
    with wave.open(out_path, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(rate)
        for phrase in phrases:
            for chunk in voice.synthesize(phrase):
                out.writeframes(chunk.audio_int16_bytes)
            out.writeframes(b"\0\0" * int(rate * float(silence)))


if __name__ == "__main__":
    main()
