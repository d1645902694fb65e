//! The interview's recording: two tracks on one timeline, the candidate on the left and the
//! interviewer on the right, written as a 16 kHz stereo WAV. The timeline is the audio itself:
//! every sample the interviewer says or the candidate sends while listened to moves it on, so
//! turn times in the transcript are positions in the recording.
//!
//! An instance holds only the step in progress: each finished step's stretch is taken out as a
//! chunk (interleaved stereo PCM, the WAV's own data) and kept in the file store, and the WAV is
//! those chunks in order behind a header. So the recording survives the instance, and a step
//! asked again after a cut answer replaces its chunk instead of adding to it.

use super::speech::SAMPLE_RATE;

/// Bytes of one stereo frame (two 16-bit samples).
const FRAME_BYTES: usize = 4;

/// Both tracks of the step in progress, after `base` frames already kept as chunks.
#[derive(Debug, Default, Clone)]
pub struct Recording {
    base: u64,
    candidate: Vec<i16>,
    interviewer: Vec<i16>,
}

impl Recording {
    /// A recording that goes on after `base` frames kept elsewhere.
    pub fn resumed(base: u64) -> Recording {
        Recording {
            base,
            ..Recording::default()
        }
    }

    /// Where the timeline is now, in seconds.
    pub fn seconds(&self) -> f64 {
        (self.base + self.len() as u64) as f64 / f64::from(SAMPLE_RATE)
    }

    /// Frames of the whole timeline so far.
    pub fn frames(&self) -> u64 {
        self.base + self.len() as u64
    }

    fn len(&self) -> usize {
        self.candidate.len().max(self.interviewer.len())
    }

    /// The interviewer says `samples` from now on; the candidate's track stays silent meanwhile.
    pub fn interviewer_says(&mut self, samples: &[i16]) {
        let at = self.len();
        self.interviewer.resize(at, 0);
        self.interviewer.extend_from_slice(samples);
    }

    /// The candidate's next frame, heard from now on.
    pub fn candidate_says(&mut self, samples: &[i16]) {
        let at = self.len();
        self.candidate.resize(at, 0);
        self.candidate.extend_from_slice(samples);
    }

    /// The candidate's audio between two times (seconds of the whole timeline) that fall in the
    /// step in progress, for transcribing one answer.
    pub fn candidate_between(&self, start: f64, end: f64) -> &[i16] {
        let at = |t: f64| {
            let frame = (t * f64::from(SAMPLE_RATE)) as u64;
            usize::try_from(frame.saturating_sub(self.base))
                .unwrap_or(usize::MAX)
                .min(self.candidate.len())
        };
        let (start, end) = (at(start), at(end));
        &self.candidate[start.min(end)..end]
    }

    /// The step's stretch as a chunk (interleaved stereo PCM) and its length in frames; the
    /// recording goes on after it, empty.
    pub fn take_chunk(&mut self) -> (Vec<u8>, u64) {
        let frames = self.len();
        let mut out = Vec::with_capacity(frames * FRAME_BYTES);
        for i in 0..frames {
            let left = self.candidate.get(i).copied().unwrap_or(0);
            let right = self.interviewer.get(i).copied().unwrap_or(0);
            out.extend_from_slice(&left.to_le_bytes());
            out.extend_from_slice(&right.to_le_bytes());
        }
        self.base += frames as u64;
        self.candidate.clear();
        self.interviewer.clear();
        (out, frames as u64)
    }
}

/// The recording as a WAV file (PCM, 16-bit, stereo, 16 kHz) from its chunks in order.
pub fn wav(chunks: &[Vec<u8>]) -> Vec<u8> {
    let bytes: usize = chunks.iter().map(Vec::len).sum();
    let data_len = u32::try_from(bytes).unwrap_or(u32::MAX - 36);
    let mut out = Vec::with_capacity(44 + bytes);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&2u16.to_le_bytes()); // channels
    out.extend_from_slice(&SAMPLE_RATE.to_le_bytes());
    out.extend_from_slice(&(SAMPLE_RATE * 4).to_le_bytes()); // bytes per second
    out.extend_from_slice(&4u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for chunk in chunks {
        out.extend_from_slice(chunk);
    }
    out
}

/// The file-store key of a call's finished recording.
pub fn recording_key(call_id: &str) -> String {
    format!("recordings/selfhosted/{call_id}.wav")
}

/// How the self-hosted interviewer writes its recordings' file-store keys as a call's
/// `recordingUrl`.
pub const SELF_HOSTED_PREFIX: &str = "selfhosted:";

/// A call's `recordingUrl`: its recording's file-store key, marked as the self-hosted
/// interviewer's.
pub fn recording_url(call_id: &str) -> String {
    format!("{SELF_HOSTED_PREFIX}{}", recording_key(call_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_follow_each_other_on_one_timeline_kept_in_chunks() {
        let mut r = Recording::default();
        r.interviewer_says(&[1; 16_000]);
        r.candidate_says(&[2; 8_000]);
        let (first, frames) = r.take_chunk();
        assert_eq!(frames, 24_000);
        r.interviewer_says(&[3; 4_000]);
        assert!((r.seconds() - 1.75).abs() < 1e-9);
        assert_eq!(r.frames(), 28_000);
        assert!(r.candidate_between(1.0, 1.5).is_empty(), "kept in a chunk");
        r.candidate_says(&[4; 1_600]);
        assert_eq!(r.candidate_between(1.75, 1.85), &[4; 1_600][..]);
        let (second, _) = r.take_chunk();
        let wav = wav(&[first, second]);
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(wav.len(), 44 + 29_600 * 4);
        // At 1.0 s the candidate speaks on the left and the interviewer is silent on the right.
        let at = 44 + 16_000 * 4;
        assert_eq!(&wav[at..at + 4], &[2, 0, 0, 0]);
        let end = 44 + 27_999 * 4;
        assert_eq!(&wav[end..end + 4], &[0, 0, 3, 0]);
        let last = 44 + 29_599 * 4;
        assert_eq!(&wav[last..last + 4], &[4, 0, 0, 0]);
    }

    #[test]
    fn a_resumed_recording_goes_on_where_its_chunks_end() {
        let mut r = Recording::resumed(16_000);
        r.candidate_says(&[5; 320]);
        assert!((r.seconds() - 1.02).abs() < 1e-9);
        assert_eq!(r.candidate_between(1.0, 1.02), &[5; 320][..]);
    }
}
