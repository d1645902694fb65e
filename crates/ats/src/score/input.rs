//! What the scorer may read. A [`ScorerInput`] is built from a parsed resume and by
//! construction carries no contact field: the name, e-mail, phone, links, addresses and personal
//! details (birth date, gender, marital status, family) are dropped, and gendered words are
//! replaced by neutral ones, so none of them can move a score.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use regex::Regex;

use super::taxonomy::{Mentions, taxonomy};
use crate::resume::{FoundSkill, Resume, Section, SectionKind};
use crate::text::regex;

/// A resume as the scorer sees it. The only way to make one is [`ScorerInput::new`].
#[derive(Debug, Clone)]
pub struct ScorerInput {
    pub(crate) sections: Vec<Section>,
    pub(crate) skills: Vec<FoundSkill>,
    pub(crate) experience_months: u32,
    pub(crate) term_counts: HashMap<String, u32>,
    pub(crate) token_count: u32,
    /// Tokens of the headline, summary and experience: where a role title shows.
    pub(crate) role_terms: HashSet<String>,
    /// Taxonomy concepts and titles in the headline, summary and experience.
    pub(crate) role_mentions: Mentions,
    /// Taxonomy concepts and titles anywhere.
    pub(crate) mentions: Mentions,
}

impl ScorerInput {
    /// The scorer's view of `resume`: contacts and personal details out, gendered words neutral.
    pub fn new(resume: &Resume) -> ScorerInput {
        // The name as parsed, and the header's first line (where a resume puts its name) in
        // case the parser took its name from elsewhere.
        let first_line = resume
            .sections
            .iter()
            .find(|s| s.kind == SectionKind::Header)
            .and_then(|s| s.text.lines().find(|l| !l.trim().is_empty()))
            .filter(|l| is_short(l) && !l.contains('@') && !l.chars().any(|c| c.is_ascii_digit()))
            .unwrap_or_default();
        let name_words = format!(
            "{} {first_line}",
            resume.name.as_deref().unwrap_or_default()
        );
        let name = Some(name_words.as_str());
        let mut sections: Vec<Section> = Vec::new();
        for s in &resume.sections {
            if s.kind == SectionKind::Other && is_personal_heading(&s.heading) {
                continue;
            }
            let header = s.kind == SectionKind::Header;
            let first = s.text.lines().position(|l| !l.trim().is_empty());
            let kept: Vec<String> = s
                .text
                .lines()
                .enumerate()
                // The first line of the header is where a resume puts its name: a short one
                // goes even when the parser did not read it as a name ("Greg Baker" is not
                // a baker).
                .filter(|(i, l)| !(header && Some(*i) == first && is_short(l)))
                .map(|(_, l)| l)
                .filter(|l| !is_personal_line(l))
                .filter(|l| !header || is_headline(l))
                .map(|l| neutral(&scrub(l, name)))
                .collect();
            sections.push(Section {
                kind: s.kind,
                heading: s.heading.clone(),
                text: kept.join("\n"),
            });
        }
        let skills = crate::resume::find_skills(&sections);
        let mut term_counts: HashMap<String, u32> = HashMap::new();
        let mut token_count = 0u32;
        let (mut role_terms, mut role_mentions, mut mentions) =
            (HashSet::new(), Mentions::default(), Mentions::default());
        let t = taxonomy();
        for s in &sections {
            let role = matches!(
                s.kind,
                SectionKind::Header | SectionKind::Summary | SectionKind::Experience
            );
            for token in crate::text::tokens(&s.text) {
                token_count += 1;
                if role {
                    role_terms.insert(token.clone());
                }
                *term_counts.entry(token).or_insert(0) += 1;
            }
            let found = t.find(&s.text);
            if role {
                role_mentions.add(&found);
            }
            mentions.add(&found);
        }
        ScorerInput {
            sections,
            skills,
            experience_months: resume.total_experience_months,
            term_counts,
            token_count,
            role_terms,
            role_mentions,
            mentions,
        }
    }

    /// The text the scorer reads, sections joined.
    pub fn text(&self) -> String {
        let parts: Vec<&str> = self.sections.iter().map(|s| s.text.as_str()).collect();
        parts.join("\n")
    }

    /// Years of experience (overlaps merged).
    pub fn experience_years(&self) -> f32 {
        self.experience_months as f32 / 12.0
    }
}

fn is_short(line: &str) -> bool {
    line.split_whitespace().count() <= 5
}

fn is_personal_heading(heading: &str) -> bool {
    let h = heading.to_lowercase();
    ["contact", "personal", "address", "references"]
        .iter()
        .any(|k| h.contains(k))
}

/// A line that is about the person, not the work: labelled personal data.
fn is_personal_line(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = regex(
        &RE,
        r"(?i)^\W*(?:(?:permanent|present|current|postal|home|residential)\s+)?(?:name|full\s+name|candidate'?s?\s+name|address|addr|location|residence|date\s+of\s+birth|d\.?o\.?b|birth\s*date|gender|sex|marital\s+status|nationality|religion|caste|father'?s?\s+name|mother'?s?\s+name|husband'?s?\s+name|spouse|age|pin\s*code|zip|postcode|passport)\b",
    );
    re.is_match(line)
}

/// A header line worth keeping: a paragraph (a resume with no heading before its content), or
/// a short line that names a job title or a skill. A name, contacts or a place say neither, so
/// a name the parser missed goes too.
fn is_headline(line: &str) -> bool {
    let l = line.trim();
    if l.split_whitespace().count() > 12 {
        return true;
    }
    let plain = !l
        .chars()
        .any(|c| c.is_ascii_digit() || matches!(c, '@' | '/' | ',' | ':'));
    plain && {
        let found = taxonomy().find(l);
        !found.titles.is_empty()
            || !found.concepts.is_empty()
            || !crate::skills::dictionary().find(l).is_empty()
    }
}

