//! Our own grade of every answer of an interview, whichever provider ran it. Each scripted
//! question's answer ([`answers`]) is graded by the `assess` crate against the key points the
//! recruiter set for that question (`voice/rubric.rs`); the words that cover a point are traced
//! back to the turn and the second of the recording they were said in; the page's bars come from
//! the grades and from measurable features of the speech ([`bars`]).
//!
//! A grading is computed once, from the stored report and the key points of that moment, and
//! kept with the grader's version ([`store`]): editing the key points later does not regrade an
//! interview already graded. The grader reads the answer's words only (in the neutral form the
//! `assess` crate grades, without names or gendered words), never the candidate's name,
//! contact details or anything the browser sends. The provider's analysis is kept apart as a
//! second opinion; the verdict stays a person's.

mod answers;
mod bars;
pub mod store;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::sync::OnceLock;

use assess::{Grade, Grader, Rubric};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::evidence::{QuestionEvidence, Turn};
use crate::voice::rubric::{Competency, QuestionRubric, question_key};

/// The process's grader, made on first use: on the embedding model `scripts/models.sh` installs
/// (loaded once per process, shared with the resume scorer), or, where it is missing, grading by
/// word overlap alone, which every grade's version and flags then say.
pub fn grader() -> &'static Grader {
    static GRADER: OnceLock<Grader> = OnceLock::new();
    GRADER.get_or_init(|| match crate::embedding::embedder() {
        Some(embedder) => Grader::with_model(Box::new(assess::MiniLm::new(embedder))),
        None => Grader::lexical(),
    })
}

/// Where a quoted part of an answer was said.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRef {
    /// Index of the turn in the analysis's `turns`.
    pub turn: usize,
    /// First char of the quote in that turn's text (chars as `Array.from(text)` counts them).
    pub start: usize,
    /// One past its last char.
    pub end: usize,
    pub text: String,
    /// Seconds from the start of the recording where the quote begins (estimated within its
    /// turn); null when the provider gave no times.
    pub seconds: Option<f64>,
}

/// A key point the answer covers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoveredPoint {
    pub point: String,
    /// How fully it is covered, 0-1.
    pub strength: f64,
    /// The words that cover it; null when they cannot be traced to a turn.
    pub quote: Option<QuoteRef>,
}

/// A key point the answer misses.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MissingPoint {
    pub point: String,
    /// How close the answer came, 0-1.
    pub strength: f64,
}

/// A key point the answer states the opposite of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContradictedPoint {
    pub point: String,
    pub quote: Option<QuoteRef>,
}

/// Something a reader of the score must know (the `assess` crate's flags).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum FlagCode {
    NoAnswerHeard,
    EchoesQuestion,
    OtherLanguage,
    NotProse,
    NoKeyPoints,
    DerivedKeyPoints,
    LexicalOnly,
    /// Some or all of the answer was said but could not be transcribed (the self-hosted
    /// interviewer's transcription failed or timed out): what was heard is graded, the rest
    /// is in the recording.
    NotTranscribed,
}

impl From<assess::Flag> for FlagCode {
    fn from(flag: assess::Flag) -> Self {
        match flag {
            assess::Flag::NoAnswerHeard => FlagCode::NoAnswerHeard,
            assess::Flag::EchoesQuestion => FlagCode::EchoesQuestion,
            assess::Flag::OtherLanguage => FlagCode::OtherLanguage,
            assess::Flag::NotProse => FlagCode::NotProse,
            assess::Flag::NoKeyPoints => FlagCode::NoKeyPoints,
            assess::Flag::DerivedKeyPoints => FlagCode::DerivedKeyPoints,
            assess::Flag::LexicalOnly => FlagCode::LexicalOnly,
        }
    }
}

/// The message of [`FlagCode::NotTranscribed`].
const NOT_TRANSCRIBED: &str =
    "Part of the answer could not be transcribed: listen to the recording.";

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GradeFlag {
    pub code: FlagCode,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ConfidenceLevel {
    Low,
    Medium,
    High,
}

/// How far one score can be trusted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GradeConfidence {
    /// 0-1.
    pub value: f64,
    pub level: ConfidenceLevel,
}

/// The grade of one scripted question's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnswerGrade {
    /// 1-based, as in `questions`.
    pub number: usize,
    pub question: String,
    pub competency: Competency,
    pub asked: bool,
    /// 0-5, two decimals, higher is better; null when the question was not asked, or when its
    /// answer was said but none of it could be transcribed (flag `notTranscribed`).
    #[schema(minimum = 0, maximum = 5)]
    pub score: Option<f64>,
    /// The points graded against.
    pub key_points: Vec<String>,
    pub covered: Vec<CoveredPoint>,
    pub missing: Vec<MissingPoint>,
    pub contradictions: Vec<ContradictedPoint>,
    pub flags: Vec<GradeFlag>,
    pub confidence: GradeConfidence,
}

/// The bars of the analysis page, 0-100; null when nothing measures them (no asked question of
/// that competency with key points).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Bars {
    pub technical: Option<i64>,
    pub problem_solving: Option<i64>,
    pub communication: Option<i64>,
}

/// What Communication is computed from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CommunicationFeatures {
    /// Questions asked, and of them answered (something heard).
    pub asked: usize,
    pub answered: usize,
    /// Over the candidate's timed turns; null without times.
    pub words_per_minute: Option<f64>,
    /// Filler words per 100 words; null when nothing was said.
    pub filler_rate: Option<f64>,
}

