//! Occupations and skill concepts: alternative labels, related concepts and the concepts each
//! occupation calls for, from `data/taxonomy.tsv` (built by `data/build_taxonomy.py`; sources
//! and licences in `data/NOTICE.md`). This is what lets a sales JD's "lead generation" count a
//! resume's "cold calling", and an "Advocate" JD recognise a resume full of petitions and
//! hearings that never says "litigation".

use std::collections::HashMap;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

use crate::skills::is_term;

const DATA: &str = include_str!("../../data/taxonomy.tsv");

#[derive(Debug)]
pub(crate) struct Concept {
    /// Display name: the first label.
    pub name: String,
    /// Concepts whose presence counts for part of this one.
    pub related: Vec<usize>,
}

#[derive(Debug)]
pub(crate) struct Occupation {
    pub name: String,
    pub concepts: Vec<usize>,
}

/// Which concepts, occupation titles and occupations' fields a text mentions, and how often.
#[derive(Debug, Clone, Default)]
pub(crate) struct Mentions {
    pub concepts: HashMap<usize, u32>,
    pub titles: HashMap<usize, u32>,
    /// An occupation's field of study or work ("mechanical engineering", "nursing").
    pub fields: HashMap<usize, u32>,
}

impl Mentions {
    pub fn has(&self, concept: usize) -> bool {
        self.concepts.contains_key(&concept)
    }

    pub fn add(&mut self, other: &Mentions) {
        for (k, v) in &other.concepts {
            *self.concepts.entry(*k).or_insert(0) += v;
        }
        for (k, v) in &other.titles {
            *self.titles.entry(*k).or_insert(0) += v;
        }
        for (k, v) in &other.fields {
            *self.fields.entry(*k).or_insert(0) += v;
        }
    }
}

#[derive(Debug)]
pub(crate) struct Taxonomy {
    pub concepts: Vec<Concept>,
    pub occupations: Vec<Occupation>,
    concept_labels: Labels,
    title_labels: Labels,
    field_labels: Labels,
}

/// Labels matched as whole terms, leftmost-longest, each pointing at one concept or occupation.
#[derive(Debug)]
struct Labels {
    targets: Vec<usize>,
    automaton: Option<AhoCorasick>,
}

impl Labels {
    fn new(labels: Vec<(String, usize)>) -> Labels {
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(labels.iter().map(|(l, _)| l.as_str()))
            .ok();
        Labels {
            targets: labels.into_iter().map(|(_, t)| t).collect(),
            automaton,
        }
    }

    fn count(&self, text: &str, into: &mut HashMap<usize, u32>) {
        let Some(automaton) = &self.automaton else {
            return;
        };
        for m in automaton.find_iter(text) {
            if is_term(text, m.start(), m.end())
                && let Some(t) = self.targets.get(m.pattern().as_usize())
            {
                *into.entry(*t).or_insert(0) += 1;
            }
        }
    }
}

/// The shipped taxonomy, built once on first use.
pub(crate) fn taxonomy() -> &'static Taxonomy {
    static TAXONOMY: OnceLock<Taxonomy> = OnceLock::new();
    TAXONOMY.get_or_init(|| Taxonomy::parse(DATA))
}

