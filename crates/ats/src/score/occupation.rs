//! Occupation fit: does the resume belong to the JD's occupation? Its job titles and the
//! concepts that occupation calls for, found in the resume in any of their labels, weighed
//! against the occupation the resume fits best: an electrical engineer's "panels" and
//! "drawings" do not make an artist.

use super::input::ScorerInput;
use super::taxonomy::taxonomy;
use crate::jd::JobSpec;

/// How many of an occupation's concepts make full coverage: a resume rarely shows them all.
const ENOUGH_CONCEPTS: usize = 6;

pub(crate) struct OccupationFit {
    /// 0-100.
    pub score: f32,
    pub name: String,
    /// A job title of the occupation in the headline, summary or experience.
    pub title_found: bool,
    /// Without such a title, the occupation's field of study or work named anywhere.
    pub field_found: bool,
    pub concepts_found: usize,
    pub concepts_total: usize,
    /// The occupation the resume fits better, when it is another one.
    pub closer_to: Option<String>,
}

struct Evidence {
    score: f32,
    title_found: bool,
    field_found: bool,
    concepts_found: usize,
}

/// `None` when the JD's occupation is not in the taxonomy.
pub(crate) fn occupation_fit(input: &ScorerInput, job: &JobSpec) -> Option<OccupationFit> {
    let t = taxonomy();
    let id = job.occupation?;
    let occupation = t.occupations.get(id)?;
    let own = evidence(input, id);
    let best = (0..t.occupations.len())
        .map(|o| (evidence(input, o).score, o))
        .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(&a.1)));
    // The share of the resume's strongest occupation that this one reaches.
    let (factor, closer_to) = match best {
        Some((score, o)) if o != id && score > own.score => (
            own.score / score,
            t.occupations.get(o).map(|o| o.name.clone()),
        ),
        _ => (1.0, None),
    };
    Some(OccupationFit {
        score: own.score * factor,
        name: occupation.name.clone(),
        title_found: own.title_found,
        field_found: own.field_found,
        concepts_found: own.concepts_found,
        concepts_total: occupation.concepts.len(),
        closer_to,
    })
}

/// 0-100: half a job title of the occupation (full in the headline, summary or experience,
/// 0.6 elsewhere or for its field of study or work named anywhere: a degree in mechanical
/// engineering says what a resume without job titles is about), half how many of its concepts
/// show (a related one counts half).
fn evidence(input: &ScorerInput, id: usize) -> Evidence {
    let t = taxonomy();
    let Some(occupation) = t.occupations.get(id) else {
        return Evidence {
            score: 0.0,
            title_found: false,
            field_found: false,
            concepts_found: 0,
        };
    };
    let field_found = input.mentions.fields.contains_key(&id);
    let title = if input.role_mentions.titles.contains_key(&id) {
        1.0
    } else if input.mentions.titles.contains_key(&id) || field_found {
        0.6
    } else {
        0.0
    };
    let (mut covered, mut found) = (0.0f32, 0usize);
    for c in &occupation.concepts {
        if input.mentions.has(*c) {
            covered += 1.0;
            found += 1;
        } else if t
            .concepts
            .get(*c)
            .is_some_and(|concept| concept.related.iter().any(|r| input.mentions.has(*r)))
        {
            covered += 0.5;
        }
    }
    let enough = occupation.concepts.len().clamp(1, ENOUGH_CONCEPTS) as f32;
    let coverage = (covered / enough).min(1.0);
    Evidence {
        score: 100.0 * (0.5 * title + 0.5 * coverage),
        title_found: title >= 1.0,
        field_found: title < 1.0 && field_found,
        concepts_found: found,
    }
}
