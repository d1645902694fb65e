//! How JD ids arrive in request bodies.

use serde::{Deserialize, Deserializer};

/// Ids arrive as numbers (`JobDescId: 12`) or text (`jdid: "jd-…"`, `jobDescId: "12"`).
pub fn id_text<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Id {
        Number(i64),
        Text(String),
        Null(()),
    }
    Ok(match Id::deserialize(deserializer)? {
        Id::Number(n) => n.to_string(),
        Id::Text(s) => s,
        Id::Null(()) => String::new(),
    })
}
