//! Explainable ATS scoring: skills coverage first, experience fit next, text relevance last.

mod relevance;

use serde::Serialize;

use crate::jd::{JdSkill, JobSpec, Matcher};
use crate::resume::{Resume, SectionKind};
use crate::skills::is_term;

/// The scoring version, stored with every score. Any change that can move a score (weights,
/// dictionary, parsing) bumps it; see docs/ats.md for the policy.
pub const VERSION: &str = "ats-1.1.0";

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
    /// Weight of experience fit.
    pub experience_weight: f32,
    /// Weight of text relevance.
    pub relevance_weight: f32,
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
            skills_weight: 0.55,
            experience_weight: 0.30,
            relevance_weight: 0.15,
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
    /// How the experience found compares with the experience asked for, 0-100.
    pub experience_fit: u8,
    /// How much of the JD's language (title first) the resume shares, 0-100.
    pub relevance: u8,
    /// Pass or Fail.
    pub recommendation: Recommendation,
    /// JD skills found in the resume (required first).
    pub matched_skills: Vec<String>,
    /// JD skills not found (required first).
    pub missing_skills: Vec<String>,
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

/// A later stage that may adjust a deterministic assessment, for example an LLM re-ranker.
/// It must keep scores in 0-100; [`score_with_reranker`] re-applies the pass threshold.
pub trait Reranker: Send + Sync {
    /// Returns the adjusted assessment.
    fn rerank(&self, resume: &Resume, job: &JobSpec, assessment: Assessment) -> Assessment;
}

