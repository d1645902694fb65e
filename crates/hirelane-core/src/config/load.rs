//! Reading the layers: defaults, then the TOML file, then the environment.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::sections::Settings;

/// The shortest `auth.secret` accepted: it keys every token and code hash.
const MIN_AUTH_SECRET: usize = 24;
/// The shortest `voice.webhook_secret` accepted.
const MIN_WEBHOOK_SECRET: usize = 16;

/// Prefix of the environment variables that override settings.
pub const ENV_PREFIX: &str = "HIRELANE__";

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
        let settings: Settings = toml::Value::Table(tree)
            .try_into()
            .map_err(|e: toml::de::Error| ConfigError(format!("invalid settings: {e}")))?;
        settings.check_secrets()?;
        Ok(settings)
    }

    /// Refuses secrets short enough to guess: they sign every token and authenticate every
    /// webhook. (Generated ones, used when none is set, are long.)
    fn check_secrets(&self) -> Result<(), ConfigError> {
        let checks = [
            ("auth.secret", self.auth.secret.as_ref(), MIN_AUTH_SECRET),
            (
                "voice.webhook_secret",
                self.voice.webhook_secret.as_ref(),
                MIN_WEBHOOK_SECRET,
            ),
        ];
        for (name, secret, min) in checks {
            if let Some(secret) = secret
                && secret.expose().chars().count() < min
            {
                return Err(ConfigError(format!(
                    "{name} is too short: use at least {min} characters (e.g. openssl rand -base64 48)"
                )));
            }
        }
        Ok(())
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
/// `TRUST_FORWARDED_FOR=true` a boolean; anything else, including digits that would not read
/// back the same (`0123`, `+5`), stays text, so a secret of digits keeps every character.
fn env_value(raw: &str) -> toml::Value {
    if let Ok(n) = raw.parse::<i64>()
        && n.to_string() == raw
    {
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

/// A configuration problem, named precisely enough to fix.
#[derive(Debug, thiserror::Error)]
#[error("configuration: {0}")]
pub struct ConfigError(pub String);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::secret::Secret;
    use crate::config::sections::{MailTransport, StorageBackend};

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
    fn secrets_from_the_environment_keep_every_character() {
        let s = Settings::from_layers(
            None,
            env(&[
                ("HIRELANE__AUTH__SECRET", "012345678901234567890123"),
                ("HIRELANE__MAIL__SMTP__PASSWORD", "+5"),
            ]),
        )
        .expect("loads");
        assert_eq!(
            s.auth.secret.as_ref().map(Secret::expose),
            Some("012345678901234567890123")
        );
        assert_eq!(
            s.mail.smtp.password.as_ref().map(Secret::expose),
            Some("+5")
        );
    }

    #[test]
    fn short_secrets_are_refused_at_start_up() {
        let err = Settings::from_layers(None, env(&[("HIRELANE__AUTH__SECRET", "0123")]))
            .expect_err("too short");
        assert!(err.0.contains("auth.secret is too short"), "{}", err.0);
        let err = Settings::from_layers(None, env(&[("HIRELANE__VOICE__WEBHOOK_SECRET", "abc")]))
            .expect_err("too short");
        assert!(err.0.contains("voice.webhook_secret"), "{}", err.0);
        let long = "x".repeat(24);
        assert!(
            Settings::from_layers(None, env(&[("HIRELANE__AUTH__SECRET", long.as_str())])).is_ok()
        );
    }

    #[test]
    fn secrets_do_not_print() {
        let secret = "topsecret-topsecret-topsecret";
        let s =
            Settings::from_layers(None, env(&[("HIRELANE__AUTH__SECRET", secret)])).expect("loads");
        assert!(!format!("{s:?}").contains(secret));
    }
}
