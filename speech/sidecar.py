#!/usr/bin/env python3
"""Hirelane's speech sidecar: speech-to-text and text-to-speech on this machine.

The Rust server starts this process, supervises it and talks to it over a Unix socket, one JSON
object per line each way (the protocol is in speech/README.md). It loads both models once at
start, because loading them costs seconds and each request should cost only its own audio:

* speech-to-text: a Whisper model in CTranslate2 format, run by faster-whisper, with word
  timestamps, its voice-activity filter and no-speech gating, so silence and noise give no text;
* text-to-speech: a Piper voice (ONNX), whose audio is resampled to 16 kHz so the server mixes
  and stores a single rate.

Usage:
    python sidecar.py --socket PATH --stt-model DIR --tts-voice FILE.onnx [--threads N]

The socket appears (mode 0600) only once both models are loaded, so a client that can connect
is served at once. SIGTERM or SIGINT: stop accepting, finish the requests in flight, remove
the socket, exit 0.

Exit codes: 0 after SIGTERM/SIGINT; 2 a bad argument or a missing model file; 3 a package is
missing (run scripts/speech-deps.sh); 1 anything else that stops it from starting.

Only the standard library is imported at module level, so ``--help`` and the argument checks
work without the speech packages; numpy, faster-whisper and piper are imported in ``main``.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import json
import logging
import os
import signal
import select
import socket
import socketserver
import stat
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

LOG = logging.getLogger("speech")

SAMPLE_RATE = 16000
"""The one rate the protocol speaks, both ways: 16 kHz mono signed 16-bit little-endian PCM."""

MAX_LINE_BYTES = 16 * 1024 * 1024
"""A request line longer than this is refused (and skipped) without being parsed."""

MAX_AUDIO_SECONDS = 120.0
"""Longest audio accepted by ``transcribe``: one answer, not a whole interview."""

MAX_TEXT_CHARS = 4000
"""Longest text accepted by ``synthesize`` (about four minutes of speech)."""

SENTENCE_PAUSE_SECONDS = 0.2
"""Silence put between the sentences Piper synthesizes one at a time."""

# No-speech gating, on top of faster-whisper's voice-activity filter (Silero VAD), which cuts
# the audio down to its speech before Whisper sees it; audio with no speech never reaches it.
SILENCE_PEAK = 0.001
"""Audio whose loudest sample is below this (-60 dBFS) is silence: no model is run."""

NO_SPEECH_PROB = 0.6
"""A segment whose no-speech probability is above this ..."""

NO_SPEECH_LOGPROB = -0.5
"""... and whose average token log-probability is below this is dropped. Whisper's own rule
(0.6 and -1.0, which faster-whisper applies too) still lets through hallucinations such as
"You" on digital silence (probabilities around 0.75 and -0.8 with the filter off)."""

NO_SPEECH_PROB_ALWAYS = 0.9
"""A segment whose no-speech probability is above this is dropped whatever its log-probability."""

SELF_CHECK_PHRASE = "The speech service is ready."
"""Spoken and heard back once at start (Engines.self_check)."""

VAD_PARAMETERS: dict[str, Any] = {"min_speech_duration_ms": 250}
"""faster-whisper's defaults (threshold 0.5, 2 s of silence ends a chunk, 400 ms padding), but
a burst of under 250 ms (a click, a cough) is not speech."""


class RequestError(Exception):
    """A request that cannot be served; its message goes back as ``error``."""


class Cancelled(RequestError):
    """The client closed its connection before the answer was ready: the work stops."""


LOCK_POLL_SECONDS = 0.2
"""How often a transcription waiting for the model looks whether its client is still there."""


def never() -> bool:
    """The ``gone`` of work nobody can cancel (the self-check)."""
    return False


# --------------------------------------------------------------------------------------------
# Audio helpers (numpy is passed in so that this module imports without it).


def pcm16_to_float(pcm: bytes, np: Any) -> Any:
    """16-bit little-endian PCM to float32 samples in [-1, 1), what Whisper takes."""
    return np.frombuffer(pcm, dtype="<i2").astype(np.float32) / 32768.0


def float_to_pcm16(samples: Any, np: Any) -> bytes:
    """Float samples in [-1, 1] to 16-bit little-endian PCM, clipped rather than wrapped."""
    clipped = np.clip(samples, -1.0, 1.0)
    return bytes(np.round(clipped * 32767.0).astype("<i2").tobytes())


def resample(samples: Any, rate_in: int, rate_out: int, np: Any) -> Any:
    """Band-limited resampling of one utterance by the FFT (what scipy.signal.resample does).

    Piper's voices are 22.05 kHz (medium) or 16 kHz (low); the protocol is 16 kHz. Dropping the
    spectrum above the new Nyquist frequency avoids the aliasing that linear interpolation
    (audioop.ratecv, deprecated anyway) lets through. An utterance starts and ends in silence,
    so the transform's wrap-around at the edges is inaudible.
    """
    if rate_in == rate_out or len(samples) == 0:
        return samples.astype(np.float32)
    n_in = len(samples)
    n_out = max(1, int(round(n_in * rate_out / rate_in)))
    spectrum = np.fft.rfft(samples.astype(np.float64))
    kept = np.zeros(n_out // 2 + 1, dtype=np.complex128)
    k = min(len(spectrum), len(kept))
    kept[:k] = spectrum[:k]
    return (np.fft.irfft(kept, n_out) * (n_out / n_in)).astype(np.float32)


# --------------------------------------------------------------------------------------------
# The engines.


@dataclass
class Engines:
    """Both models, loaded once, each behind its own lock.

    Each model is called by one request at a time: CTranslate2 runs a single worker here, and
    Piper's phonemizer (espeak-ng) keeps global state. Two locks rather than one let a
    synthesis run beside a transcription; each already uses ``threads`` cores.
    """

    np: Any
    whisper: Any
    voice: Any
    stt_name: str
    tts_name: str
    beam_size: int
    stt_lock: threading.Lock = field(default_factory=threading.Lock)
    tts_lock: threading.Lock = field(default_factory=threading.Lock)

    @staticmethod
    def load(args: argparse.Namespace) -> "Engines":
        """Imports the packages and loads both models; exits 3 when a package is missing."""
        try:
            import numpy as np
            import onnxruntime
            from faster_whisper import WhisperModel
            from piper import PiperConfig, PiperVoice
        except ImportError as error:
            LOG.error(
                "a speech package is missing (%s); install them with scripts/speech-deps.sh "
                "and run this with %s",
                error,
                "~/.cache/hirelane/venv-speech/bin/python",
            )
            raise SystemExit(3) from error

        started = time.monotonic()
        whisper = WhisperModel(
            args.stt_model,
            device=args.device,
            compute_type=args.compute_type,
            cpu_threads=args.threads,
            num_workers=1,
            local_files_only=True,
        )
        stt_seconds = time.monotonic() - started

        # Built here rather than by PiperVoice.load, which takes no session options: the ONNX
        # session gets the same thread budget as Whisper instead of every core.
        started = time.monotonic()
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = args.threads
        options.inter_op_num_threads = 1
        # Idle worker threads sleep instead of spinning: the sidecar shares a small machine with
        # the server, and on a busy 2-core box spinning made synthesis slower (RTF 0.125 against
        # 0.089 with 2 threads).
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        with open(args.tts_voice + ".json", "r", encoding="utf-8") as config_file:
            config = PiperConfig.from_dict(json.load(config_file))
        voice = PiperVoice(
            session=onnxruntime.InferenceSession(
                args.tts_voice, sess_options=options, providers=["CPUExecutionProvider"]
            ),
            config=config,
        )
        tts_seconds = time.monotonic() - started
        LOG.info(
            "loaded speech-to-text %s (%s, %s) in %.2f s and voice %s (%d Hz) in %.2f s, %d threads",
            args.stt_model,
            args.device,
            args.compute_type,
            stt_seconds,
            args.tts_voice,
            config.sample_rate,
            tts_seconds,
            args.threads,
        )
        engines = Engines(
            np=np,
            whisper=whisper,
            voice=voice,
            stt_name=os.path.basename(os.path.normpath(args.stt_model)),
            tts_name=os.path.basename(args.tts_voice).removesuffix(".onnx"),
            beam_size=args.beam_size,
        )
        engines.self_check()
        return engines

    def self_check(self) -> None:
        """Speaks a phrase and listens to it before the socket opens.

        A model that loads but cannot run (a damaged file, a voice of another format) fails the
        start, not the first interview; and the first request does not pay for the engines'
        first run (memory allocation, kernel selection).
        """
        started = time.monotonic()
        pcm, duration = self.synthesize(SELF_CHECK_PHRASE)
        if duration < 0.3 or not any(pcm):
            raise RuntimeError(f"the voice produced no audio for {SELF_CHECK_PHRASE!r}")
        heard = self.transcribe(pcm, "en" if "en" in self.whisper.supported_languages else None)
        LOG.info(
            "self-check in %.2f s: said %r (%.2f s of audio), heard %r",
            time.monotonic() - started,
            SELF_CHECK_PHRASE,
            duration,
            heard["text"],
        )

    def transcribe(
        self, pcm: bytes, language: Optional[str], gone: Callable[[], bool] = never
    ) -> dict[str, Any]:
        """Text and word timings of 16 kHz PCM; silence and noise give no text at all.

        ``gone`` says whether the client has left: then the transcription stops, while it waits
        for the model or between two of Whisper's 30 s windows, instead of decoding for nobody
        (the server gives up on an answer after its timeout and closes the connection).
        """
        np = self.np
        if language is not None and language not in self.whisper.supported_languages:
            raise RequestError(f"language {language[:20]!r} is not one this model knows")
        samples = pcm16_to_float(pcm, np)
        duration = len(samples) / SAMPLE_RATE
        nothing: dict[str, Any] = {"text": "", "no_speech": True, "duration": duration, "words": []}
        if len(samples) == 0 or float(np.max(np.abs(samples))) < SILENCE_PEAK:
            return nothing

        while not self.stt_lock.acquire(timeout=LOCK_POLL_SECONDS):
            if gone():
                raise Cancelled("cancelled: the client left while it waited")
        try:
            segments, _info = self.whisper.transcribe(
                samples,
                language=language,
                beam_size=self.beam_size,
                word_timestamps=True,
                vad_filter=True,
                vad_parameters=VAD_PARAMETERS,
                # A hallucination must not seed the next window's decoding.
                condition_on_previous_text=False,
            )
            decoded: list[Any] = []
            # Decoding happens while the generator is read, a window at a time: look before
            # each window whether anyone still wants it.
            pending = iter(segments)
            while True:
                if gone():
                    raise Cancelled("cancelled: the client left")
                segment = next(pending, None)
                if segment is None:
                    break
                decoded.append(segment)
            segments = decoded
        finally:
            self.stt_lock.release()

        texts: list[str] = []
        words: list[dict[str, Any]] = []
        previous_end = 0.0
        for segment in segments:
            if segment.no_speech_prob > NO_SPEECH_PROB_ALWAYS or (
                segment.no_speech_prob > NO_SPEECH_PROB and segment.avg_logprob < NO_SPEECH_LOGPROB
            ):
                LOG.info(
                    "dropped as no speech: %r (no_speech_prob %.2f, avg_logprob %.2f)",
                    segment.text,
                    segment.no_speech_prob,
                    segment.avg_logprob,
                )
                continue
            text = segment.text.strip()
            if not text:
                continue
            texts.append(text)
            for word in segment.words or []:
                # Seconds from the start of the given audio (faster-whisper maps the times back
                # through the VAD's cuts), made non-decreasing and kept inside the audio.
                start = min(max(float(word.start), previous_end), duration)
                end = min(max(float(word.end), start), duration)
                previous_end = end
                words.append(
                    {
                        "word": word.word.strip(),
                        "start": round(start, 3),
                        "end": round(end, 3),
                        "probability": round(min(max(float(word.probability), 0.0), 1.0), 4),
                    }
                )
        if not texts:
            return nothing
        return {"text": " ".join(texts), "no_speech": False, "duration": duration, "words": words}

    def synthesize(self, text: str) -> tuple[bytes, float]:
        """16 kHz PCM of the text spoken by the voice, and its duration in seconds."""
        np = self.np
        with self.tts_lock:
            chunks = list(self.voice.synthesize(text))  # one chunk per sentence
        if not chunks:
            raise RequestError("the text has nothing to say")
        rate = chunks[0].sample_rate
        pause = np.zeros(int(rate * SENTENCE_PAUSE_SECONDS), dtype=np.float32)
        parts: list[Any] = []
        for index, chunk in enumerate(chunks):
            if index:
                parts.append(pause)
            parts.append(chunk.audio_float_array)
        samples = resample(np.concatenate(parts), rate, SAMPLE_RATE, np)
        return float_to_pcm16(samples, np), len(samples) / SAMPLE_RATE


# --------------------------------------------------------------------------------------------
# The protocol.


def request_id(request: Any) -> Optional[int]:
    """The request's ``id`` if it is an integer (not a bool), else None (sent back as null)."""
    if isinstance(request, dict):
        value = request.get("id")
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def decode_pcm(value: Any) -> bytes:
    """The ``pcm16`` field: base64 of whole 16-bit samples, at most MAX_AUDIO_SECONDS long."""
    if not isinstance(value, str):
        raise RequestError("pcm16 must be a base64 string of 16 kHz mono s16le PCM")
    # Checked before decoding, so an oversized request costs no memory for its audio.
    max_bytes = int(MAX_AUDIO_SECONDS * SAMPLE_RATE * 2)
    if len(value) > (max_bytes + 2) // 3 * 4:
        raise RequestError(f"audio is longer than {MAX_AUDIO_SECONDS:g} s")
    try:
        pcm = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError) as error:
        raise RequestError(f"pcm16 is not valid base64: {error}") from error
    if len(pcm) % 2:
        raise RequestError("pcm16 has an odd number of bytes (16-bit samples expected)")
    if len(pcm) > max_bytes:
        raise RequestError(f"audio is longer than {MAX_AUDIO_SECONDS:g} s")
    return pcm


