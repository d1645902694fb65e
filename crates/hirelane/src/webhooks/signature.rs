//! Signing deliveries the Standard Webhooks way (<https://www.standardwebhooks.com>): the
//! headers `webhook-id`, `webhook-timestamp` and `webhook-signature: v1,<base64 HMAC-SHA256 of
//! "id.timestamp.body">`, keyed by the bytes the secret's base64 after `whsec_` encodes.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use hirelane_core::keys::random_bytes;
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// What a shown secret starts with.
pub const SECRET_PREFIX: &str = "whsec_";

/// A new signing key, as stored (base64 of 32 random bytes).
pub fn new_key() -> String {
    BASE64.encode(random_bytes(32))
}

/// The secret as the admin copies it.
pub fn shown(key: &str) -> String {
    format!("{SECRET_PREFIX}{key}")
}

/// The `webhook-signature` header's value for one attempt.
pub fn sign(key: &str, id: &str, timestamp: i64, body: &str) -> anyhow::Result<String> {
    let key = BASE64.decode(key)?;
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&key)?;
    mac.update(format!("{id}.{timestamp}.{body}").as_bytes());
    Ok(format!("v1,{}", BASE64.encode(mac.finalize().into_bytes())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signs_the_standard_webhooks_reference_message() {
        // The specification's own example, so any of its libraries verifies our deliveries.
        let signature = sign(
            "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
            "msg_p5jXN8AQM9LWM0D4loKWxJek",
            1614265330,
            r#"{"test": 2432232314}"#,
        )
        .expect("signs");
        assert_eq!(signature, "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    }

    #[test]
    fn a_key_that_is_not_base64_is_an_error() {
        assert!(sign("not base64!", "id", 1, "{}").is_err());
        assert!(shown(&new_key()).starts_with("whsec_"));
    }
}
