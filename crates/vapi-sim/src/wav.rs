//! Recordings: a short, real, playable WAV per call and HTTP Range serving for it.
//!
//! Each utterance becomes a soft tone (the assistant lower, the candidate higher) at its time
//! in the call, so an `<audio>` element has something to play, seek and show a duration for,
//! and a turn's start time finds it.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// Tones up to ~400 Hz need little more than 1 kHz; 4 kHz keeps a long call small.
const RATE: u32 = 4_000;
/// Longest recording we synthesise (a real interview's length), so a runaway call stays small.
const MAX_SECONDS: f64 = 30.0 * 60.0;

/// One utterance on the call's timeline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Utterance {
    /// The assistant speaks (a lower tone) or the candidate.
    pub bot: bool,
    /// Varies the pitch per line.
    pub pitch: u64,
    /// Seconds from the call's start.
    pub start: f64,
    pub duration: f64,
}

/// 16-bit mono PCM WAV that follows the call's timeline: each utterance's tone starts at its
/// time and lasts as long as it, silence between, so a transcript's times seek the recording.
pub(crate) fn synthesize(lines: &[Utterance]) -> Vec<u8> {
    let at = |seconds: f64| (seconds.clamp(0.0, MAX_SECONDS) * f64::from(RATE)) as usize;
    let end = lines
        .iter()
        .map(|l| l.start + l.duration)
        .fold(1.0, f64::max);
    let mut samples = vec![0i16; at(end)];
    for line in lines {
        let base = if line.bot { 220.0 } else { 330.0 };
        let freq = base + (line.pitch % 80) as f64;
        let (from, to) = (at(line.start), at(line.start + line.duration));
        let n = to.saturating_sub(from);
        for (i, sample) in samples[from..to].iter_mut().enumerate() {
            let t = i as f64 / f64::from(RATE);
            // A short fade in and out avoids clicks between tones.
            let edge = (i.min(n - i) as f64 / 100.0).min(1.0);
            let s = (t * freq * std::f64::consts::TAU).sin() * 0.3 * edge;
            *sample = (s * f64::from(i16::MAX)) as i16;
        }
    }
    encode(&samples)
}

/// The duration in seconds of a WAV made by [`synthesize`].
#[cfg(test)]
pub(crate) fn seconds(wav: &[u8]) -> f64 {
    (wav.len().saturating_sub(44) / 2) as f64 / f64::from(RATE)
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
    fn wav_header_is_consistent_and_the_audio_follows_the_timeline() {
        let line = |bot, start, duration| Utterance {
            bot,
            pitch: 1,
            start,
            duration,
        };
        let wav = synthesize(&[line(true, 1.0, 2.5), line(false, 40.0, 3.0)]);
        assert!(seconds(&wav) >= 43.0, "{}", seconds(&wav));
        let sample = |at: f64| {
            let i = 44 + 2 * (at * f64::from(RATE)) as usize;
            i16::from_le_bytes([wav[i], wav[i + 1]])
        };
        assert_eq!(sample(20.0), 0, "silence between the lines");
        assert!(
            (0..40).any(|k| sample(41.0 + f64::from(k) / 1000.0) != 0),
            "a tone at 41 s"
        );
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