class Protocol:
    """Turns one request line into one response object; never raises."""

    def __init__(self, engines: Engines) -> None:
        self.engines = engines
        self.ops: dict[str, Callable[[dict[str, Any], Callable[[], bool]], dict[str, Any]]] = {
            "health": self.health,
            "transcribe": self.transcribe,
            "synthesize": self.synthesize,
        }

    def handle(self, line: bytes, gone: Callable[[], bool] = never) -> dict[str, Any]:
        """Parses, dispatches and logs one request (one stderr line per request); ``gone`` says
        whether the client has left (a long request then stops early)."""
        started = time.monotonic()
        request: Any = None
        op = "?"
        detail = ""
        try:
            try:
                request = json.loads(line)
            except (UnicodeDecodeError, ValueError) as error:
                raise RequestError(f"not a JSON line: {error}") from error
            if not isinstance(request, dict):
                raise RequestError("a request must be a JSON object")
            if request_id(request) is None:
                raise RequestError("id must be an integer")
            raw_op = request.get("op")
            op = raw_op if isinstance(raw_op, str) else "?"
            handler = self.ops.get(op)
            if handler is None:
                op = op[:40]  # it goes into the log line and the error
                raise RequestError(f"unknown op {op!r} (health, transcribe, synthesize)")
            response = {"id": request_id(request), "ok": True, **handler(request, gone)}
            if "duration" in response:
                took = time.monotonic() - started
                rtf = took / response["duration"] if response["duration"] else 0.0
                detail = f" audio={response['duration']:.2f}s rtf={rtf:.3f}"
                response["duration"] = round(response["duration"], 3)
        except RequestError as error:
            response = {"id": request_id(request), "ok": False, "error": str(error)}
            detail = f" error={error}"
        except Exception as error:  # a bug or a model failure: answer, log, keep serving
            LOG.exception("op=%s failed", op)
            response = {"id": request_id(request), "ok": False, "error": f"internal error: {error}"}
            detail = " error=internal"
        LOG.info(
            "op=%s id=%s ok=%s took=%.3fs%s",
            op,
            response["id"],
            str(response["ok"]).lower(),
            time.monotonic() - started,
            detail,
        )
        return response

    def health(self, _request: dict[str, Any], _gone: Callable[[], bool]) -> dict[str, Any]:
        return {"stt": self.engines.stt_name, "tts": self.engines.tts_name, "sample_rate": SAMPLE_RATE}

    def transcribe(self, request: dict[str, Any], gone: Callable[[], bool]) -> dict[str, Any]:
        pcm = decode_pcm(request.get("pcm16"))
        # Absent means English (the interviews' language); null means "detect it".
        language = request.get("language", "en")
        if language is not None and (not isinstance(language, str) or not language):
            raise RequestError("language must be a language code such as \"en\", or null to detect it")
        return self.engines.transcribe(pcm, language, gone)

    def synthesize(self, request: dict[str, Any], _gone: Callable[[], bool]) -> dict[str, Any]:
        text = request.get("text")
        if not isinstance(text, str) or not text.strip():
            raise RequestError("text must be a non-empty string")
        if len(text) > MAX_TEXT_CHARS:
            raise RequestError(f"text is longer than {MAX_TEXT_CHARS} characters")
        pcm, duration = self.engines.synthesize(text)
        return {
            "sample_rate": SAMPLE_RATE,
            "pcm16": base64.b64encode(pcm).decode("ascii"),
            "duration": duration,
        }