/// Our grader's result for one interview.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterviewGrading {
    /// The grader's version and its embedding model's (or `+lexical`).
    pub version: String,
    /// When it was graded (ISO 8601).
    pub graded_at: String,
    pub questions: Vec<AnswerGrade>,
    pub bars: Bars,
    pub communication: CommunicationFeatures,
    /// How the bars are computed, as the page shows it.
    pub method: String,
}

/// Grades every scripted question of an interview. Deterministic: the same turns, questions and
/// key points give the same grading (`graded_at` aside).
pub fn grade_interview(
    grader: &Grader,
    turns: &[Turn],
    questions: &[QuestionEvidence],
    rubrics: &HashMap<String, QuestionRubric>,
    graded_at: String,
) -> Result<InterviewGrading, assess::AssessError> {
    let answers: Vec<answers::Answer> = (0..questions.len())
        .map(|i| answers::answer_to(turns, questions, i))
        .collect();
    let plans: Vec<(Rubric, QuestionRubric)> = questions
        .iter()
        .map(|q| {
            let kept = rubrics
                .get(&question_key(&q.question))
                .cloned()
                .unwrap_or_default();
            let rubric = Rubric {
                // A provider's analysis may name a question of any length; the grader caps it.
                question: q
                    .question
                    .chars()
                    .take(assess::MAX_REFERENCE_CHARS)
                    .collect(),
                reference: None,
                key_points: kept.key_points.clone(),
            };
            (rubric, kept)
        })
        .collect();
    // One call to the embedding model for the whole interview. An answer none of which could
    // be transcribed is not graded: an empty text would read as no answer at all.
    let unheard = |i: usize| answers[i].not_transcribed && answers[i].text.is_empty();
    let asked: Vec<usize> = (0..questions.len())
        .filter(|&i| questions[i].asked || !answers[i].text.is_empty())
        .filter(|&i| !unheard(i))
        .collect();
    let items: Vec<(&Rubric, &str)> = asked
        .iter()
        .map(|&i| (&plans[i].0, answers[i].text.as_str()))
        .collect();
    let mut grades = grader.grade_all(&items)?.into_iter();
    let mut graded = Vec::with_capacity(questions.len());
    for (i, q) in questions.iter().enumerate() {
        let competency = plans[i].1.competency;
        let mut grade = if asked.contains(&i) {
            let grade = grades.next().ok_or_else(|| {
                assess::AssessError::Embedding("fewer grades than answers".into())
            })?;
            answer_grade(q, competency, &grade, &answers[i], turns)
        } else {
            not_asked(q, competency, &plans[i].0.key_points)
        };
        if answers[i].not_transcribed {
            grade.asked = true;
            grade.flags.push(GradeFlag {
                code: FlagCode::NotTranscribed,
                message: NOT_TRANSCRIBED.to_owned(),
            });
        }
        graded.push(grade);
    }
    let communication = bars::features(turns, &graded);
    Ok(InterviewGrading {
        version: grader.version(),
        graded_at,
        bars: bars::bars(&graded, &communication),
        questions: graded,
        communication,
        method: bars::METHOD.to_owned(),
    })
}

fn answer_grade(
    q: &QuestionEvidence,
    competency: Competency,
    grade: &Grade,
    answer: &answers::Answer,
    turns: &[Turn],
) -> AnswerGrade {
    let quote = |start: usize, end: usize| answer.quote(turns, start, end);
    AnswerGrade {
        number: q.number,
        question: q.question.clone(),
        competency,
        asked: true,
        score: Some(grade.score),
        key_points: grade.key_points.clone(),
        covered: grade
            .covered
            .iter()
            .map(|c| CoveredPoint {
                point: c.point.clone(),
                strength: c.strength,
                quote: quote(c.quote.start, c.quote.end),
            })
            .collect(),
        missing: grade
            .missing
            .iter()
            .map(|m| MissingPoint {
                point: m.point.clone(),
                strength: m.strength,
            })
            .collect(),
        contradictions: grade
            .contradictions
            .iter()
            .map(|c| ContradictedPoint {
                point: c.point.clone(),
                quote: quote(c.quote.start, c.quote.end),
            })
            .collect(),
        flags: grade
            .flags
            .iter()
            .map(|f| GradeFlag {
                code: (*f).into(),
                message: f.message().to_owned(),
            })
            .collect(),
        confidence: GradeConfidence {
            value: grade.confidence.value,
            level: match grade.confidence.level {
                assess::Level::Low => ConfidenceLevel::Low,
                assess::Level::Medium => ConfidenceLevel::Medium,
                assess::Level::High => ConfidenceLevel::High,
            },
        },
    }
}

fn not_asked(q: &QuestionEvidence, competency: Competency, key_points: &[String]) -> AnswerGrade {
    AnswerGrade {
        number: q.number,
        question: q.question.clone(),
        competency,
        asked: false,
        score: None,
        key_points: key_points.to_vec(),
        covered: Vec::new(),
        missing: Vec::new(),
        contradictions: Vec::new(),
        flags: Vec::new(),
        confidence: GradeConfidence {
            value: 0.0,
            level: ConfidenceLevel::Low,
        },
    }
}
