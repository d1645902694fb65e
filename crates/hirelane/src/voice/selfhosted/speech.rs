//! The speech sidecar (`speech/sidecar.py`): a Python process that holds the speech-to-text
//! and text-to-speech models, started and supervised by the server and asked over a Unix
//! socket, one JSON line each way (the protocol is in `speech/README.md`). The script is built
//! into the binary and written to the data directory, so a deployment needs only the
//! interpreter and models that `scripts/speech-deps.sh` installs.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use anyhow::{Context, bail};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixStream;
use tokio::process::{Child, Command};

use crate::config::SpeechSettings;

/// The sidecar's source, written next to its socket at start.
const SIDECAR: &str = include_str!("../../../../../speech/sidecar.py");
/// The one rate both directions use: 16 kHz mono 16-bit PCM.
pub const SAMPLE_RATE: u32 = 16_000;
/// How long the sidecar may take to load its models before it counts as failed.
const START_TIMEOUT: Duration = Duration::from_secs(180);
/// The longest answer line we read (a synthesized sentence is well under it).
const MAX_ANSWER_BYTES: usize = 32 * 1024 * 1024;
/// A sidecar that ran this long before it stopped is restarted at once; sooner, after a wait
/// that doubles up to [`MAX_BACKOFF`].
const STABLE_AFTER: Duration = Duration::from_secs(60);
const MAX_BACKOFF: Duration = Duration::from_secs(30);
/// Longest wait for one request: a long answer on a busy machine, with room to spare.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(90);

/// Why a speech request failed.
#[derive(Debug, thiserror::Error)]
pub enum SpeechError {
    /// The sidecar is not running (starting again after a crash).
    #[error("the speech service is not available")]
    Unavailable,
    /// It answered `ok: false` with this message.
    #[error("the speech service refused: {0}")]
    Refused(String),
    #[error("the speech service failed: {0}")]
    Failed(String),
}

/// A word heard, with its time in seconds from the start of the audio given.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Word {
    pub word: String,
    pub start: f64,
    pub end: f64,
    pub probability: f64,
}

/// What was heard in some audio; silence and noise give no text and `no_speech`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Transcript {
    pub text: String,
    pub no_speech: bool,
    pub duration: f64,
    pub words: Vec<Word>,
}

/// The running sidecar, restarted when it dies; dropping this stops it.
#[derive(Debug)]
pub struct Speech {
    socket: PathBuf,
    ready: Arc<AtomicBool>,
    next_id: AtomicU64,
    supervisor: tokio::task::JoinHandle<()>,
}

impl Drop for Speech {
    fn drop(&mut self) {
        self.supervisor.abort();
    }
}

impl Speech {
    /// Starts the sidecar and waits until its models are loaded. Fails with a message an
    /// operator can act on when the speech packages or models are missing.
    pub async fn start(settings: &SpeechSettings, data_dir: &Path) -> anyhow::Result<Speech> {
        let dir = data_dir.join("speech");
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("speech: cannot create {}", dir.display()))?;
        let script = dir.join("sidecar.py");
        std::fs::write(&script, SIDECAR)
            .with_context(|| format!("speech: cannot write {}", script.display()))?;
        if !settings.python.exists() {
            bail!(
                "voice.provider = \"selfhosted\" needs the speech packages and models: run \
                 scripts/speech-deps.sh (no Python interpreter at {}; set voice.speech.python)",
                settings.python.display()
            );
        }
        remove_stale_sockets(&dir).await;
        let launch = Launch {
            python: settings.python.clone(),
            script,
            // One socket per server process: a sidecar still ending after its server was killed
            // can never be the one this server's readiness check reaches.
            socket: dir.join(format!("sidecar-{}.sock", std::process::id())),
            stt_model: settings.stt_model.clone(),
            tts_voice: settings.tts_voice.clone(),
            threads: settings.threads,
        };
        let child = launch.spawn_ready().await?;
        tracing::info!(
            stt = %settings.stt_model.display(),
            tts = %settings.tts_voice.display(),
            "speech: the sidecar is ready"
        );
        let ready = Arc::new(AtomicBool::new(true));
        let socket = launch.socket.clone();
        let supervisor = tokio::spawn(supervise(launch, child, ready.clone()));
        Ok(Speech {
            socket,
            ready,
            next_id: AtomicU64::new(1),
            supervisor,
        })
    }

    /// Whether the sidecar answers now (for `/readyz`).
    pub async fn healthy(&self) -> bool {
        self.ready.load(Ordering::Relaxed) && self.request(json!({ "op": "health" })).await.is_ok()
    }

    /// What is said in `pcm` (16 kHz mono).
    pub async fn transcribe(&self, pcm: &[i16]) -> Result<Transcript, SpeechError> {
        let bytes: Vec<u8> = pcm.iter().flat_map(|s| s.to_le_bytes()).collect();
        let answer = self
            .request(json!({ "op": "transcribe", "pcm16": BASE64.encode(bytes), "language": "en" }))
            .await?;
        serde_json::from_value(answer).map_err(|e| SpeechError::Failed(e.to_string()))
    }

    /// `text` spoken, as 16 kHz mono samples.
    pub async fn synthesize(&self, text: &str) -> Result<Vec<i16>, SpeechError> {
        let answer = self
            .request(json!({ "op": "synthesize", "text": text }))
            .await?;
        let bytes = answer["pcm16"]
            .as_str()
            .and_then(|b| BASE64.decode(b).ok())
            .ok_or_else(|| SpeechError::Failed("no audio in the answer".into()))?;
        Ok(bytes
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]))
            .collect())
    }

    /// One request on its own connection (the sidecar serves each connection on a thread, so
    /// interviews running at once do not queue behind each other's connection).
    async fn request(&self, mut body: Value) -> Result<Value, SpeechError> {
        if !self.ready.load(Ordering::Relaxed) {
            return Err(SpeechError::Unavailable);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        body["id"] = json!(id);
        let exchange = async {
            let stream = UnixStream::connect(&self.socket)
                .await
                .map_err(|_| SpeechError::Unavailable)?;
            let (read, mut write) = stream.into_split();
            let mut line = body.to_string();
            line.push('\n');
            write
                .write_all(line.as_bytes())
                .await
                .map_err(|e| SpeechError::Failed(e.to_string()))?;
            let mut reader =
                tokio::io::AsyncReadExt::take(BufReader::new(read), MAX_ANSWER_BYTES as u64);
            let mut answer = String::new();
            reader
                .read_line(&mut answer)
                .await
                .map_err(|e| SpeechError::Failed(e.to_string()))?;
            serde_json::from_str::<Value>(&answer)
                .map_err(|_| SpeechError::Failed("the answer was not JSON".into()))
        };
        let answer = tokio::time::timeout(REQUEST_TIMEOUT, exchange)
            .await
            .map_err(|_| SpeechError::Failed("no answer in time".into()))??;
        if answer["ok"].as_bool() == Some(true) {
            Ok(answer)
        } else {
            Err(SpeechError::Refused(
                answer["error"]
                    .as_str()
                    .unwrap_or("no reason given")
                    .to_owned(),
            ))
        }
    }
}