# --------------------------------------------------------------------------------------------
# The server.


class Server(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    """One thread per connection; remembers its connections so that shutdown can end them."""

    daemon_threads = True  # joined explicitly, with a time limit, in close_connections
    block_on_close = False

    def __init__(self, path: str, protocol: Protocol) -> None:
        self.protocol = protocol
        self.path = path
        self.connections: set[socket.socket] = set()
        self.threads: set[threading.Thread] = set()
        self.lock = threading.Lock()
        # Set when stopping: the reading sides are shut then, which must not read as clients
        # that left (a request in flight is still answered).
        self.stopping = False
        super().__init__(path, Connection, bind_and_activate=False)

    def server_bind(self) -> None:
        """Binds with umask 0177 so the socket is 0600 from its first moment, not after a chmod."""
        old = os.umask(0o177)
        try:
            super().server_bind()
        finally:
            os.umask(old)
        os.chmod(self.path, 0o600)

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self.process_request_thread, args=(request, client_address), daemon=True
        )
        with self.lock:
            self.connections.add(request)
            self.threads.add(thread)
        thread.start()

    def shutdown_request(self, request: Any) -> None:
        with self.lock:
            self.connections.discard(request)
            self.threads.discard(threading.current_thread())
        super().shutdown_request(request)

    def close_connections(self, timeout: float) -> None:
        """Ends every connection's reading side: a request being served is still answered."""
        self.stopping = True
        with self.lock:
            connections = list(self.connections)
            threads = list(self.threads)
        for connection in connections:
            try:
                connection.shutdown(socket.SHUT_RD)
            except OSError:
                pass
        deadline = time.monotonic() + timeout
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))


