//! Interview-answer grading: given a question, what a strong answer covers (a reference answer
//! and/or key points) and the candidate's answer (a transcript, possibly with recognition
//! errors), a 0-5 score with its evidence: which key points the answer covers and by which of
//! its words (char spans), which it misses, which it contradicts, flags for answers that are no
//! answer at all, a confidence and the grader's version.
//!
//! Pure and deterministic: no I/O, no clock, no randomness. The embedding model is optional and
//! sits behind [`Embed`]; without one the grade is lexical and says so in its version. See
//! `docs/assessment.md` for the method, its measured agreement with human graders, and the
//! version policy.

mod embedding;
mod error;
mod followup;
mod grade;
mod lexical;
mod model;
pub mod neutral;
mod signals;
pub mod text;

#[cfg(feature = "embed")]
pub use embedding::MiniLm;
pub use embedding::{Embed, cosine};
pub use error::AssessError;
pub use followup::{FollowUp, follow_up};
pub use grade::Grader;
pub use model::Features;

use serde::Serialize;

/// The grader's version, stored with every grade. Bumped on any change that can move a score
/// (method, coefficients, word lists, caps): patch for a fix that moves no score on the dev sets
/// by more than 0.01, minor for a refit or a new signal, major for a new scale or output shape.
pub const VERSION: &str = "assess-1.2.0";

/// At most this many key points per question.
pub const MAX_KEY_POINTS: usize = 20;
/// At most this many characters per key point.
pub const MAX_KEY_POINT_CHARS: usize = 400;
/// At most this many characters in a reference answer or a question.
pub const MAX_REFERENCE_CHARS: usize = 6_000;
/// At most this many characters in an answer (a two-minute answer is about 1,500).
pub const MAX_ANSWER_CHARS: usize = 30_000;

/// The highest score; the lowest is 0.
pub const MAX_SCORE: f64 = 5.0;

/// What a question asks and what a strong answer to it covers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rubric {
    /// The question as asked.
    pub question: String,
    /// A model answer, when the recruiter wrote one.
    pub reference: Option<String>,
    /// What a strong answer covers, one point each. When empty, points are derived from the
    /// reference answer.
    pub key_points: Vec<String>,
}

/// A span of an answer, in chars (Unicode scalar values, as `Array.from(answer)` counts them),
/// with its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Quote {
    /// First char.
    pub start: usize,
    /// One past the last char.
    pub end: usize,
    /// The quoted words.
    pub text: String,
}

/// A key point the answer covers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Covered {
    /// Its index in [`Grade::key_points`].
    pub index: usize,
    /// The key point.
    pub point: String,
    /// How fully it is covered, 0-1.
    pub strength: f64,
    /// The part of the answer that covers it (a sentence, or the words between the first and
    /// last matching word).
    pub quote: Quote,
    /// The answer's words that match the point's words, for highlighting.
    pub matched_words: Vec<Quote>,
}

/// A key point the answer does not cover.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Missing {
    /// Its index in [`Grade::key_points`].
    pub index: usize,
    /// The key point.
    pub point: String,
    /// How close the answer came, 0-1.
    pub strength: f64,
}

/// A key point the answer states the opposite of (it is negated on one side only).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Contradiction {
    /// Its index in [`Grade::key_points`].
    pub index: usize,
    /// The key point.
    pub point: String,
    /// The sentence of the answer that contradicts it.
    pub quote: Quote,
}

/// Something about the answer or the rubric that a reader of the score must know.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Flag {
    /// Empty, or no word that carries content: scored 0.
    NoAnswerHeard,
    /// The answer mostly repeats the question's own words.
    EchoesQuestion,
    /// The answer reads as another language than English.
    OtherLanguage,
    /// The answer is a list of terms without sentences, or repeats itself.
    NotProse,
    /// The rubric has no key points and no reference answer: only length and form are measured.
    NoKeyPoints,
    /// The key points were derived from the reference answer.
    DerivedKeyPoints,
    /// No embedding model: the grade rests on word overlap alone.
    LexicalOnly,
}

impl Flag {
    /// A sentence for the recruiter.
    pub fn message(self) -> &'static str {
        match self {
            Flag::NoAnswerHeard => "No answer heard.",
            Flag::EchoesQuestion => "The answer mostly repeats the question.",
            Flag::OtherLanguage => "The answer does not read as English.",
            Flag::NotProse => "The answer is a list of terms or repeats itself, not sentences.",
            Flag::NoKeyPoints => {
                "The question has no key points or reference answer: only the answer's length \
                 and form were measured."
            }
            Flag::DerivedKeyPoints => "Key points were derived from the reference answer.",
            Flag::LexicalOnly => "Graded by word overlap only (no embedding model).",
        }
    }
}

/// How far the score can be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Level {
    /// Read the answer before relying on the score.
    Low,
    /// The score is indicative.
    Medium,
    /// The signals agree.
    High,
}

/// The grader's confidence in one score.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Confidence {
    /// 0-1.
    pub value: f64,
    /// `value` in three bands: below 0.4 low, below 0.7 medium, else high.
    pub level: Level,
}

/// The grade of one answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Grade {
    /// 0-5, two decimals; higher is better.
    pub score: f64,
    /// The key points graded against (given, or derived from the reference answer).
    pub key_points: Vec<String>,
    /// The points the answer covers, with the quoted evidence.
    pub covered: Vec<Covered>,
    /// The points it misses.
    pub missing: Vec<Missing>,
    /// The points it contradicts.
    pub contradictions: Vec<Contradiction>,
    /// What a reader of the score must know.
    pub flags: Vec<Flag>,
    /// How far the score can be trusted.
    pub confidence: Confidence,
    /// The signals the score was computed from.
    pub features: Features,
    /// [`VERSION`] plus the embedding model's version, or `+lexical`.
    pub version: String,
}
