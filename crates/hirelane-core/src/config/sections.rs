//! Every setting, its type and its compiled default.

use std::path::PathBuf;

use serde::{Deserialize, Deserializer};

use super::careers::CareersSettings;
use super::fairness::FairnessSettings;
use super::retention::RetentionSettings;
use super::secret::Secret;
use super::webhooks::WebhookSettings;

/// All settings of one server instance.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// Where the embedded defaults keep their files: SQLite database, outbox, keys, uploads.
    pub data_dir: PathBuf,
    /// The organisation's time zone (IANA name): what "today" means for dates recruiters enter.
    pub time_zone: String,
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub web: WebSettings,
    pub mail: MailSettings,
    pub auth: AuthSettings,
    pub uploads: UploadSettings,
    pub storage: StorageSettings,
    pub log: LogSettings,
    pub voice: VoiceSettings,
    pub background: BackgroundSettings,
    pub careers: CareersSettings,
    pub fairness: FairnessSettings,
    pub retention: RetentionSettings,
    pub webhooks: WebhookSettings,
}

/// How often each instance runs its periodic work. Every run claims what it does in the
/// database, so several instances polling at once still do each thing once.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BackgroundSettings {
    /// Interview reminders (24 h and 1 h before); a reminder goes out at most this late.
    pub reminder_interval_seconds: u64,
    /// Bin purge and pruning of expired sign-in codes and rate-limit rows.
    pub maintenance_interval_seconds: u64,
}

impl Default for BackgroundSettings {
    fn default() -> Self {
        Self {
            reminder_interval_seconds: 60,
            maintenance_interval_seconds: 3600,
        }
    }
}

/// Who runs the interviews.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// Vapi's API (or, without `voice.base_url`, the bundled simulator).
    #[default]
    Vapi,
    /// The self-hosted interviewer: speech-to-text and text-to-speech on this machine.
    Selfhosted,
}

/// The speech sidecar's interpreter and models, as `scripts/speech-deps.sh` installs them (it
/// writes the same paths to `~/.cache/hirelane/speech.env`).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SpeechSettings {
    /// The Python of the sidecar's virtualenv.
    pub python: PathBuf,
    /// A faster-whisper (CTranslate2) model directory, e.g. an official `small.en`.
    pub stt_model: PathBuf,
    /// A Piper voice (`.onnx`, with its `.onnx.json` beside it).
    pub tts_voice: PathBuf,
    /// CPU threads per model (0: the sidecar's choice, the cores up to 4).
    pub threads: u32,
    /// Quiet after speech that ends an answer, in milliseconds.
    pub end_of_turn_ms: u64,
    /// The longest answer, in seconds; the interviewer moves on after it.
    pub max_answer_seconds: u64,
    /// How long the interviewer waits for an answer to begin, in seconds.
    pub answer_wait_seconds: u64,
    /// Answers transcribed at once on this instance (0: one per core); the others wait their
    /// turn, so one interview's answers cannot take the speech model from every other one.
    pub transcriptions_at_once: u32,
    /// Answers of one interview transcribed at once (at least 1).
    pub transcriptions_per_interview: u32,
    /// How long an answer's transcription may wait and run, in seconds; past it the request is
    /// cancelled and the answer kept as "not transcribed" (its audio is in the recording).
    pub transcription_timeout_seconds: u64,
}

impl Default for SpeechSettings {
    fn default() -> Self {
        let cache = std::env::var_os("HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("/root"))
            .join(".cache/hirelane");
        Self {
            python: cache.join("venv-speech/bin/python"),
            stt_model: cache.join("models/whisper-base"),
            tts_voice: cache.join("models/piper/en_US-joe-medium.onnx"),
            threads: 0,
            end_of_turn_ms: 800,
            max_answer_seconds: 120,
            answer_wait_seconds: 20,
            transcriptions_at_once: 0,
            transcriptions_per_interview: 1,
            transcription_timeout_seconds: 90,
        }
    }
}

/// An OpenAI-compatible chat endpoint (Ollama, vLLM, llama.cpp's server, a hosted API) that
/// analyses self-hosted interviews; without one their analysis is a labelled heuristic.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LlmSettings {
    /// The API's base, e.g. `http://127.0.0.1:11434/v1` (Ollama); `/chat/completions` is added.
    pub base_url: Option<String>,
    pub model: String,
    /// Sent as a bearer token when the endpoint wants one.
    pub api_key: Option<Secret>,
    pub timeout_seconds: u64,
}