class Connection(socketserver.StreamRequestHandler):
    """Reads request lines in order and answers each before reading the next."""

    server: Server

    def client_gone(self) -> bool:
        """Whether the client closed its connection: readable with nothing to read. (A client
        that already sent its next request is still there.)"""
        if self.server.stopping:
            return False
        try:
            readable, _, _ = select.select([self.connection], [], [], 0)
            return bool(readable) and self.connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def handle(self) -> None:
        while True:
            try:
                line = self.rfile.readline(MAX_LINE_BYTES + 1)
            except OSError:
                return
            if not line:
                return  # the client closed the connection (or the server is stopping)
            if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
                # Skip the rest of the oversized line; the connection stays usable.
                while True:
                    rest = self.rfile.readline(1024 * 1024)
                    if not rest or rest.endswith(b"\n"):
                        break
                LOG.info("op=? id=None ok=false error=request line over %d bytes", MAX_LINE_BYTES)
                response: dict[str, Any] = {
                    "id": None,
                    "ok": False,
                    "error": f"request line is longer than {MAX_LINE_BYTES} bytes",
                }
            elif not line.strip():
                continue  # blank lines are ignored
            else:
                response = self.server.protocol.handle(line, self.client_gone)
            try:
                self.wfile.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n")
                self.wfile.flush()
            except OSError:
                return  # the client went away


