//! Settings, in layers: compiled defaults ← optional `hirelane.toml` ← `HIRELANE__SECTION__KEY`
//! environment variables. Secrets are wrapped in [`Secret`] so they never reach a log.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Deserializer};

/// Prefix of the environment variables that override settings.
pub const ENV_PREFIX: &str = "HIRELANE__";

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
}

impl Default for UploadSettings {
    fn default() -> Self {
        Self {
            max_file_mb: 10,
            analysis_workers: 0,
            files_dir: None,
            analysis_lease_seconds: 120,
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
    /// Read the client address from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
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
}

/// The voice-AI provider (Vapi's API) and the fixed values of the assistants we create.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct VoiceSettings {
    /// The provider's API, e.g. `https://api.vapi.ai`. When absent the bundled simulator starts
    /// in-process on a free loopback port (the offline quick start).
    pub base_url: Option<String>,
    /// The provider's private key; generated for the in-process simulator.
    pub api_key: Option<Secret>,
    /// The provider's public key (browser web calls), if any.
    pub public_key: Option<Secret>,
    /// Vapi organisation id: with it, join pages get a one-hour public JWT restricted to the
    /// interview's assistant and our origin instead of the public key.
    pub org_id: Option<String>,
    /// The provider at `base_url` is a standalone bundled simulator (`vapi-sim`): join pages
    /// drive its browser endpoints instead of Vapi's web SDK. Implied when it runs in-process.
    pub simulated: bool,
    /// The phone number outbound calls are placed from (required with a real provider).
    pub phone_number_id: Option<String>,
    /// Sent by the provider as `x-vapi-secret` on every webhook. When absent, one is generated
    /// and kept in the data directory; several instances must share one, so production sets it.
    pub webhook_secret: Option<Secret>,
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
            simulated: false,
            phone_number_id: None,
            webhook_secret: None,
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

impl Settings {
    /// Loads the layers: defaults, then `file` (or `hirelane.toml` when it exists), then the
    /// process environment.
    pub fn load(file: Option<&Path>) -> Result<Settings, ConfigError> {
        let default_file = Path::new("hirelane.toml");
        let file = match file {
            Some(path) => Some(path),
            None if default_file.exists() => Some(default_file),
            None => None,
        };
        let text = match file {
            Some(path) => Some(
                std::fs::read_to_string(path)
                    .map_err(|e| ConfigError(format!("cannot read {}: {e}", path.display())))?,
            ),
            None => None,
        };
        Self::from_layers(text.as_deref(), std::env::vars())
    }

    /// Builds settings from a TOML text and `(name, value)` environment pairs.
    pub fn from_layers(
        toml_text: Option<&str>,
        env: impl IntoIterator<Item = (String, String)>,
    ) -> Result<Settings, ConfigError> {
        let mut tree = match toml_text {
            Some(text) => toml::from_str::<toml::Table>(text)
                .map_err(|e| ConfigError(format!("hirelane.toml: {e}")))?,
            None => toml::Table::new(),
        };
        // Sorted so a shorter key (`A`) is set before a longer one that nests under it (`A__B`).
        let overrides: BTreeMap<String, String> = env
            .into_iter()
            .filter_map(|(name, value)| {
                name.strip_prefix(ENV_PREFIX)
                    .map(|key| (key.to_ascii_lowercase(), value))
            })
            .collect();
        for (key, value) in overrides {
            let path: Vec<&str> = key.split("__").collect();
            set_path(&mut tree, &path, env_value(&value))
                .map_err(|e| ConfigError(format!("{ENV_PREFIX}{}: {e}", key.to_uppercase())))?;
        }
        toml::Value::Table(tree)
            .try_into()
            .map_err(|e: toml::de::Error| ConfigError(format!("invalid settings: {e}")))
    }

    /// The configured time zone, checked against the time-zone database.
    pub fn time_zone(&self) -> Result<jiff::tz::TimeZone, ConfigError> {
        jiff::tz::TimeZone::get(&self.time_zone)
            .map_err(|_| ConfigError(format!("time_zone: unknown time zone '{}'", self.time_zone)))
    }

    /// The database URL, defaulting to a SQLite file in the data directory.
    pub fn database_url(&self) -> String {
        match &self.database.url {
            Some(url) => url.expose().to_owned(),
            None => format!("sqlite://{}", self.data_dir.join("hirelane.db").display()),
        }
    }

    /// The folder `.eml` files go to with the outbox transport.
    pub fn outbox_dir(&self) -> PathBuf {
        self.mail
            .outbox_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("outbox"))
    }

    /// The folder of the local file store.
    pub fn files_dir(&self) -> PathBuf {
        self.uploads
            .files_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("files"))
    }

    /// Base address for links in e-mails, without a trailing slash.
    pub fn public_url(&self) -> String {
        match &self.server.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://localhost:{}", self.server.port),
        }
    }
}