/// How the sidecar is started.
#[derive(Debug, Clone)]
struct Launch {
    python: PathBuf,
    script: PathBuf,
    socket: PathBuf,
    stt_model: PathBuf,
    tts_voice: PathBuf,
    threads: u32,
}

impl Launch {
    /// Starts the sidecar and waits until its socket accepts a connection, which it opens only
    /// once both models are loaded.
    async fn spawn_ready(&self) -> anyhow::Result<Child> {
        let mut command = Command::new(&self.python);
        command
            .arg(&self.script)
            .arg("--socket")
            .arg(&self.socket)
            .arg("--stt-model")
            .arg(&self.stt_model)
            .arg("--tts-voice")
            .arg(&self.tts_voice)
            // Its standard input is a pipe only we hold: when this process dies, even by
            // SIGKILL, the pipe closes and the sidecar exits instead of living on as an orphan.
            .arg("--exit-with-parent")
            .stdin(Stdio::piped())
            .kill_on_drop(true);
        if self.threads > 0 {
            command.arg("--threads").arg(self.threads.to_string());
        }
        let mut child = command
            .spawn()
            .with_context(|| format!("speech: cannot run {}", self.python.display()))?;
        let deadline = tokio::time::Instant::now() + START_TIMEOUT;
        loop {
            if let Some(status) = child.try_wait()? {
                bail!("{}", exit_message(status.code()));
            }
            if UnixStream::connect(&self.socket).await.is_ok() {
                return Ok(child);
            }
            if tokio::time::Instant::now() > deadline {
                bail!("speech: the sidecar did not become ready within {START_TIMEOUT:?}");
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// Removes the sockets of sidecars that are gone (a server killed before its sidecar removed
/// its own); a socket something still listens on is left alone.
async fn remove_stale_sockets(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let is_socket = path
            .file_name()
            .and_then(|n| n.to_str())
            .is_some_and(|n| n.starts_with("sidecar") && n.ends_with(".sock"));
        if is_socket && UnixStream::connect(&path).await.is_err() {
            match std::fs::remove_file(&path) {
                Ok(()) => tracing::info!(path = %path.display(), "speech: removed a stale socket"),
                Err(e) => {
                    tracing::warn!(path = %path.display(), error = %e, "speech: stale socket not removed")
                }
            }
        }
    }
}

/// What the sidecar's exit code says (see `speech/README.md`).
fn exit_message(code: Option<i32>) -> String {
    match code {
        Some(3) => {
            "speech: the speech packages are not installed: run scripts/speech-deps.sh".into()
        }
        Some(2) => "speech: a model file is missing or a setting is wrong (voice.speech.*); its \
                    message is above"
            .into(),
        other => format!(
            "speech: the sidecar stopped while starting (exit {other:?}); its message is above"
        ),
    }
}

/// Restarts the sidecar whenever it exits, waiting longer after each failure in a row.
async fn supervise(launch: Launch, mut child: Child, ready: Arc<AtomicBool>) {
    let mut backoff = Duration::from_secs(1);
    loop {
        // Held while it runs: `Child::wait` closes a stdin it still owns, and a closed stdin is
        // how the sidecar learns that its parent is gone.
        let _stdin = child.stdin.take();
        let started = tokio::time::Instant::now();
        let status = child.wait().await;
        ready.store(false, Ordering::Relaxed);
        // A sidecar that dies soon after starting is not helped by starting it at once again.
        backoff = if started.elapsed() >= STABLE_AFTER {
            Duration::from_secs(1)
        } else {
            (backoff * 2).min(MAX_BACKOFF)
        };
        tracing::error!(
            ?status,
            ?backoff,
            "speech: the sidecar stopped; starting it again"
        );
        loop {
            tokio::time::sleep(backoff).await;
            match launch.spawn_ready().await {
                Ok(next) => {
                    child = next;
                    ready.store(true, Ordering::Relaxed);
                    tracing::info!("speech: the sidecar is back");
                    break;
                }
                Err(err) => {
                    tracing::error!(error = %err, "speech: the sidecar cannot start");
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
            }
        }
    }
}
