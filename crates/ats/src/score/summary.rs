//! The paragraph a recruiter reads: skills matched (and how), the occupation, the experience
//! found and the verdict.

use super::occupation::OccupationFit;
use super::semantic::Similarity;
use super::{Assessment, Recommendation, ScoringConfig};
use crate::jd::JobSpec;

fn list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

pub(crate) fn summarise(
    a: &Assessment,
    job: &JobSpec,
    required_found: usize,
    occupation: Option<&OccupationFit>,
    similarity: Option<&Similarity>,
    belonging: f32,
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
    if !a.related_skills.is_empty() {
        parts.push(format!(
            "Counted through related skills: {}.",
            list(&a.related_skills)
        ));
    }
    if let Some(o) = occupation {
        parts.push(format!(
            "Occupation {}: {}, {} of its {} skills found.",
            o.name,
            if o.title_found {
                "a job title of it in the experience"
            } else if o.field_found {
                "its field named, no job title of it in the experience"
            } else {
                "no job title of it in the experience"
            },
            o.concepts_found,
            o.concepts_total
        ));
        if let Some(other) = &o.closer_to {
            parts.push(format!("The resume reads more like {other}."));
        }
    }
    parts.extend(similarity.map(Similarity::sentence));
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
    if belonging < 1.0 && a.experience_fit > 0 {
        parts.push(format!(
            "Experience counted at {:.0} %: the resume shows little of the JD's kind of work.",
            100.0 * belonging
        ));
    }
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