/// Environment values are typed the way TOML would read them, so `PORT=8080` is a number and
/// `TRUST_FORWARDED_FOR=true` a boolean; anything else is text.
fn env_value(raw: &str) -> toml::Value {
    if let Ok(n) = raw.parse::<i64>() {
        return toml::Value::Integer(n);
    }
    match raw {
        "true" => toml::Value::Boolean(true),
        "false" => toml::Value::Boolean(false),
        _ => toml::Value::String(raw.to_owned()),
    }
}

fn set_path(table: &mut toml::Table, path: &[&str], value: toml::Value) -> Result<(), String> {
    match path {
        [] => Err("empty key".into()),
        [last] => {
            table.insert((*last).to_owned(), value);
            Ok(())
        }
        [head, rest @ ..] => {
            let entry = table
                .entry((*head).to_owned())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()));
            match entry {
                toml::Value::Table(inner) => set_path(inner, rest, value),
                _ => Err(format!("'{head}' is not a section")),
            }
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

/// A configuration problem, named precisely enough to fix.
#[derive(Debug, thiserror::Error)]
#[error("configuration: {0}")]
pub struct ConfigError(pub String);

/// A secret setting: printable only as `[redacted]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl<'de> Deserialize<'de> for Secret {
    /// Accepts numbers too: a password of digits set through the environment arrives typed.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Scalar {
            Text(String),
            Integer(i64),
        }
        Ok(match Scalar::deserialize(deserializer)? {
            Scalar::Text(s) => Secret(s),
            Scalar::Integer(n) => Secret(n.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn defaults_are_embedded() {
        let s = Settings::from_layers(None, env(&[])).expect("defaults load");
        assert_eq!(s.server.port, 8080);
        assert_eq!(s.database_url(), "sqlite://data/hirelane.db");
        assert_eq!(s.outbox_dir(), PathBuf::from("data/outbox"));
        assert_eq!(s.mail.transport, MailTransport::Outbox);
        assert_eq!(s.public_url(), "http://localhost:8080");
    }

    #[test]
    fn environment_overrides_file_overrides_defaults() {
        let file = "data_dir = \"/srv/hl\"\n[server]\nport = 9000\nhost = \"0.0.0.0\"\n";
        let s = Settings::from_layers(
            Some(file),
            env(&[
                ("HIRELANE__SERVER__PORT", "9100"),
                ("HIRELANE__MAIL__SMTP__PASSWORD", "123456"),
                ("HIRELANE__SERVER__TRUST_FORWARDED_FOR", "true"),
                ("UNRELATED", "x"),
            ]),
        )
        .expect("layers load");
        assert_eq!(s.server.port, 9100);
        assert_eq!(s.server.host, "0.0.0.0");
        assert!(s.server.trust_forwarded_for);
        assert_eq!(s.data_dir, PathBuf::from("/srv/hl"));
        assert_eq!(
            s.mail.smtp.password.as_ref().map(Secret::expose),
            Some("123456")
        );
    }

    #[test]
    fn unknown_keys_are_refused_by_name() {
        let err = Settings::from_layers(None, env(&[("HIRELANE__SERVER__PROT", "1")]))
            .expect_err("typo is an error");
        assert!(err.to_string().contains("prot"), "{err}");
    }

    #[test]
    fn voice_defaults_and_overrides() {
        let s = Settings::from_layers(
            None,
            env(&[
                ("HIRELANE__VOICE__TEMPERATURE", "0.7"),
                ("HIRELANE__VOICE__API_KEY", "k"),
            ]),
        )
        .expect("loads");
        assert_eq!(s.voice.temperature, 0.7);
        assert_eq!(s.voice.assistant_voice, "Neha");
        assert_eq!(s.voice.silence_timeout_seconds, 60);
        assert!(s.voice.base_url.is_none());
        assert!(!format!("{s:?}").contains("\"k\""));
    }

    #[test]
    fn storage_defaults_to_local_and_takes_an_s3_bucket() {
        let s = Settings::from_layers(None, env(&[])).expect("defaults load");
        assert_eq!(s.storage.backend, StorageBackend::Local);
        let file = "[storage]\nbackend = \"s3\"\n[storage.s3]\nbucket = \"cvs\"\n";
        let s = Settings::from_layers(
            Some(file),
            env(&[
                ("HIRELANE__STORAGE__S3__ENDPOINT", "http://127.0.0.1:9000"),
                ("HIRELANE__STORAGE__S3__ALLOW_HTTP", "true"),
                ("HIRELANE__STORAGE__S3__SECRET_ACCESS_KEY", "s3cret-key"),
            ]),
        )
        .expect("loads");
        assert_eq!(s.storage.backend, StorageBackend::S3);
        assert_eq!(s.storage.s3.bucket, "cvs");
        assert!(s.storage.s3.allow_http && !s.storage.s3.virtual_hosted_style);
        assert!(!format!("{s:?}").contains("s3cret-key"));
    }

    #[test]
    fn secrets_do_not_print() {
        let s = Settings::from_layers(None, env(&[("HIRELANE__AUTH__SECRET", "topsecret")]))
            .expect("loads");
        assert!(!format!("{s:?}").contains("topsecret"));
    }
}
