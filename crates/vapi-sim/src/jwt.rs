//! Vapi's JWT authentication: a token signed HS256 with the organisation's private key, tagged
//! `public` (good only for `POST /call/web`, within its restrictions) or `private`. The
//! restrictions limit which assistants and origins a public token may start calls for; they do
//! not limit `assistantOverrides`, exactly the gap a server must close by checking its calls.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use jiff::Timestamp;
use serde_json::{Map, Value};
use sha2::Sha256;

/// What a verified token allows.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Grant {
    /// As the private key.
    Private,
    /// `POST /call/web` only, within these restrictions (none when `enabled` is false).
    Public(Option<Restrictions>),
}

#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Restrictions {
    allowed_origins: Vec<String>,
    allowed_assistant_ids: Vec<String>,
    allow_transient_assistant: bool,
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// Checks a token's signature (HS256 over `key`), expiry and tag.
pub(crate) fn verify(token: &str, key: &str, now: Timestamp) -> Option<Grant> {
    let mut parts = token.split('.');
    let (header_text, payload, signature) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let header: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header_text).ok()?).ok()?;
    if header["alg"] != "HS256" {
        return None;
    }
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).ok()?;
    mac.update(format!("{header_text}.{payload}").as_bytes());
    mac.verify_slice(&URL_SAFE_NO_PAD.decode(signature).ok()?)
        .ok()?;
    let claims: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(payload).ok()?).ok()?;
    if claims["exp"]
        .as_i64()
        .is_none_or(|exp| exp <= now.as_second())
    {
        return None;
    }
    let token_claims = &claims["token"];
    match token_claims["tag"].as_str()? {
        "private" => Some(Grant::Private),
        "public" => {
            let r = &token_claims["restrictions"];
            let restrictions = (r["enabled"] == true).then(|| Restrictions {
                allowed_origins: strings(&r["allowedOrigins"]),
                allowed_assistant_ids: strings(&r["allowedAssistantIds"]),
                allow_transient_assistant: r["allowTransientAssistant"] == true,
            });
            Some(Grant::Public(restrictions))
        }
        _ => None,
    }
}

impl Restrictions {
    /// Whether a web call with this body, from this `Origin`, is within the restrictions; the
    /// message says why not (Vapi answers 401 for a token used outside its restrictions).
    pub(crate) fn permit(
        &self,
        body: &Map<String, Value>,
        origin: Option<&str>,
    ) -> Result<(), String> {
        if let Some(origin) = origin
            && !self.allowed_origins.is_empty()
            && !self.allowed_origins.iter().any(|o| o == origin)
        {
            return Err(format!("Origin {origin} is not allowed for this key."));
        }
        match body.get("assistantId").and_then(Value::as_str) {
            Some(id)
                if !self.allowed_assistant_ids.is_empty()
                    && !self.allowed_assistant_ids.iter().any(|a| a == id) =>
            {
                Err(format!("Assistant {id} is not allowed for this key."))
            }
            None if body.get("assistant").is_some() && !self.allow_transient_assistant => {
                Err("Transient assistants are not allowed for this key.".into())
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn sign(key: &str, claims: &Value) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
        let payload = URL_SAFE_NO_PAD.encode(claims.to_string());
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key.as_bytes()).unwrap();
        mac.update(format!("{header}.{payload}").as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        format!("{header}.{payload}.{signature}")
    }

    fn now() -> Timestamp {
        "2026-03-02T09:00:00Z".parse().unwrap()
    }

    fn public(exp: i64) -> Value {
        json!({"orgId": "o", "exp": exp, "token": {"tag": "public", "restrictions": {
            "enabled": true, "allowedOrigins": ["https://hire.example.com"],
            "allowedAssistantIds": ["a-1"], "allowTransientAssistant": false}}})
    }

    #[test]
    fn tokens_are_checked_and_restricted() {
        let exp = now().as_second() + 60;
        let grant = verify(&sign("k", &public(exp)), "k", now()).unwrap();
        let Grant::Public(Some(r)) = grant else {
            panic!("public")
        };
        let body = |v: Value| v.as_object().cloned().unwrap();
        assert!(
            r.permit(
                &body(json!({"assistantId": "a-1", "assistantOverrides": {"model": {}}})),
                None
            )
            .is_ok(),
            "overrides are not restricted"
        );
        assert!(
            r.permit(&body(json!({"assistantId": "a-2"})), None)
                .is_err()
        );
        assert!(
            r.permit(&body(json!({"assistant": {"name": "x"}})), None)
                .is_err()
        );
        assert!(
            r.permit(
                &body(json!({"assistantId": "a-1"})),
                Some("https://evil.example")
            )
            .is_err()
        );
        assert!(
            r.permit(
                &body(json!({"assistantId": "a-1"})),
                Some("https://hire.example.com")
            )
            .is_ok()
        );
        assert_eq!(
            verify(&sign("other", &public(exp)), "k", now()),
            None,
            "wrong key"
        );
        assert_eq!(
            verify(&sign("k", &public(now().as_second())), "k", now()),
            None,
            "expired"
        );
        let private = json!({"exp": exp, "token": {"tag": "private"}});
        assert_eq!(
            verify(&sign("k", &private), "k", now()),
            Some(Grant::Private)
        );
        assert_eq!(verify("not.a.jwt", "k", now()), None);
    }
}