impl Default for LlmSettings {
    fn default() -> Self {
        Self {
            base_url: None,
            model: "llama3.1".into(),
            api_key: None,
            timeout_seconds: 120,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UploadSettings {
    /// Largest file accepted, in megabytes; refused while it streams in.
    pub max_file_mb: usize,
    /// Resume-analysis workers per instance (0: one per CPU core).
    pub analysis_workers: usize,
    /// Where files go with the local store; defaults to `files/` in the data directory.
    pub files_dir: Option<PathBuf>,
    /// How long a worker's claim on a resume holds before another worker (on any instance)
    /// may take it over. Longer than any one analysis; shorter means faster failover.
    pub analysis_lease_seconds: u64,
    /// Each file is read by a child process, `PROGRAM extract`, so a hostile file can crash or
    /// stall only that process. Defaults to this program.
    pub extract_program: Option<PathBuf>,
    /// The reading process's address-space limit, in megabytes.
    pub extract_memory_mb: u64,
    /// The reading process's CPU-time and wall-clock limit, in seconds.
    pub extract_timeout_seconds: u64,
    /// Time for reading the pages of a scanned PDF with Tesseract (poppler's `pdftoppm` and
    /// `tesseract` on the PATH; `scripts/system-deps.sh` installs them), added to the wall-clock
    /// limit; 0 turns OCR off. Without the programs, scans are held for review as with 0.
    pub ocr_seconds: u64,
    /// The deployment's country (ISO 3166 code: IN, US, GB, …) for phone numbers written
    /// without one, in resumes, CSV lists and application forms, when neither the number nor a
    /// place on the resume shows it. Unset (`""`) leaves such numbers as written.
    pub default_region: String,
}

impl Default for UploadSettings {
    fn default() -> Self {
        Self {
            max_file_mb: 10,
            analysis_workers: 0,
            files_dir: None,
            analysis_lease_seconds: 120,
            extract_program: None,
            extract_memory_mb: 1024,
            extract_timeout_seconds: 15,
            ocr_seconds: 60,
            // The country the product was first deployed in; numbers that show their own
            // country keep it whatever this says.
            default_region: "IN".to_owned(),
        }
    }
}

impl UploadSettings {
    pub fn max_file_bytes(&self) -> usize {
        self.max_file_mb.saturating_mul(1024 * 1024)
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ServerSettings {
    pub host: String,
    pub port: u16,
    /// The address people reach the product at, used in e-mailed links.
    pub public_url: Option<String>,
    /// Behind one trusted proxy that appends the address it saw to `X-Forwarded-For` (nginx's
    /// `$proxy_add_x_forwarded_for`): the client is that last entry, never what came before it.
    pub trust_forwarded_for: bool,
    /// Where `/readyz` and `/metrics` are served, apart from the app's port so the internet
    /// never sees them: loopback by default; a private address for a remote load balancer or
    /// Prometheus; empty to serve them nowhere. `/healthz` stays on the app's port as well.
    pub ops_address: String,
    /// A connection that has not sent a request's headers within this many seconds is closed.
    pub header_read_timeout_seconds: u64,
    /// A request not answered within this many seconds (body upload included) answers 408.
    pub request_timeout_seconds: u64,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DatabaseSettings {
    /// `sqlite://PATH` or `postgres://…`; defaults to a SQLite file in the data directory.
    pub url: Option<Secret>,
    pub max_connections: u32,
    /// PostgreSQL only: statements running longer are cancelled (0: no limit), so one runaway
    /// query cannot hold a pooled connection for ever. Migrations run without it.
    pub statement_timeout_seconds: u64,
}

/// Where uploaded files live.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum StorageBackend {
    /// A local directory (`uploads.files_dir`); one machine only.
    Local,
    /// An S3-compatible bucket, shared by every instance.
    S3,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StorageSettings {
    pub backend: StorageBackend,
    pub s3: S3Settings,
}

impl Default for StorageSettings {
    fn default() -> Self {
        Self {
            backend: StorageBackend::Local,
            s3: S3Settings::default(),
        }
    }
}

/// An S3-compatible bucket (AWS S3, MinIO, Ceph, Garage, …).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct S3Settings {
    /// The service's address, e.g. `https://s3.eu-west-1.amazonaws.com` or
    /// `http://127.0.0.1:9000`; AWS's regional endpoint when absent.
    pub endpoint: Option<String>,
    pub bucket: String,
    pub region: String,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<Secret>,
    /// `https://BUCKET.host/key` instead of `https://host/BUCKET/key`; most self-hosted
    /// services want path style (the default).
    pub virtual_hosted_style: bool,
    /// Allow a plain-HTTP endpoint: only for a store on the same machine or private network.
    pub allow_http: bool,
    /// Per request to the store; retries stop after this too, so a dead endpoint fails fast.
    pub request_timeout_seconds: u64,
}

impl Default for S3Settings {
    fn default() -> Self {
        Self {
            endpoint: None,
            bucket: String::new(),
            region: "us-east-1".into(),
            access_key_id: None,
            secret_access_key: None,
            virtual_hosted_style: false,
            allow_http: false,
            request_timeout_seconds: 30,
        }
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebSettings {
    /// The built single-page app (`npm run build` output).
    pub dist_dir: PathBuf,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum MailTransport {
    /// `.eml` files in a folder, for local runs.
    Outbox,
    Smtp,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpSecurity {
    /// Plain connection upgraded with STARTTLS (port 587).
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption; only for a sink on the same machine.
    None,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MailSettings {
    pub transport: MailTransport,
    pub from: String,
    /// Defaults to `outbox/` in the data directory.
    pub outbox_dir: Option<PathBuf>,
    pub smtp: SmtpSettings,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: SmtpSecurity,
    pub username: Option<Secret>,
    pub password: Option<Secret>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AuthSettings {
    /// Key material for tokens and code hashes. When absent, one is generated and kept in the
    /// data directory; several instances must share one, so production sets it.
    pub secret: Option<Secret>,
    pub access_token_minutes: i64,
    pub refresh_token_days: i64,
    /// How many requests one API token may make a minute, across every instance.
    pub api_token_requests_per_minute: i64,
}

/// The voice-AI provider (Vapi's API) and the fixed values of the assistants we create.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VoiceSettings {
    /// Who runs the interviews: `vapi` (Vapi's API at `base_url`, or the bundled simulator
    /// without it) or `selfhosted` (speech on this machine through the speech sidecar; no
    /// third party hears the candidate).
    pub provider: ProviderKind,
    /// The self-hosted interviewer's speech models (`provider = "selfhosted"`).
    pub speech: SpeechSettings,
    /// A language model for the self-hosted interviewer's analysis (optional).
    pub llm: LlmSettings,
    /// The provider's API, e.g. `https://api.vapi.ai`. When absent the bundled simulator starts
    /// in-process on a free loopback port (the offline quick start).
    pub base_url: Option<String>,
    /// The provider's private key; generated for the in-process simulator.
    pub api_key: Option<Secret>,
    /// Accepted for old configurations and ignored: a raw public key has no expiry and fits any
    /// assistant, so it never reaches a browser (a start-up warning says so).
    pub public_key: Option<Secret>,
    /// Vapi organisation id, needed only with `web_calls = "browser"`: join pages then get a
    /// one-hour public JWT restricted to the interview's assistant and our origin.
    pub org_id: Option<String>,
    /// Who creates a candidate's web call: `server` (default: the server creates it with the
    /// private key and the browser only joins its room) or `browser` (the page starts it with
    /// Vapi's web SDK and a public JWT; needs `org_id`). Either way every call's integrity is
    /// checked against its seal before it is scored.
    pub web_calls: WebCallStart,
    /// The provider at `base_url` is a standalone bundled simulator (`vapi-sim`): join pages
    /// drive its browser endpoints instead of Vapi's web SDK. Implied when it runs in-process.
    pub simulated: bool,
    /// The phone number outbound calls are placed from (required with a real provider).
    pub phone_number_id: Option<String>,
    /// Sent by the provider as `x-vapi-secret` on every webhook. When absent, one is generated
    /// and kept in the data directory; several instances must share one, so production sets it.
    pub webhook_secret: Option<Secret>,
    /// The key of a Vapi webhook credential with an HMAC plan: signed deliveries
    /// (`x-signature` over `{x-timestamp}.{body}`, five minutes at most) are checked with it.
    /// Without it they are checked with `webhook_secret`, which the plain mode also sends in the
    /// clear; a separate key keeps the signatures unforgeable by anyone who saw a header.
    pub webhook_signing_secret: Option<Secret>,
    /// The address the provider posts webhooks to; defaults to `server.public_url`.
    pub webhook_base_url: Option<String>,
    pub model_provider: String,
    pub assistant_model: String,
    pub voice_provider: String,
    pub assistant_voice: String,
    pub silence_timeout_seconds: u32,
    #[serde(deserialize_with = "number")]
    pub temperature: f64,
    /// Vapi's default of 600 s is too short for an interview.
    pub max_duration_seconds: u32,
    /// Per request to the provider.
    pub request_timeout_seconds: u64,
    /// Retries after a 429 or 5xx answer (with backoff, honouring `Retry-After`).
    pub max_retries: u32,
    /// How often the reconciler polls for calls whose report never came; 0 turns it off.
    pub reconcile_interval_seconds: u64,
}

impl Default for VoiceSettings {
    fn default() -> Self {
        Self {
            base_url: None,
            api_key: None,
            public_key: None,
            org_id: None,
            provider: ProviderKind::Vapi,
            speech: SpeechSettings::default(),
            llm: LlmSettings::default(),
            web_calls: WebCallStart::Server,
            simulated: false,
            phone_number_id: None,
            webhook_secret: None,
            webhook_signing_secret: None,
            webhook_base_url: None,
            model_provider: "openai".into(),
            assistant_model: "gpt-4o".into(),
            voice_provider: "vapi".into(),
            assistant_voice: "Neha".into(),
            silence_timeout_seconds: 60,
            temperature: 0.5,
            max_duration_seconds: 1800,
            request_timeout_seconds: 15,
            max_retries: 3,
            reconcile_interval_seconds: 60,
        }
    }
}

/// Who creates a candidate's web call (`voice.web_calls`).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum WebCallStart {
    Server,
    Browser,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct LogSettings {
    pub format: LogFormat,
    /// A tracing filter such as `info` or `hirelane=debug,tower_http=info`.
    pub level: String,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            data_dir: PathBuf::from("data"),
            time_zone: "UTC".into(),
            server: ServerSettings::default(),
            database: DatabaseSettings::default(),
            web: WebSettings::default(),
            mail: MailSettings::default(),
            auth: AuthSettings::default(),
            uploads: UploadSettings::default(),
            storage: StorageSettings::default(),
            log: LogSettings::default(),
            voice: VoiceSettings::default(),
            background: BackgroundSettings::default(),
            careers: CareersSettings::default(),
            fairness: FairnessSettings::default(),
            retention: RetentionSettings::default(),
            webhooks: WebhookSettings::default(),
        }
    }
}

impl Default for ServerSettings {
    fn default() -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: 8080,
            public_url: None,
            trust_forwarded_for: false,
            ops_address: "127.0.0.1:9464".into(),
            header_read_timeout_seconds: 15,
            request_timeout_seconds: 120,
        }
    }
}

impl Default for DatabaseSettings {
    fn default() -> Self {
        Self {
            url: None,
            max_connections: 10,
            statement_timeout_seconds: 30,
        }
    }
}

impl Default for WebSettings {
    fn default() -> Self {
        Self {
            dist_dir: PathBuf::from("web/dist"),
        }
    }
}

impl Default for MailSettings {
    fn default() -> Self {
        Self {
            transport: MailTransport::Outbox,
            from: "Hirelane <no-reply@hirelane.localhost>".into(),
            outbox_dir: None,
            smtp: SmtpSettings::default(),
        }
    }
}

impl Default for SmtpSettings {
    fn default() -> Self {
        Self {
            host: "localhost".into(),
            port: 587,
            security: SmtpSecurity::Starttls,
            username: None,
            password: None,
        }
    }
}

impl Default for AuthSettings {
    fn default() -> Self {
        Self {
            secret: None,
            access_token_minutes: 30,
            refresh_token_days: 30,
            api_token_requests_per_minute: 600,
        }
    }
}

impl Default for LogSettings {
    fn default() -> Self {
        Self {
            format: LogFormat::Pretty,
            level: "info".into(),
        }
    }
}

/// A number that may arrive as text: environment values other than integers are strings.
fn number<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Scalar {
        Float(f64),
        Integer(i64),
        Text(String),
    }
    match Scalar::deserialize(deserializer)? {
        Scalar::Float(f) => Ok(f),
        Scalar::Integer(n) => Ok(n as f64),
        Scalar::Text(t) => t.trim().parse().map_err(serde::de::Error::custom),
    }
}
