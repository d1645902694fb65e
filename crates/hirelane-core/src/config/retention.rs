//! How long candidates' data is kept when nobody erases it by hand.

use serde::Deserialize;

#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RetentionSettings {
    /// Months after a person's last activity (in any JD) before their data is erased; 0 keeps
    /// it until someone erases it. People who agreed to be kept for other jobs are kept, and
    /// someone in an open process (invited to or booked for an interview) waits for it to end.
    pub candidate_months: u32,
    /// Days between the notice e-mail and the erasure (people without an address get none).
    pub notice_days: u32,
    /// Months after an interview that its recording is kept (0: as long as the candidate);
    /// usually shorter than `candidate_months`, as recordings are the most personal data held.
    pub recording_months: u32,
}

impl Default for RetentionSettings {
    fn default() -> Self {
        Self {
            candidate_months: 24,
            notice_days: 14,
            recording_months: 6,
        }
    }
}
