//! Resume and job-description text extraction, parsing and explainable ATS scoring.
//!
//! Bytes in, structured result out; no I/O, no clock except where documented
//! ([`ParseOptions::default`] reads the month for "Present"), no global state beyond lazily
//! built constant tables. Everything is `Send + Sync` and deterministic.
//!
//! ```
//! let resume = ats::parse_resume("Jane Doe\njane@example.com\nEXPERIENCE\nGo developer, Jan 2019 - Dec 2023\nSKILLS\nGo, Kafka");
//! let job = ats::JobSpec::new("Backend Engineer", "<p>Must have Kafka</p>", "Go, Kafka", "3+ years", "");
//! let a = ats::score(&resume, &job, &ats::ScoringConfig::default());
//! assert_eq!(a.matched_skills, ["Go", "Kafka"]);
//! ```

pub mod csv;
mod error;
pub mod extract;
pub mod jd;
pub mod resume;
pub mod score;
pub mod semantic;
pub mod skills;
mod text;

pub use csv::{CsvCandidate, CsvImport, RowError, parse_candidates_csv, parse_candidates_csv_with};
pub use error::ExtractError;
pub use extract::{DocKind, Document, Limits, extract, extract_with};
pub use jd::{ExperienceRequirement, JdSkill, JobSpec};
pub use resume::{
    CHECK_NAME_BELOW, FoundSkill, Link, LinkKind, ParseOptions, Period, Region, Resume, Section,
    SectionKind, YearMonth, normalize_phone, normalize_typed_phone, parse_document, parse_resume,
    parse_resume_with,
};
pub use score::{
    Assessment, Recommendation, Reranker, SEMANTIC_VERSION, ScorerInput, ScoringConfig, Similarity,
    VERSION, score, score_input, score_input_with, score_with_reranker,
};

#[cfg(test)]
mod tests {
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn public_types_are_send_and_sync() {
        assert_send_sync::<crate::Resume>();
        assert_send_sync::<crate::JobSpec>();
        assert_send_sync::<crate::Assessment>();
        assert_send_sync::<crate::Document>();
        assert_send_sync::<crate::CsvImport>();
        assert_send_sync::<crate::ExtractError>();
        assert_send_sync::<&'static crate::skills::Dictionary>();
    }
}
