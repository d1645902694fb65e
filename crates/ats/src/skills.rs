//! The skills dictionary: canonical names, aliases and whole-term matching.
//!
//! Data: `data/skills.tsv`, built by `data/build_skills.py` (sources and licences in
//! `data/NOTICE.md`) and embedded in the binary.

use std::collections::HashMap;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};

const DATA: &str = include_str!("../data/skills.tsv");

/// Index of a skill in the [`Dictionary`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SkillId(pub u32);

/// One occurrence of a skill in a text (byte offsets into that text).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SkillMatch {
    /// Which skill.
    pub skill: SkillId,
    /// Start byte offset.
    pub start: usize,
    /// End byte offset (exclusive).
    pub end: usize,
}

#[derive(Debug)]
struct Alias {
    skill: SkillId,
    text: String,
    case_sensitive: bool,
    needs_context: bool,
}

/// Skills with their aliases, matched as whole terms.
#[derive(Debug)]
pub struct Dictionary {
    names: Vec<String>,
    curated: Vec<bool>,
    aliases: Vec<Alias>,
    by_alias: HashMap<String, SkillId>,
    /// `None` only if the automaton could not be built (it can for absurd inputs only).
    automaton: Option<AhoCorasick>,
}

/// The shipped dictionary, built once on first use.
pub fn dictionary() -> &'static Dictionary {
    static DICT: OnceLock<Dictionary> = OnceLock::new();
    DICT.get_or_init(|| Dictionary::parse(DATA))
}

impl Dictionary {
    /// Builds a dictionary from the TSV format of `data/skills.tsv`.
    pub fn parse(data: &str) -> Dictionary {
        let mut names = Vec::new();
        let mut curated = Vec::new();
        let mut aliases = Vec::new();
        let mut by_alias = HashMap::new();
        for line in data
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let mut cols = line.split('\t');
            let canonical = cols.next().unwrap_or_default().trim();
            let alias_col = cols.next().unwrap_or_default().trim();
            if canonical.is_empty() {
                continue;
            }
            let id = SkillId(names.len() as u32);
            names.push(canonical.to_string());
            curated.push(!alias_col.is_empty());
            let mut seen_canonical = false;
            for raw in alias_col.split('|').filter(|a| !a.is_empty()) {
                let needs_context = raw.starts_with('~');
                let case_sensitive = needs_context || raw.starts_with('=');
                let text = raw.trim_start_matches(['~', '=']).to_string();
                seen_canonical |= text.eq_ignore_ascii_case(canonical);
                by_alias.entry(text.to_ascii_lowercase()).or_insert(id);
                aliases.push(Alias {
                    skill: id,
                    text,
                    case_sensitive,
                    needs_context,
                });
            }
            if !seen_canonical {
                by_alias.entry(canonical.to_ascii_lowercase()).or_insert(id);
                aliases.push(Alias {
                    skill: id,
                    text: canonical.to_string(),
                    case_sensitive: false,
                    needs_context: false,
                });
            }
        }
        let automaton = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(aliases.iter().map(|a| a.text.as_str()))
            .ok();
        Dictionary {
            names,
            curated,
            aliases,
            by_alias,
            automaton,
        }
    }

    /// Number of skills.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// True when the dictionary holds no skills.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The canonical display name of a skill.
    pub fn name(&self, id: SkillId) -> &str {
        self.names.get(id.0 as usize).map_or("", String::as_str)
    }

    /// True for the hand-curated technology layer (as opposed to the long tail of generic
    /// skill phrases), which is precise enough to read skills out of a job description.
    pub fn is_curated(&self, id: SkillId) -> bool {
        self.curated.get(id.0 as usize).copied().unwrap_or(false)
    }

    /// The skill a term names exactly ("k8s" → Kubernetes), ignoring ASCII case.
    pub fn lookup(&self, term: &str) -> Option<SkillId> {
        self.by_alias
            .get(&term.trim().to_ascii_lowercase())
            .copied()
    }

    /// Every whole-term skill occurrence in `text`, leftmost first; where matches overlap the
    /// longest wins ("C++" over "C", "JavaScript" over "Java", "Spring Boot" over "Spring").
    pub fn find(&self, text: &str) -> Vec<SkillMatch> {
        let Some(automaton) = &self.automaton else {
            return Vec::new();
        };
        let mut found: Vec<(usize, usize, SkillId)> = automaton
            .find_overlapping_iter(text)
            .filter_map(|m| {
                let alias = self.aliases.get(m.pattern().as_usize())?;
                let (start, end) = (m.start(), m.end());
                let ok = (!alias.case_sensitive
                    || text.get(start..end) == Some(alias.text.as_str()))
                    && is_term(text, start, end)
                    && (!alias.needs_context || in_list_context(text, start, end));
                ok.then_some((start, end, alias.skill))
            })
            .collect();
        // Longest first at each start, then drop anything overlapping an earlier pick.
        found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut out: Vec<SkillMatch> = Vec::with_capacity(found.len());
        for (start, end, skill) in found {
            let this = SkillMatch { skill, start, end };
            match out.last_mut() {
                Some(last) if start < last.end => {
                    if end - start > last.end - last.start {
                        *last = this;
                    }
                }
                _ => out.push(this),
            }
        }
        out
    }
}

