//! Recordings: a short, real, playable WAV per call and HTTP Range serving for it.
//!
//! Each utterance becomes a soft tone (the assistant lower, the candidate higher) so an
//! `<audio>` element has something to play, seek and show a duration for.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

const RATE: u32 = 8_000;
/// Longest recording we synthesise; real calls are minutes, tests only need a few seconds.
const MAX_SECONDS: f64 = 12.0;

/// 16-bit mono PCM WAV for a list of utterances (`true` = assistant) with per-line pitch hashes.
pub(crate) fn synthesize(lines: &[(bool, u64)]) -> Vec<u8> {
    let per_line = (MAX_SECONDS / lines.len().max(1) as f64).clamp(0.15, 0.6);
    let tone = per_line * 0.8;
    let mut samples: Vec<i16> = Vec::new();
    for (bot, h) in lines {
        let base = if *bot { 220.0 } else { 330.0 };
        let freq = base + (h % 80) as f64;
        let n = (tone * f64::from(RATE)) as usize;
        for i in 0..n {
            let t = i as f64 / f64::from(RATE);
            // A short fade in and out avoids clicks between tones.
            let edge = (i.min(n - i) as f64 / 200.0).min(1.0);
            let s = (t * freq * std::f64::consts::TAU).sin() * 0.3 * edge;
            samples.push((s * f64::from(i16::MAX)) as i16);
        }
        let gap = ((per_line - tone) * f64::from(RATE)) as usize;
        samples.extend(std::iter::repeat_n(0, gap));
    }
    // At least a second of audio, so even a one-line call plays.
    let min = RATE as usize;
    if samples.len() < min {
        samples.resize(min, 0);
    }
    encode(&samples)
}

fn encode(samples: &[i16]) -> Vec<u8> {
    let data_len = (samples.len() * 2) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes()); // fmt chunk size
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&1u16.to_le_bytes()); // mono
    out.extend_from_slice(&RATE.to_le_bytes());
    out.extend_from_slice(&(RATE * 2).to_le_bytes()); // byte rate
    out.extend_from_slice(&2u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for s in samples {
        out.extend_from_slice(&s.to_le_bytes());
    }
    out
}

/// Answers a GET for `bytes` honouring a single `Range: bytes=…` request (what browsers send
/// when seeking); multi-range requests get the whole file, which RFC 9110 allows.
pub(crate) fn serve(bytes: &[u8], headers: &HeaderMap) -> Response {
    let total = bytes.len();
    let range = headers
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("bytes="))
        .filter(|v| !v.contains(','));
    let mut response = match range.map(|r| parse_range(r, total)) {
        None => (StatusCode::OK, Body::from(bytes.to_vec())).into_response(),
        Some(Some((start, end))) => {
            let mut r = (
                StatusCode::PARTIAL_CONTENT,
                Body::from(bytes[start..=end].to_vec()),
            )
                .into_response();
            if let Ok(v) = HeaderValue::from_str(&format!("bytes {start}-{end}/{total}")) {
                r.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            r
        }
        Some(None) => {
            let mut r = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
            if let Ok(v) = HeaderValue::from_str(&format!("bytes */{total}")) {
                r.headers_mut().insert(header::CONTENT_RANGE, v);
            }
            return r;
        }
    };
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("audio/wav"));
    h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    response
}

/// `start-end`, `start-` or `-suffix` → inclusive byte bounds, or `None` if unsatisfiable.
fn parse_range(spec: &str, total: usize) -> Option<(usize, usize)> {
    let (a, b) = spec.trim().split_once('-')?;
    if total == 0 {
        return None;
    }
    let (start, end) = if a.is_empty() {
        let suffix: usize = b.parse().ok()?;
        if suffix == 0 {
            return None;
        }
        (total.saturating_sub(suffix), total - 1)
    } else {
        let start: usize = a.parse().ok()?;
        let end = if b.is_empty() {
            total - 1
        } else {
            b.parse::<usize>().ok()?.min(total - 1)
        };
        (start, end)
    };
    (start <= end && start < total).then_some((start, end))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn wav_header_is_consistent() {
        let wav = synthesize(&[(true, 1), (false, 2)]);
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(&wav[8..16], b"WAVEfmt ");
        let data_len = u32::from_le_bytes([wav[40], wav[41], wav[42], wav[43]]) as usize;
        assert_eq!(data_len + 44, wav.len());
    }

    #[test]
    fn ranges() {
        assert_eq!(parse_range("0-1", 10), Some((0, 1)));
        assert_eq!(parse_range("5-", 10), Some((5, 9)));
        assert_eq!(parse_range("-3", 10), Some((7, 9)));
        assert_eq!(parse_range("8-100", 10), Some((8, 9)));
        assert_eq!(parse_range("10-", 10), None);
        assert_eq!(parse_range("x-1", 10), None);
    }
}