/// Scores a resume against a JD. Pure and deterministic.
pub fn score(resume: &Resume, job: &JobSpec, config: &ScoringConfig) -> Assessment {
    let evidence: Vec<(bool, Evidence)> = job
        .required
        .iter()
        .map(|s| (true, evidence_for(resume, s)))
        .chain(
            job.preferred
                .iter()
                .map(|s| (false, evidence_for(resume, s))),
        )
        .collect();

    // Keyword stuffing: several JD skills each repeated three or more times outside any
    // experience or project, with none of them in the experience.
    let repeated = evidence
        .iter()
        .filter(|(_, e)| e.mentions - e.in_experience >= 3)
        .count();
    let backed = evidence.iter().filter(|(_, e)| e.in_experience > 0).count();
    let keyword_stuffing = repeated >= 3 && backed * 2 < repeated;

    let listed_credit = if keyword_stuffing {
        config.stuffed_credit
    } else {
        config.listed_only_credit
    };
    let (mut got, mut total) = (0.0f32, 0.0f32);
    let mut matched = Vec::new();
    let mut missing = Vec::new();
    let all_skills = job.required.iter().chain(job.preferred.iter());
    for ((required, e), skill) in evidence.iter().zip(all_skills) {
        let weight = if *required {
            config.required_skill_weight
        } else {
            1.0
        };
        total += weight;
        if e.mentions == 0 {
            missing.push(skill.name.clone());
            continue;
        }
        matched.push(skill.name.clone());
        got += weight
            * if e.in_experience > 0 {
                1.0
            } else {
                listed_credit
            };
    }
    let required_found = evidence
        .iter()
        .filter(|(r, e)| *r && e.mentions > 0)
        .count();

    // Stuffed keywords are exactly what inflates term relevance, so a stuffed resume keeps
    // only the role-title half of it.
    let relevance = relevance::relevance(resume, job, keyword_stuffing);
    let skills_match = if total > 0.0 {
        got / total * 100.0
    } else {
        relevance
    };
    let years = resume.experience_years();
    let experience_fit = experience_fit(years, job);
    let weights = config.skills_weight + config.experience_weight + config.relevance_weight;
    let overall = if weights > 0.0 {
        (config.skills_weight * skills_match
            + config.experience_weight * experience_fit
            + config.relevance_weight * relevance)
            / weights
    } else {
        0.0
    };

    let mut assessment = Assessment {
        ats_score: to_u8(overall),
        skills_match: to_u8(skills_match),
        experience_fit: to_u8(experience_fit),
        relevance: to_u8(relevance),
        recommendation: Recommendation::Fail,
        matched_skills: matched,
        missing_skills: missing,
        experience_years: (years * 10.0).round() / 10.0,
        required_years: job.experience.min_years,
        keyword_stuffing,
        summary: String::new(),
        version: VERSION,
    };
    assessment.recommendation = recommend(&assessment, config);
    assessment.summary = summarise(&assessment, job, required_found, config);
    assessment
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

#[derive(Debug, Default, Clone, Copy)]
struct Evidence {
    mentions: u32,
    in_experience: u32,
}

fn evidence_for(resume: &Resume, skill: &JdSkill) -> Evidence {
    match &skill.matcher {
        Matcher::Known(id) => resume
            .skills
            .iter()
            .find(|f| f.id == *id)
            .map(|f| Evidence {
                mentions: f.mentions,
                in_experience: f.experience_mentions,
            })
            .unwrap_or_default(),
        Matcher::Literal(term) => {
            let needle = term.to_ascii_lowercase();
            let mut e = Evidence::default();
            for section in &resume.sections {
                let hay = section.text.to_ascii_lowercase();
                let n = hay
                    .match_indices(&needle)
                    .filter(|(i, m)| is_term(&hay, *i, i + m.len()))
                    .count() as u32;
                e.mentions += n;
                if matches!(
                    section.kind,
                    SectionKind::Experience | SectionKind::Projects
                ) {
                    e.in_experience += n;
                }
            }
            e
        }
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

fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

fn summarise(
    a: &Assessment,
    job: &JobSpec,
    required_found: usize,
    config: &ScoringConfig,
) -> String {
    let mut parts = Vec::new();
    let req_total = job.required.len();
    if req_total + job.preferred.len() == 0 {
        parts.push("The JD lists no skills, so the match is on its wording.".to_string());
    } else {
        let matched_req: Vec<String> = a
            .matched_skills
            .iter()
            .filter(|m| job.required.iter().any(|r| &r.name == *m))
            .cloned()
            .collect();
        let missing_req: Vec<String> = a
            .missing_skills
            .iter()
            .filter(|m| job.required.iter().any(|r| &r.name == *m))
            .cloned()
            .collect();
        let mut s = format!("Matches {required_found} of {req_total} required skills");
        if !matched_req.is_empty() {
            s.push_str(&format!(" ({})", list(&matched_req)));
        }
        if !missing_req.is_empty() {
            s.push_str(&format!("; missing {}", list(&missing_req)));
        }
        s.push('.');
        parts.push(s);
        let matched_pref: Vec<String> = a
            .matched_skills
            .iter()
            .filter(|m| job.preferred.iter().any(|p| &p.name == *m))
            .cloned()
            .collect();
        if !matched_pref.is_empty() {
            parts.push(format!("Also has {}.", list(&matched_pref)));
        }
    }
    if a.keyword_stuffing {
        parts.push("The JD's keywords are repeated without work experience that uses them.".into());
    }
    let found = a.experience_years;
    parts.push(match (job.experience.min_years, job.experience.max_years) {
        (Some(min), Some(max)) => format!("Experience: {found:.1} years found, {min}-{max} asked."),
        (Some(min), None) if min > 0.0 => {
            format!("Experience: {found:.1} years found, {min}+ asked.")
        }
        _ => format!("Experience: {found:.1} years found, none specified."),
    });
    let verdict = match a.recommendation {
        Recommendation::Pass => "Pass",
        Recommendation::Fail => "Fail",
    };
    let mut s = format!("Score {}/100: {verdict}", a.ats_score);
    if a.recommendation == Recommendation::Fail && a.ats_score >= config.pass_threshold {
        s.push_str(if a.keyword_stuffing {
            " (keyword stuffing)"
        } else {
            " (not enough experience for the role)"
        });
    }
    s.push('.');
    parts.push(s);
    parts.join(" ")
}