def prepare_socket_path(path: str) -> None:
    """Removes a stale socket left by a crash; refuses a live one or a file that is no socket."""
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(mode):
        raise SystemExit(f"speech sidecar: {path} exists and is not a socket; not removing it")
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        probe.connect(path)
    except OSError:
        os.unlink(path)  # nobody listens: left by a process that died
        return
    finally:
        probe.close()
    raise SystemExit(f"speech sidecar: another process is listening on {path}")


def exit_when_stdin_closes(socket_path: str) -> None:
    """Waits on standard input in a thread; its end means the parent died (or let go of us).

    Nobody is left to read an answer, so there is nothing to finish: remove our socket and exit
    at once, without the graceful stop's wait for requests in flight.
    """

    def watch() -> None:
        try:
            while sys.stdin.buffer.read(65536):
                pass
        except (OSError, ValueError):
            pass
        LOG.info("the parent process is gone: exiting")
        try:
            os.unlink(socket_path)
        except FileNotFoundError:
            pass
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Hirelane's speech sidecar: JSON lines over a Unix socket (speech/README.md)."
    )
    parser.add_argument("--socket", required=True, help="Unix socket path to listen on (made 0600)")
    parser.add_argument("--stt-model", required=True, help="faster-whisper (CTranslate2) model directory")
    parser.add_argument("--tts-voice", required=True, help="Piper voice .onnx (its .onnx.json beside it)")
    parser.add_argument(
        "--threads", type=int, default=min(4, os.cpu_count() or 1),
        help="CPU threads for each model (default: the cores, at most 4)",
    )
    parser.add_argument("--device", default="cpu", choices=["cpu", "cuda", "auto"], help="speech-to-text device")
    parser.add_argument(
        "--compute-type", default=None,
        help="CTranslate2 compute type (default int8 on cpu, float16 on cuda)",
    )
    parser.add_argument("--beam-size", type=int, default=5, help="Whisper beam size (1 is greedy, faster)")
    parser.add_argument(
        "--exit-with-parent", action="store_true",
        help="exit as soon as standard input closes: the server holds its write end, so the "
             "sidecar ends with it even when it is killed (no orphan keeps the models in memory)",
    )
    args = parser.parse_args(argv)
    if args.threads < 1:
        parser.error("--threads must be at least 1")
    if args.beam_size < 1:
        parser.error("--beam-size must be at least 1")
    if args.compute_type is None:
        args.compute_type = "float16" if args.device == "cuda" else "int8"
    if not os.path.isfile(os.path.join(args.stt_model, "model.bin")):
        parser.error(f"--stt-model {args.stt_model}: no model.bin there (a faster-whisper model directory)")
    if not os.path.isfile(args.tts_voice) or not os.path.isfile(args.tts_voice + ".json"):
        parser.error(f"--tts-voice {args.tts_voice}: the .onnx and its .onnx.json must both exist")
    return args


