//! Explainable ATS scoring: skills coverage (in the JD's words, in other words, or through a
//! related skill), occupation fit, experience fit, text relevance and, when the caller measured
//! it with the embedding model, semantic fit.

mod input;
mod occupation;
mod relevance;
mod semantic;
mod skills_fit;
mod summary;
mod taxonomy;

use serde::Serialize;

pub use input::ScorerInput;
pub use semantic::Similarity;
pub(crate) use taxonomy::taxonomy;

use crate::jd::JobSpec;
use crate::resume::Resume;

/// The scoring version, stored with every score. Any change that can move a score (weights,
/// dictionary, parsing) bumps it; see docs/ats.md for the policy.
pub const VERSION: &str = "ats-2.2.0";

/// The version of a score with semantic fit: [`VERSION`] and the pinned embedding model and
/// runtime that measured the similarity (`crate::semantic` refuses any other).
pub const SEMANTIC_VERSION: &str = "ats-2.2.0+all-MiniLM-L6-v2-int8@8199be6f+onnxruntime-1.32.0";

/// Pass or fail against the threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Recommendation {
    /// Worth a recruiter's time.
    Pass,
    /// Below the bar.
    Fail,
}

/// Knobs for [`score`]. The defaults are what the evaluation in docs/ats.md measured.
#[derive(Debug, Clone, PartialEq)]
pub struct ScoringConfig {
    /// Overall score needed to pass (0-100).
    pub pass_threshold: u8,
    /// Experience fit below this fails the resume whatever its score, when the JD asks for
    /// experience: the right skills at the wrong seniority.
    pub min_experience_fit: u8,
    /// Weight of skills coverage in the overall score.
    pub skills_weight: f32,
    /// Weight of occupation fit: the resume's job titles and the occupation's skills.
    pub occupation_weight: f32,
    /// Weight of experience fit.
    pub experience_weight: f32,
    /// Weight of text relevance.
    pub relevance_weight: f32,
    /// Weight of semantic fit, when a similarity was measured (otherwise it has none).
    pub semantic_weight: f32,
    /// Weight of a required skill relative to a preferred one (1).
    pub required_skill_weight: f32,
    /// Credit for a skill named only in a skills list or summary, not in experience or projects.
    pub listed_only_credit: f32,
    /// That credit when the resume repeats the JD's keywords without experience to back them.
    pub stuffed_credit: f32,
}

impl Default for ScoringConfig {
    fn default() -> Self {
        ScoringConfig {
            pass_threshold: 60,
            min_experience_fit: 50,
            skills_weight: 0.40,
            occupation_weight: 0.30,
            experience_weight: 0.15,
            relevance_weight: 0.15,
            semantic_weight: 0.20,
            required_skill_weight: 2.0,
            listed_only_credit: 0.8,
            stuffed_credit: 0.25,
        }
    }
}

/// The result of scoring one resume against one JD.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Assessment {
    /// Overall score, 0-100.
    pub ats_score: u8,
    /// Weighted coverage of the JD's skills, 0-100.
    pub skills_match: u8,
    /// How well the resume fits the JD's occupation (titles and its skills), 0-100; the skills
    /// match when the JD's occupation is not recognised.
    pub occupation_fit: u8,
    /// The JD's occupation, when recognised.
    pub occupation: Option<String>,
    /// How the experience found compares with the experience asked for, 0-100.
    pub experience_fit: u8,
    /// How much of the JD's language (title first) the resume shares, 0-100.
    pub relevance: u8,
    /// How close the resume's work reads to the JD's duties by the embedding model, 0-100;
    /// absent when the score was made without the model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub semantic_fit: Option<u8>,
    /// Pass or Fail.
    pub recommendation: Recommendation,
    /// JD skills found in the resume (required first).
    pub matched_skills: Vec<String>,
    /// JD skills not found (required first).
    pub missing_skills: Vec<String>,
    /// Related skills that counted for a JD skill, "cold calling -> lead generation".
    pub related_skills: Vec<String>,
    /// Years of experience found (overlaps merged).
    pub experience_years: f32,
    /// Minimum years the JD asks for, if any.
    pub required_years: Option<f32>,
    /// True when the resume repeats the JD's keywords with nothing in its experience to back them.
    pub keyword_stuffing: bool,
    /// A short paragraph for the recruiter.
    pub summary: String,
    /// Scoring version.
    pub version: &'static str,
}

/// The evidence of the JD's kind of work (0-100) at which experience counts in full.
const BELONGING_FULL: f32 = 50.0;

/// A later stage that may adjust a deterministic assessment, for example an LLM re-ranker.
/// It must keep scores in 0-100; [`score_with_reranker`] re-applies the pass threshold.
pub trait Reranker: Send + Sync {
    /// Returns the adjusted assessment.
    fn rerank(&self, resume: &Resume, job: &JobSpec, assessment: Assessment) -> Assessment;
}

/// Scores a resume against a JD. Pure and deterministic. The scorer reads only the
/// [`ScorerInput`] built from the resume, never its contact fields.
pub fn score(resume: &Resume, job: &JobSpec, config: &ScoringConfig) -> Assessment {
    score_input(&ScorerInput::new(resume), job, config)
}