/// Removes e-mail addresses, links, phone numbers, postcodes and the candidate's name.
fn scrub(line: &str, name: Option<&str>) -> String {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = regex(
        &RE,
        r"(?ix)
        [a-z0-9._%+\-]+\s*@\s*[a-z0-9\-]+(?:\.[a-z0-9\-]+)+     # e-mail
        | (?:https?://|www\.)\S+                                  # link
        | \b(?:[a-z0-9\-]+\.)+(?:com|in|io|dev|me|org|net|co|uk)/\S*
        | \+?\(?\d[\d\s().\-]{7,}\d                               # phone, or a date range
        | \b[a-z]{1,2}\d[a-z\d]?\s*\d[a-z]{2}\b                   # UK postcode
        | \b\d{3}\s?\d{3}\b                                       # Indian PIN
        | \b\d{5}(?:-\d{4})?\b                                    # US ZIP",
    );
    let out = re
        .replace_all(line, |c: &regex::Captures| {
            let m = c.get(0).map_or("", |m| m.as_str());
            // "2019 - 2021" has the shape of a phone number but too few digits to be one.
            let digits = m.chars().filter(char::is_ascii_digit).count();
            let numeric = m.chars().all(|ch| !ch.is_alphabetic());
            if numeric && digits > 6 && digits < 9 {
                m.to_string()
            } else {
                " ".to_string()
            }
        })
        .into_owned();
    match name {
        Some(n) => without_name(&out, n),
        None => out,
    }
}

/// Drops the candidate's name: any capitalised word of it, so "Mr. Sharma" goes too.
fn without_name(line: &str, name: &str) -> String {
    let parts: Vec<String> = name
        .split_whitespace()
        .filter(|p| p.chars().count() >= 2)
        .map(str::to_lowercase)
        .collect();
    let is_word = |c: char| c.is_alphanumeric() || c == '-' || c == '\'';
    line.split_inclusive(|c: char| !is_word(c))
        .map(|piece| {
            let word = piece.trim_end_matches(|c: char| !is_word(c));
            let capitalised = word.chars().next().is_some_and(char::is_uppercase);
            if capitalised && parts.contains(&word.to_lowercase()) {
                piece.get(word.len()..).unwrap_or_default()
            } else {
                piece
            }
        })
        .collect()
}

/// Gendered words and titles replaced word for word by one neutral form, so "she"/"he",
/// "Mr"/"Ms" or "salesman"/"saleswoman" give the scorer identical text.
fn neutral(line: &str) -> String {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = regex(
        &RE,
        r"(?i)\b(?:he|she|him|her|his|hers|himself|herself|mr|mrs|ms|miss|mx|sir|madam|male|female|man|woman|men|women|boy|girl|husband|wife|son|daughter|father|mother|brother|sister|chairman|chairwoman|salesman|saleswoman|salesmen|saleswomen|businessman|businesswoman|actress|waitress|waiter|stewardess|steward|sportsman|sportswoman|gentleman|lady)\b\.?",
    );
    re.replace_all(line, |c: &regex::Captures| {
        let word = c
            .get(0)
            .map_or("", |m| m.as_str())
            .trim_end_matches('.')
            .to_ascii_lowercase();
        match word.as_str() {
            "he" | "she" => "they",
            "him" | "her" | "his" | "hers" => "their",
            "himself" | "herself" => "themself",
            "man" | "woman" | "boy" | "girl" | "gentleman" | "lady" => "person",
            "men" | "women" => "people",
            "husband" | "wife" => "spouse",
            "son" | "daughter" => "child",
            "father" | "mother" => "parent",
            "brother" | "sister" => "sibling",
            "chairman" | "chairwoman" => "chairperson",
            "salesman" | "saleswoman" => "salesperson",
            "salesmen" | "saleswomen" => "salespeople",
            "businessman" | "businesswoman" => "businessperson",
            "actress" => "actor",
            "waiter" | "waitress" => "server",
            "steward" | "stewardess" => "attendant",
            "sportsman" | "sportswoman" => "athlete",
            _ => "",
        }
        .to_string()
    })
    .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &str) -> ScorerInput {
        ScorerInput::new(&crate::parse_resume(text))
    }

    #[test]
    fn contacts_and_personal_details_are_not_read() {
        let i = input(
            "Jane Doe\nSenior Accountant\njane.doe@example.com | +44 20 7946 0958 | London NW1 6XE\n\
             SUMMARY\nJane Doe is an accountant; see linkedin.com/in/janedoe\n\
             PERSONAL DETAILS\nDate of birth: 1 May 1990\nGender: Female",
        );
        let text = i.text();
        for gone in [
            "jane", "doe", "example", "7946", "NW1", "linkedin", "female", "1990",
        ] {
            assert!(
                !text.to_lowercase().contains(&gone.to_lowercase()),
                "{gone} in {text}"
            );
        }
        assert!(text.contains("Senior Accountant"), "{text}");
    }

    #[test]
    fn gendered_words_read_the_same() {
        let she = input("A B\nSUMMARY\nShe led her team as chairwoman; Ms. Smith's saleswomen");
        let he = input("A B\nSUMMARY\nHe led his team as chairman; Mr. Smith's salesmen");
        assert_eq!(she.text(), he.text());
        assert_eq!(she.term_counts, he.term_counts);
    }
}
