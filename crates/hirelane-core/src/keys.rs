//! Key material. One secret (configured, or generated once into the data directory) is split by
//! HMAC into independent keys per purpose, so a key leaked from one use cannot forge another.

use std::path::Path;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

type HmacSha256 = Hmac<Sha256>;

/// The keys the auth domain signs and hashes with.
#[derive(Clone)]
pub struct Keys {
    access_token: [u8; 32],
    otp: [u8; 32],
    links: [u8; 32],
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys([redacted])")
    }
}

impl Keys {
    /// Derives the purpose keys from a master secret.
    pub fn from_secret(secret: &[u8]) -> Self {
        Self {
            access_token: derive(secret, b"hirelane access token v1"),
            otp: derive(secret, b"hirelane otp hash v1"),
            links: derive(secret, b"hirelane signed link v1"),
        }
    }

    /// Reads the master secret from `path`, creating it (mode 0600) when missing.
    pub fn load_or_create(path: &Path) -> std::io::Result<Self> {
        load_or_create_secret(path).map(|secret| Self::from_secret(secret.as_bytes()))
    }

    /// The key access tokens are signed with.
    pub fn access_key(&self) -> &[u8] {
        &self.access_token
    }

    /// Keyed hash of a one-time code, bound to the address and the moment it was issued so a
    /// stored hash cannot be replayed for another challenge.
    pub fn otp_hash(&self, email: &str, issued_at_ms: i64, code: &str) -> String {
        let mut m = HmacSha256::new_from_slice(&self.otp).unwrap_or_else(|_| unreachable_key());
        m.update(email.as_bytes());
        m.update(b"\0");
        m.update(&issued_at_ms.to_be_bytes());
        m.update(b"\0");
        m.update(code.as_bytes());
        hex::encode(m.finalize().into_bytes())
    }
}

/// Signed links: URLs that must work without a bearer token (a new tab opening a resume, an
/// `<audio>` element playing a recording) carry an expiry and a signature over both.
impl Keys {
    /// Hex signature of a link to `resource` (e.g. `resume-file:ID`) valid until `expires`
    /// (unix seconds).
    pub fn sign_link(&self, resource: &str, expires: i64) -> String {
        hex::encode(mac(&self.links, link_data(resource, expires).as_bytes()))
    }

    /// Whether a link's signature is ours and it has not expired, checked in constant time.
    pub fn verify_link(
        &self,
        resource: &str,
        expires: i64,
        signature_hex: &str,
        now_s: i64,
    ) -> bool {
        let (Ok(signature), Ok(mut m)) = (
            hex::decode(signature_hex),
            HmacSha256::new_from_slice(&self.links),
        ) else {
            return false;
        };
        m.update(link_data(resource, expires).as_bytes());
        expires > now_s && m.verify_slice(&signature).is_ok()
    }
}

fn link_data(resource: &str, expires: i64) -> String {
    format!("{resource}:{expires}")
}

/// HMAC accepts keys of any length, so construction cannot fail; this documents that.
fn unreachable_key() -> HmacSha256 {
    unreachable!("HMAC-SHA256 accepts keys of every length")
}

fn derive(secret: &[u8], label: &[u8]) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.copy_from_slice(&mac(secret, label));
    out
}

/// HMAC-SHA256 of `data` under `key`.
fn mac(key: &[u8], data: &[u8]) -> Vec<u8> {
    let mut m = HmacSha256::new_from_slice(key).unwrap_or_else(|_| unreachable_key());
    m.update(data);
    m.finalize().into_bytes().to_vec()
}

/// `n` bytes from the operating system's CSPRNG, as URL-safe base64 text.
pub fn random_token(n: usize) -> String {
    URL_SAFE_NO_PAD.encode(random_bytes(n))
}

/// `n` bytes from the operating system's CSPRNG.
pub fn random_bytes(n: usize) -> Vec<u8> {
    let mut bytes = vec![0u8; n];
    // The OS generator failing means the machine cannot do cryptography at all.
    getrandom::fill(&mut bytes).unwrap_or_else(|e| panic!("operating system RNG failed: {e}"));
    bytes
}

/// A uniformly random six-digit code (rejection sampling avoids modulo bias).
pub fn random_code() -> String {
    const RANGE: u32 = 1_000_000;
    let zone = u32::MAX - (u32::MAX % RANGE);
    loop {
        let bytes = random_bytes(4);
        let n = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]);
        if n < zone {
            return format!("{:06}", n % RANGE);
        }
    }
}

/// SHA-256 of a high-entropy token, hex-encoded (refresh tokens are stored only this way).
pub fn token_digest(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Reads a secret kept in a file, generating one when the file is missing. An empty file is an
/// error rather than an empty key.
pub fn load_or_create_secret(path: &Path) -> std::io::Result<String> {
    match std::fs::read_to_string(path) {
        Ok(text) if !text.trim().is_empty() => Ok(text.trim().to_owned()),
        Ok(_) => Err(std::io::Error::other(format!(
            "{} is empty",
            path.display()
        ))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let secret = random_token(32);
            write_private(path, &secret)?;
            Ok(secret)
        }
        Err(e) => Err(e),
    }
}

/// Writes a file only its owner can read (mode 0600 on Unix), creating its folder.
pub fn write_private(path: &Path, contents: &str) -> std::io::Result<()> {
    use std::io::Write;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    options.open(path)?.write_all(contents.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..200 {
            let code = random_code();
            assert_eq!(code.len(), 6);
            assert!(code.bytes().all(|b| b.is_ascii_digit()));
        }
    }

    #[test]
    fn otp_hash_binds_email_time_and_code() {
        let keys = Keys::from_secret(b"s");
        let h = keys.otp_hash("a@x.io", 1, "123456");
        assert_eq!(h, keys.otp_hash("a@x.io", 1, "123456"));
        assert_ne!(h, keys.otp_hash("b@x.io", 1, "123456"));
        assert_ne!(h, keys.otp_hash("a@x.io", 2, "123456"));
        assert_ne!(h, keys.otp_hash("a@x.io", 1, "123457"));
        assert_ne!(h, Keys::from_secret(b"t").otp_hash("a@x.io", 1, "123456"));
    }

    #[test]
    fn links_bind_resource_and_expiry() {
        let keys = Keys::from_secret(b"k");
        let sig = keys.sign_link("resume-file:abc", 100);
        assert!(keys.verify_link("resume-file:abc", 100, &sig, 99));
        assert!(
            !keys.verify_link("resume-file:abc", 100, &sig, 100),
            "expired"
        );
        assert!(!keys.verify_link("resume-file:abd", 100, &sig, 99));
        assert!(!keys.verify_link("resume-file:abc", 101, &sig, 99));
        assert!(!keys.verify_link("resume-file:abc", 100, "zz", 99));
    }

    #[test]
    fn key_file_is_created_once_and_reused() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("keys/secret");
        let a = Keys::load_or_create(&path).expect("created");
        let b = Keys::load_or_create(&path).expect("read back");
        assert_eq!(a.access_key(), b.access_key());
    }
}
