//! Coverage of the JD's skills: named outright, named in other words (a label of the same
//! taxonomy concept), or backed by a related concept ("cold calling -> lead generation").

use super::ScoringConfig;
use super::input::ScorerInput;
use super::taxonomy::taxonomy;
use crate::jd::{JdSkill, JobSpec, Matcher};
use crate::resume::SectionKind;
use crate::skills::is_term;

/// Credit for a skill found only in other words, in the headline, summary or experience.
const SYNONYM_IN_ROLE: f32 = 0.9;
/// That credit when the other words are only in a list or elsewhere.
const SYNONYM_ELSEWHERE: f32 = 0.75;
/// Credit for a skill backed only by a related one.
const RELATED: f32 = 0.5;

pub(crate) struct SkillsFit {
    /// 0-100, or `None` when the JD lists no skills.
    pub score: Option<f32>,
    pub matched: Vec<String>,
    pub missing: Vec<String>,
    /// "cold calling -> lead generation"
    pub related: Vec<String>,
    pub required_found: usize,
    pub keyword_stuffing: bool,
}

#[derive(Debug, Default, Clone, Copy)]
struct Evidence {
    mentions: u32,
    in_experience: u32,
}

pub(crate) fn skills_fit(input: &ScorerInput, job: &JobSpec, config: &ScoringConfig) -> SkillsFit {
    let skills: Vec<(bool, &JdSkill)> = job
        .required
        .iter()
        .map(|s| (true, s))
        .chain(job.preferred.iter().map(|s| (false, s)))
        .collect();
    let evidence: Vec<Evidence> = skills.iter().map(|(_, s)| evidence_for(input, s)).collect();

    // Keyword stuffing: several JD skills each repeated three or more times outside any
    // experience or project, with none of them in the experience.
    let repeated = evidence
        .iter()
        .filter(|e| e.mentions - e.in_experience >= 3)
        .count();
    let backed = evidence.iter().filter(|e| e.in_experience > 0).count();
    let keyword_stuffing = repeated >= 3 && backed * 2 < repeated;
    let listed_credit = if keyword_stuffing {
        config.stuffed_credit
    } else {
        config.listed_only_credit
    };

    let t = taxonomy();
    let mut fit = SkillsFit {
        score: None,
        matched: Vec::new(),
        missing: Vec::new(),
        related: Vec::new(),
        required_found: 0,
        keyword_stuffing,
    };
    let (mut got, mut total) = (0.0f32, 0.0f32);
    // One piece of evidence counts once: a concept found for its own JD skill backs no other,
    // and a related concept backs one JD skill at most. Otherwise one generic word ("sales",
    // "drawing") backed half the JD's skills in resumes of other professions.
    let direct: Vec<usize> = skills
        .iter()
        .zip(&evidence)
        .filter_map(|((_, s), e)| {
            let c = t.concept_of(&s.name)?;
            (e.mentions > 0 || input.mentions.has(c)).then_some(c)
        })
        .collect();
    let mut backed_by: Vec<usize> = Vec::new();
    for ((required, skill), e) in skills.iter().zip(&evidence) {
        let weight = if *required {
            config.required_skill_weight
        } else {
            1.0
        };
        total += weight;
        let concept = t.concept_of(&skill.name);
        let credit = if e.mentions > 0 {
            if e.in_experience > 0 {
                1.0
            } else {
                listed_credit
            }
        } else if let Some(c) = concept.filter(|c| input.mentions.has(*c)) {
            if keyword_stuffing {
                config.stuffed_credit
            } else if input.role_mentions.has(c) {
                SYNONYM_IN_ROLE
            } else {
                SYNONYM_ELSEWHERE
            }
        } else if let Some((c, r)) = concept.and_then(|c| {
            let concept = t.concepts.get(c)?;
            concept
                .related
                .iter()
                .find(|r| {
                    input.mentions.has(**r) && !backed_by.contains(*r) && !direct.contains(*r)
                })
                .map(|r| (c, *r))
        }) {
            backed_by.push(r);
            fit.related
                .push(format!("{} -> {}", t.concept_name(r), t.concept_name(c)));
            if keyword_stuffing { 0.0 } else { RELATED }
        } else {
            0.0
        };
        if credit > 0.0 {
            fit.matched.push(skill.name.clone());
            fit.required_found += usize::from(*required);
            got += weight * credit;
        } else {
            fit.missing.push(skill.name.clone());
        }
    }
    fit.score = (total > 0.0).then(|| got / total * 100.0);
    fit
}

fn evidence_for(input: &ScorerInput, skill: &JdSkill) -> Evidence {
    match &skill.matcher {
        Matcher::Known(id) => input
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
            for section in &input.sections {
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