def main(argv: Optional[list[str]] = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(
        stream=sys.stderr,
        level=logging.INFO,
        format="%(asctime)s speech %(levelname)s %(message)s",
    )
    logging.getLogger("faster_whisper").setLevel(logging.WARNING)
    # Never reach for a model hub: the models are local directories.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    stop = threading.Event()
    # Set before loading so a SIGTERM during the load also ends the process cleanly.
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())

    started = time.monotonic()
    if args.exit_with_parent:
        exit_when_stdin_closes(args.socket)
    prepare_socket_path(args.socket)  # fail before the seconds of loading, not after
    try:
        engines = Engines.load(args)
    except SystemExit:
        raise
    except Exception as error:  # a damaged model file, a voice of another format, ...
        LOG.exception("cannot load the models: %s", error)
        return 1
    if stop.is_set():
        return 0
    prepare_socket_path(args.socket)  # again: it may have changed while the models loaded
    server = Server(args.socket, Protocol(engines))
    try:
        server.server_bind()
        server.server_activate()
    except OSError as error:
        server.server_close()
        LOG.error("cannot listen on %s: %s", args.socket, error)
        return 1
    serving = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True)
    serving.start()
    LOG.info("ready on %s after %.2f s (pid %d)", args.socket, time.monotonic() - started, os.getpid())

    while not stop.wait(1.0):
        pass
    LOG.info("stopping: finishing the requests in flight")
    server.shutdown()
    server.close_connections(timeout=30.0)
    server.server_close()
    try:
        os.unlink(args.socket)
    except FileNotFoundError:
        pass
    LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