fn is_term_char(c: char) -> bool {
    c.is_alphanumeric() || c == '+' || c == '#'
}

/// Whole-term boundaries: "go" is not a term inside "going", "C" is not inside "C++" or "C#",
/// "node" is not inside "node.js" but "Python." at the end of a sentence is.
pub(crate) fn is_term(text: &str, start: usize, end: usize) -> bool {
    let before = text.get(..start).and_then(|s| s.chars().next_back());
    let mut after = text.get(end..).map(str::chars).into_iter().flatten();
    let before_ok = match before {
        None => true,
        Some(c) => !is_term_char(c) && c != '@',
    };
    let after_ok = match after.next() {
        None => true,
        Some('.') => !after.next().is_some_and(char::is_alphanumeric),
        Some(c) => !is_term_char(c),
    };
    before_ok && after_ok
}

/// Ambiguous one-letter skills (R, C) count only as an item of a list ("Python, R, SQL") or
/// right after a label ("Languages: C").
fn in_list_context(text: &str, start: usize, end: usize) -> bool {
    const SEPARATORS: &[char] = &[',', ';', '|', '/', '(', ')', ':', '-'];
    let line_start = text
        .get(..start)
        .and_then(|s| s.rfind('\n'))
        .map_or(0, |i| i + 1);
    let line_end = text
        .get(end..)
        .and_then(|s| s.find('\n'))
        .map_or(text.len(), |i| end + i);
    let left = text.get(line_start..start).unwrap_or_default().trim_end();
    let right = text.get(end..line_end).unwrap_or_default().trim_start();
    let left_ok = left.is_empty() || left.ends_with(SEPARATORS) || left.ends_with(" and");
    let right_ok = right.is_empty() || right.starts_with(SEPARATORS) || right.starts_with("and ");
    let has_list = left.ends_with(SEPARATORS) || right.starts_with(SEPARATORS);
    left_ok && right_ok && has_list
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<&'static str> {
        let d = dictionary();
        d.find(text).into_iter().map(|m| d.name(m.skill)).collect()
    }

    #[test]
    fn aliases_map_to_canonical_names() {
        assert_eq!(
            names("JS, k8s and Postgres"),
            ["JavaScript", "Kubernetes", "PostgreSQL"]
        );
        assert_eq!(names("we use ML daily"), ["Machine Learning"]);
    }

    #[test]
    fn whole_terms_only() {
        assert!(names("going forward, we were rusty").is_empty());
        assert_eq!(names("Go, Rust"), ["Go", "Rust"]);
        assert_eq!(names("C, C++ and C#"), ["C", "C++", "C#"]);
        assert_eq!(names("JavaScript and Java"), ["JavaScript", "Java"]);
        assert_eq!(names("Built with Node.js."), ["Node.js"]);
        assert_eq!(names("Spring Boot services"), ["Spring Boot"]);
    }

    #[test]
    fn single_letters_need_a_skills_context() {
        assert_eq!(names("Python, R, SQL"), ["Python", "R", "SQL"]);
        assert!(names("Plan R was a fallback; grade C student").is_empty());
        assert_eq!(names("Languages: C"), ["C"]);
    }

    #[test]
    fn urls_are_not_skills() {
        assert!(names("github.com/jane and jane@go.dev").is_empty());
    }
}