/// Scores the scorer's view of a resume against a JD.
pub fn score_input(input: &ScorerInput, job: &JobSpec, config: &ScoringConfig) -> Assessment {
    score_input_with(input, job, config, None)
}

/// Scores the scorer's view of a resume against a JD, with semantic fit when `similarity` (the
/// embedding model's, see `crate::semantic`) is given; the version then says so.
pub fn score_input_with(
    input: &ScorerInput,
    job: &JobSpec,
    config: &ScoringConfig,
    similarity: Option<Similarity>,
) -> Assessment {
    let skills = skills_fit::skills_fit(input, job, config);
    // Stuffed keywords are exactly what inflates term relevance, so a stuffed resume keeps
    // only the role-title half of it.
    let relevance = relevance::relevance(input, job, skills.keyword_stuffing);
    let skills_match = skills.score.unwrap_or(relevance);
    let occupation = occupation::occupation_fit(input, job);
    // A JD outside the taxonomy is judged on its skills alone.
    let occupation_score = occupation.as_ref().map_or(skills_match, |o| o.score);
    let years = input.experience_years();
    let experience_fit = experience_fit(years, job);
    let semantic_fit = similarity.map(|s| s.fit());
    let belonging = belonging(occupation_score, relevance, semantic_fit);
    let semantic_weight = semantic_fit.map_or(0.0, |_| config.semantic_weight);
    let weights = config.skills_weight
        + config.occupation_weight
        + config.experience_weight
        + config.relevance_weight
        + semantic_weight;
    let overall = if weights > 0.0 {
        (config.skills_weight * skills_match
            + config.occupation_weight * occupation_score
            + config.experience_weight * experience_fit * belonging
            + config.relevance_weight * relevance
            + semantic_weight * semantic_fit.unwrap_or(0.0))
            / weights
    } else {
        0.0
    };

    let mut assessment = Assessment {
        ats_score: to_u8(overall),
        skills_match: to_u8(skills_match),
        occupation_fit: to_u8(occupation_score),
        occupation: occupation.as_ref().map(|o| o.name.clone()),
        experience_fit: to_u8(experience_fit),
        relevance: to_u8(relevance),
        semantic_fit: semantic_fit.map(to_u8),
        recommendation: Recommendation::Fail,
        matched_skills: skills.matched,
        missing_skills: skills.missing,
        related_skills: skills.related,
        experience_years: (years * 10.0).round() / 10.0,
        required_years: job.experience.min_years,
        keyword_stuffing: skills.keyword_stuffing,
        summary: String::new(),
        version: if similarity.is_some() {
            SEMANTIC_VERSION
        } else {
            VERSION
        },
    };
    assessment.recommendation = recommend(&assessment, config);
    assessment.summary = summary::summarise(
        &assessment,
        job,
        skills.required_found,
        occupation.as_ref(),
        similarity.as_ref(),
        belonging,
        config,
    );
    assessment
}

/// How far the experience found counts, 0-1: in full when the resume shows the JD's kind of
/// work (a job title of its occupation alone gives occupation fit 50, [`BELONGING_FULL`]), in
/// proportion below that. Ten years of site engineering are no experience for an art teacher's
/// post: counted in full, they lifted other professions' dated resumes above the undated
/// resumes of the JD's own. The evidence of the work is the best of occupation fit, the JD's
/// wording (its title first) and, with the model, semantic fit; skills are left out because a
/// few generic ones ("sales", "drawing") are found in many professions' resumes.
fn belonging(occupation: f32, relevance: f32, semantic: Option<f32>) -> f32 {
    (occupation.max(relevance).max(semantic.unwrap_or(0.0)) / BELONGING_FULL).min(1.0)
}

/// Scores, then lets `reranker` adjust the result; the threshold is applied again afterwards.
pub fn score_with_reranker(
    resume: &Resume,
    job: &JobSpec,
    config: &ScoringConfig,
    reranker: &dyn Reranker,
) -> Assessment {
    let base = score(resume, job, config);
    let mut a = reranker.rerank(resume, job, base);
    a.ats_score = a.ats_score.min(100);
    a.skills_match = a.skills_match.min(100);
    a.recommendation = recommend(&a, config);
    a
}

fn recommend(a: &Assessment, config: &ScoringConfig) -> Recommendation {
    let seniority_ok =
        a.required_years.is_none_or(|y| y <= 0.0) || a.experience_fit >= config.min_experience_fit;
    if a.ats_score >= config.pass_threshold && seniority_ok && !a.keyword_stuffing {
        Recommendation::Pass
    } else {
        Recommendation::Fail
    }
}

/// 100 when the experience meets the minimum, proportionally less below it; a little less when
/// far above a stated maximum (the role may not hold the candidate).
fn experience_fit(years: f32, job: &JobSpec) -> f32 {
    let min = job.experience.min_years.unwrap_or(0.0);
    let base = if min <= 0.0 || years >= min {
        100.0
    } else {
        100.0 * years / min
    };
    match job.experience.max_years {
        Some(max) if years > max + 3.0 => (100.0 - 8.0 * (years - max - 3.0)).max(60.0).min(base),
        _ => base,
    }
}

fn to_u8(v: f32) -> u8 {
    v.round().clamp(0.0, 100.0) as u8
}
