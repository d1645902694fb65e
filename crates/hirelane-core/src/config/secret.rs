//! Secret settings, held by `secrecy` so they are wiped on drop and never printed.

use std::fmt;

use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Deserializer};

/// A secret setting: printable only as `[redacted]`.
#[derive(Clone)]
pub struct Secret(SecretString);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Self(SecretString::from(value.into()))
    }

    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

impl PartialEq for Secret {
    fn eq(&self, other: &Self) -> bool {
        self.expose() == other.expose()
    }
}

impl Eq for Secret {}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl<'de> Deserialize<'de> for Secret {
    /// Accepts integers too: TOML may type a password of digits as one (the environment layer
    /// only does so when the digits read back unchanged, so nothing is lost).
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Scalar {
            Text(String),
            Integer(i64),
        }
        Ok(match Scalar::deserialize(deserializer)? {
            Scalar::Text(s) => Secret::new(s),
            Scalar::Integer(n) => Secret::new(n.to_string()),
        })
    }
}
