//! Identifiers and deterministic pseudo-randomness.
//!
//! Ids come from a generator seeded by [`crate::SimConfig::seed`], so a test with a fixed seed
//! sees the same ids (and therefore the same generated interviews) on every run, while the
//! default random seed keeps ids unique across restarts of a long-running simulator.

use serde::{Deserialize, Serialize};

/// SplitMix64: tiny, fast and good enough to spread bits; nothing here needs cryptography.
pub(crate) fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A stable 64-bit hash of some text mixed with a seed (FNV-1a, then mixed).
pub(crate) fn hash(seed: u64, text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for b in text.as_bytes() {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    mix(h)
}

/// A number in `lo..=hi` picked by `h`.
pub(crate) fn pick(h: u64, lo: u64, hi: u64) -> u64 {
    lo + h % (hi - lo + 1)
}

/// Hands out UUID-shaped ids (version 4 layout) from a seeded sequence.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct IdGen {
    seed: u64,
    counter: u64,
}

impl IdGen {
    pub(crate) fn new(seed: u64) -> Self {
        Self { seed, counter: 0 }
    }

    pub(crate) fn next_uuid(&mut self) -> String {
        self.counter += 1;
        let hi = mix(self.seed ^ mix(self.counter));
        let lo = mix(hi ^ self.counter.rotate_left(32));
        uuid_from(hi, lo)
    }
}

fn uuid_from(hi: u64, lo: u64) -> String {
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&hi.to_be_bytes());
    b[8..].copy_from_slice(&lo.to_be_bytes());
    b[6] = (b[6] & 0x0f) | 0x40; // version 4
    b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

/// A random seed from the operating system (for runs that do not ask for repeatability).
pub fn random_seed() -> u64 {
    let mut b = [0u8; 8];
    // Should the OS refuse, fall back to the time: uniqueness across restarts is all we need.
    if getrandom::fill(&mut b).is_err() {
        let nanos = jiff::Timestamp::now().as_nanosecond();
        return mix(nanos as u64);
    }
    u64::from_le_bytes(b)
}

/// Whether `s` is a canonical (hyphenated, any case) UUID.
pub(crate) fn is_uuid(s: &str) -> bool {
    s.len() == 36
        && s.char_indices().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => c == '-',
            _ => c.is_ascii_hexdigit(),
        })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_uuids_and_repeat_for_a_seed() {
        let mut a = IdGen::new(7);
        let mut b = IdGen::new(7);
        let first = a.next_uuid();
        assert!(is_uuid(&first), "{first}");
        assert_eq!(first.as_bytes()[14], b'4');
        assert_eq!(first, b.next_uuid());
        assert_ne!(a.next_uuid(), first);
        assert_ne!(IdGen::new(8).next_uuid(), first);
    }
}
