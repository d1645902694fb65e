//! Text relevance: BM25-style term saturation over the JD's terms, plus role-title match.

use super::input::ScorerInput;
use crate::jd::JobSpec;

const K1: f32 = 1.2;
const B: f32 = 0.75;
/// Typical resume length in tokens, standing in for a corpus average.
const AVG_LEN: f32 = 450.0;

/// 0-100: half role match (the JD title's words in the resume's header, summary and experience),
/// half BM25-saturated coverage of the JD's weighted terms.
/// With `ignore_terms` (keyword stuffing) only the role match counts.
pub(crate) fn relevance(resume: &ScorerInput, job: &JobSpec, ignore_terms: bool) -> f32 {
    let len_norm = 1.0 - B + B * (resume.token_count as f32 / AVG_LEN);
    let (mut got, mut total) = (0.0f32, 0.0f32);
    for (term, weight) in &job.terms {
        total += weight;
        let tf = resume.term_counts.get(term).copied().unwrap_or(0) as f32;
        if tf > 0.0 {
            got += weight * (tf * (K1 + 1.0) / (tf + K1 * len_norm)) / (K1 + 1.0);
        }
    }
    let bm25 = if total > 0.0 && !ignore_terms {
        (got / total / 0.5).min(1.0)
    } else {
        0.0
    };
    let role = if job.role_words.is_empty() {
        bm25
    } else {
        let hits = job
            .role_words
            .iter()
            .filter(|w| resume.role_terms.contains(*w))
            .count();
        hits as f32 / job.role_words.len() as f32
    };
    100.0 * (0.5 * role + 0.5 * bm25)
}
