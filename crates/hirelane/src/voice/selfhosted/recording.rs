//! The interview's recording: two tracks on one timeline, the candidate on the left and the
//! interviewer on the right, written as a 16 kHz stereo WAV. The timeline is the audio itself:
//! every sample the interviewer says or the candidate sends while listened to moves it on, so
//! turn times in the transcript are positions in the recording.

use super::speech::SAMPLE_RATE;

/// Both tracks of an interview so far.
#[derive(Debug, Default, Clone)]
pub struct Recording {
    candidate: Vec<i16>,
    interviewer: Vec<i16>,
}

impl Recording {
    /// Where the timeline is now, in seconds.
    pub fn seconds(&self) -> f64 {
        self.len() as f64 / f64::from(SAMPLE_RATE)
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

    /// The candidate's audio between two times (seconds), for transcribing one answer.
    pub fn candidate_between(&self, start: f64, end: f64) -> &[i16] {
        let at = |t: f64| ((t * f64::from(SAMPLE_RATE)) as usize).min(self.candidate.len());
        let (start, end) = (at(start), at(end));
        &self.candidate[start.min(end)..end]
    }

    /// The whole recording as a WAV file: PCM, 16-bit, stereo, 16 kHz.
    pub fn wav(&self) -> Vec<u8> {
        let frames = self.len();
        let data_len = u32::try_from(frames * 4).unwrap_or(u32::MAX - 36);
        let mut out = Vec::with_capacity(44 + frames * 4);
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
        for i in 0..frames {
            let left = self.candidate.get(i).copied().unwrap_or(0);
            let right = self.interviewer.get(i).copied().unwrap_or(0);
            out.extend_from_slice(&left.to_le_bytes());
            out.extend_from_slice(&right.to_le_bytes());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_follow_each_other_on_one_timeline() {
        let mut r = Recording::default();
        r.interviewer_says(&[1; 16_000]);
        r.candidate_says(&[2; 8_000]);
        r.interviewer_says(&[3; 4_000]);
        assert!((r.seconds() - 1.75).abs() < 1e-9);
        assert_eq!(r.candidate_between(1.0, 1.5), &[2; 8_000][..]);
        assert!(r.candidate_between(0.0, 1.0).iter().all(|s| *s == 0));
        let wav = r.wav();
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(wav.len(), 44 + 28_000 * 4);
        // At 1.0 s the candidate speaks on the left and the interviewer is silent on the right.
        let at = 44 + 16_000 * 4;
        assert_eq!(&wav[at..at + 4], &[2, 0, 0, 0]);
        let end = 44 + 27_999 * 4;
        assert_eq!(&wav[end..end + 4], &[0, 0, 3, 0]);
    }
}