impl Taxonomy {
    fn parse(data: &str) -> Taxonomy {
        let rows: Vec<Vec<&str>> = data
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split('\t').collect())
            .collect();
        let mut index: HashMap<String, usize> = HashMap::new();
        let mut concepts = Vec::new();
        let mut concept_labels: Vec<(String, usize)> = Vec::new();
        let mut define = |label: &str,
                          concepts: &mut Vec<Concept>,
                          labels: &mut Vec<(String, usize)>|
         -> usize {
            *index.entry(label.to_string()).or_insert_with(|| {
                concepts.push(Concept {
                    name: label.to_string(),
                    related: Vec::new(),
                });
                labels.push((label.to_string(), concepts.len() - 1));
                concepts.len() - 1
            })
        };
        let mut pending_related: Vec<(usize, Vec<&str>)> = Vec::new();
        for row in rows.iter().filter(|r| r.first() == Some(&"C")) {
            let labels: Vec<&str> = row.get(1).map_or(vec![], |l| l.split('|').collect());
            let Some(first) = labels.first() else {
                continue;
            };
            let id = define(first, &mut concepts, &mut concept_labels);
            for label in labels.iter().skip(1) {
                concept_labels.push((label.to_string(), id));
            }
            let related = row
                .get(2)
                .map_or(vec![], |r| r.split('|').filter(|s| !s.is_empty()).collect());
            pending_related.push((id, related));
        }
        for (id, related) in pending_related {
            let ids: Vec<usize> = related
                .into_iter()
                .map(|r| define(r, &mut concepts, &mut concept_labels))
                .filter(|r| *r != id)
                .collect();
            if let Some(c) = concepts.get_mut(id) {
                c.related = ids;
            }
        }
        let mut occupations = Vec::new();
        let (mut title_labels, mut field_labels) = (Vec::new(), Vec::new());
        for row in rows.iter().filter(|r| r.first() == Some(&"O")) {
            let (Some(name), Some(titles), Some(members)) = (row.get(1), row.get(2), row.get(3))
            else {
                continue;
            };
            let id = occupations.len();
            title_labels.extend(titles.split('|').map(|t| (t.to_string(), id)));
            field_labels.extend(
                row.get(4)
                    .into_iter()
                    .flat_map(|f| f.split('|'))
                    .filter(|f| !f.is_empty())
                    .map(|f| (f.to_string(), id)),
            );
            let concepts = members
                .split('|')
                .map(|m| define(m, &mut concepts, &mut concept_labels))
                .collect();
            occupations.push(Occupation {
                name: name.to_string(),
                concepts,
            });
        }
        // Plurals without listing them: "petitions", "dealers", "sales managers".
        let plurals: Vec<(String, usize)> = concept_labels
            .iter()
            .filter(|(l, _)| !l.ends_with('s') && l.chars().last().is_some_and(char::is_alphabetic))
            .map(|(l, id)| (format!("{l}s"), *id))
            .collect();
        concept_labels.extend(plurals);
        let plural_titles: Vec<(String, usize)> = title_labels
            .iter()
            .filter(|(l, _)| !l.ends_with('s'))
            .map(|(l, id)| (format!("{l}s"), *id))
            .collect();
        title_labels.extend(plural_titles);
        Taxonomy {
            concepts,
            occupations,
            concept_labels: Labels::new(concept_labels),
            title_labels: Labels::new(title_labels),
            field_labels: Labels::new(field_labels),
        }
    }

    /// Concepts and occupation titles mentioned in `text`.
    pub fn find(&self, text: &str) -> Mentions {
        let mut m = Mentions::default();
        self.concept_labels.count(text, &mut m.concepts);
        self.title_labels.count(text, &mut m.titles);
        self.field_labels.count(text, &mut m.fields);
        m
    }

    /// The concept a skill's name stands for: its longest label inside the name.
    pub fn concept_of(&self, skill: &str) -> Option<usize> {
        let automaton = self.concept_labels.automaton.as_ref()?;
        automaton
            .find_iter(skill)
            .filter(|m| is_term(skill, m.start(), m.end()))
            .max_by_key(|m| (m.end() - m.start(), std::cmp::Reverse(m.start())))
            .and_then(|m| {
                self.concept_labels
                    .targets
                    .get(m.pattern().as_usize())
                    .copied()
            })
    }

    pub fn concept_name(&self, id: usize) -> &str {
        self.concepts.get(id).map_or("", |c| c.name.as_str())
    }

    /// The occupation a JD is for: its title's job titles count most, then how many of each
    /// occupation's concepts the JD names. `None` when nothing points anywhere.
    pub fn occupation_of(&self, title: &Mentions, body: &Mentions) -> Option<usize> {
        let mut best: Option<(f32, usize)> = None;
        for (id, o) in self.occupations.iter().enumerate() {
            let titled = title.titles.get(&id).copied().unwrap_or(0)
                + body.titles.get(&id).map_or(0, |n| u32::from(*n > 0));
            let named = o
                .concepts
                .iter()
                .filter(|c| title.has(**c) || body.has(**c))
                .count();
            let score = 4.0 * titled as f32 + named as f32;
            if score >= 2.0 && best.is_none_or(|(s, _)| score > s) {
                best = Some((score, id));
            }
        }
        best.map(|(_, id)| id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        let t = taxonomy();
        let mut v: Vec<String> = t
            .find(text)
            .concepts
            .keys()
            .map(|c| t.concept_name(*c).to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn alternative_labels_and_plurals_name_one_concept() {
        assert_eq!(names("Drafted petitions and plaints"), ["legal drafting"]);
        assert_eq!(
            names("cold calls to new leads"),
            ["cold calling", "lead generation"]
        );
        assert!(names("telecaller going forward").is_empty());
    }

    #[test]
    fn related_concepts_are_linked() {
        let t = taxonomy();
        let lead = t.concepts.iter().position(|c| c.name == "lead generation");
        let cold = t.concepts.iter().position(|c| c.name == "cold calling");
        let (Some(lead), Some(cold)) = (lead, cold) else {
            panic!("concepts missing");
        };
        assert!(t.concepts[lead].related.contains(&cold));
    }

    #[test]
    fn a_jd_title_names_its_occupation() {
        let t = taxonomy();
        let occupation = t
            .occupation_of(
                &t.find("Sales Executive"),
                &t.find("close deals, cold calling"),
            )
            .map(|o| t.occupations[o].name.as_str());
        assert_eq!(occupation, Some("sales"));
        assert_eq!(t.occupation_of(&t.find("Astronaut"), &t.find("")), None);
    }
}
