//! Resume parsing: contacts, sections, work periods and skills from normalised text.

mod dates;
mod name;
mod phone;
mod places;
mod sections;

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

use regex::Regex;
use serde::Serialize;

pub use dates::{Period, YearMonth, find_periods, find_work_periods, merged_months, present_for};
pub use name::CHECK_NAME_BELOW;
pub use phone::{Region, find_phone, normalize_phone, normalize_typed_phone};
pub use sections::{Section, SectionKind};

use crate::skills::{SkillId, dictionary};
use crate::text::regex;

/// Options for [`parse_resume_with`].
#[derive(Debug, Clone)]
pub struct ParseOptions {
    /// The month "Present" means. Fix it for reproducible results.
    pub as_of: YearMonth,
    /// The deployment's country, for phone numbers written in national format when neither the
    /// number nor a place on the resume shows the country. `None` leaves such numbers as
    /// written: a guessed country code dials a stranger.
    pub default_region: Option<Region>,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            as_of: YearMonth::now_utc(),
            default_region: None,
        }
    }
}

/// What kind of profile link.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum LinkKind {
    /// linkedin.com
    LinkedIn,
    /// github.com
    GitHub,
    /// Any other web address.
    Website,
}

/// A web link found in a resume.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Link {
    /// LinkedIn, GitHub or other.
    pub kind: LinkKind,
    /// The address, with `https://` added when it was written without a scheme.
    pub url: String,
}

/// A skill found in a resume, with where it was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FoundSkill {
    /// Canonical name from the dictionary.
    pub name: String,
    /// How many times it is mentioned.
    pub mentions: u32,
    /// Mentions in work experience or projects, as opposed to a skills list or summary.
    pub experience_mentions: u32,
    #[serde(skip)]
    pub(crate) id: SkillId,
}

/// A parsed resume.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Resume {
    /// Candidate's name, if one could be found.
    pub name: Option<String>,
    /// How likely the name is right (0-1); below [`CHECK_NAME_BELOW`] a person should check it.
    pub name_confidence: Option<f32>,
    /// First e-mail address, lower-cased.
    pub email: Option<String>,
    /// Phone in E.164 when the digits allow it, else as written.
    pub phone: Option<String>,
    /// LinkedIn, GitHub and other web links.
    pub links: Vec<Link>,
    /// Sections in document order, starting with the header.
    pub sections: Vec<Section>,
    /// Work periods (from the experience section when there is one; never from education).
    pub periods: Vec<Period>,
    /// Months of experience with overlapping periods merged; falls back to a stated
    /// "N years of experience" when no dated period is found.
    pub total_experience_months: u32,
    /// Skills found, in order of first mention.
    pub skills: Vec<FoundSkill>,
    /// The normalised text that was parsed.
    #[serde(skip)]
    pub text: String,
    /// Lower-case token counts, for text relevance.
    #[serde(skip)]
    pub(crate) term_counts: HashMap<String, u32>,
    /// Number of tokens.
    #[serde(skip)]
    pub(crate) token_count: u32,
    /// Tokens of the header, summary and experience: where a role title shows.
    #[serde(skip)]
    pub(crate) role_terms: HashSet<String>,
}

impl Resume {
    /// Total experience in years (one decimal is meaningful).
    pub fn experience_years(&self) -> f32 {
        self.total_experience_months as f32 / 12.0
    }

    /// Text of all sections of one kind, joined.
    pub fn section_text(&self, kind: SectionKind) -> String {
        let mut out = String::new();
        for s in self.sections.iter().filter(|s| s.kind == kind) {
            out.push_str(&s.text);
            out.push('\n');
        }
        out
    }
}

/// Parses normalised resume text (see [`crate::extract()`]) with today's month as "Present".
pub fn parse_resume(text: &str) -> Resume {
    parse_resume_with(text, &ParseOptions::default())
}

/// Parses normalised resume text with explicit options. Pure and deterministic.
pub fn parse_resume_with(text: &str, options: &ParseOptions) -> Resume {
    parse(text, &[], options)
}

/// Parses an extracted document, using its layout (the largest text near the top) for the name.
pub fn parse_document(document: &crate::Document, options: &ParseOptions) -> Resume {
    parse(&document.text, &document.prominent, options)
}

fn parse(text: &str, prominent: &[String], options: &ParseOptions) -> Resume {
    let sections = sections::split(text);
    let email = find_email(text);
    let phone = phone::resume_phone(text, options.default_region);
    let name = name::find(&sections, email.as_deref(), prominent);
    let links = find_links(text);

    let has_experience = sections.iter().any(|s| s.kind == SectionKind::Experience);
    let mut periods = Vec::new();
    let present = present_for(text, options.as_of);
    for s in &sections {
        let counts = match s.kind {
            SectionKind::Experience => true,
            SectionKind::Education | SectionKind::Certifications | SectionKind::Projects => false,
            _ => !has_experience,
        };
        if counts {
            periods.extend(find_work_periods(&s.text, present));
        }
    }
    let mut total = merged_months(&periods);
    if periods.is_empty() {
        total = stated_experience_months(text).unwrap_or(0);
    }

    let skills = find_skills(&sections);
    let mut term_counts: HashMap<String, u32> = HashMap::new();
    let mut token_count = 0u32;
    for t in crate::text::tokens(text) {
        token_count += 1;
        *term_counts.entry(t).or_insert(0) += 1;
    }
    let role_terms = sections
        .iter()
        .filter(|s| {
            matches!(
                s.kind,
                SectionKind::Header | SectionKind::Summary | SectionKind::Experience
            )
        })
        .flat_map(|s| crate::text::tokens(&s.text).collect::<Vec<_>>())
        .collect();
    Resume {
        name_confidence: name.as_ref().map(|n| n.confidence),
        name: name.map(|n| n.name),
        email,
        phone,
        links,
        sections,
        periods,
        total_experience_months: total,
        skills,
        text: text.to_string(),
        term_counts,
        token_count,
        role_terms,
    }
}

fn find_email(text: &str) -> Option<String> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = regex(
        &RE,
        // The top-level domain is in one case: "gmail.comB" is "gmail.com" and an icon letter.
        r"[A-Za-z0-9][A-Za-z0-9._%+\-]*@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.(?:[a-z]{2,}|[A-Z]{2,})",
    );
    re.find(text).map(|m| m.as_str().to_lowercase())
}

fn find_links(text: &str) -> Vec<Link> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = regex(
        &RE,
        r"(?i)\b(?:https?://)?(?:www\.)?(?:[a-z0-9\-]+\.)+(?:com|in|io|dev|me|org|net|co|app|page|site)(?:/[^\s|,;()<>]*)?",
    );
    let mut out: Vec<Link> = Vec::new();
    for m in re.find_iter(text) {
        let raw = m.as_str().trim_end_matches(['.', '/']);
        // Part of an e-mail address, not a link.
        if text[..m.start()].ends_with('@')
            || !raw.contains('/') && !raw.starts_with("www.") && !raw.contains("://")
        {
            continue;
        }
        let lower = raw.to_ascii_lowercase();
        let kind = if lower.contains("linkedin.com") {
            LinkKind::LinkedIn
        } else if lower.contains("github.com") {
            LinkKind::GitHub
        } else {
            LinkKind::Website
        };
        let url = if lower.starts_with("http") {
            raw.to_string()
        } else {
            format!("https://{raw}")
        };
        if !out.iter().any(|l| l.url.eq_ignore_ascii_case(&url)) {
            out.push(Link { kind, url });
        }
    }
    out
}

/// "7 years of experience", "5+ yrs experience" in a summary, or work stated with its length
/// ("worked as a sales manager for 10 years", "working here from the last 5 years"): the
/// longest such statement, as overlaps between undated statements cannot be known.
fn stated_experience_months(text: &str) -> Option<u32> {
    static SUMMARY: OnceLock<Regex> = OnceLock::new();
    static WORKED: OnceLock<Regex> = OnceLock::new();
    let summary = regex(
        &SUMMARY,
        r"(?i)\b(\d{1,2}(?:\.\d)?)\s*\+?\s*(years?|yrs?)\b[^.\n]{0,30}?\bexperience",
    );
    let worked = regex(
        &WORKED,
        r"(?i)\b(?:worked|working|served|serving)\b[^.\n]{0,80}?\b(?:for|since|from)\s+(?:the\s+)?(?:last|past\s+)?\s*(\d{1,2}(?:\.\d)?)\s*\+?\s*(years?|yrs?|months?)\b",
    );
    summary
        .captures_iter(text)
        .chain(worked.captures_iter(text))
        .filter_map(|c| {
            let n: f32 = c.get(1)?.as_str().parse().ok()?;
            let months = if c.get(2)?.as_str().to_ascii_lowercase().starts_with('m') {
                n
            } else {
                n * 12.0
            };
            (months > 0.0 && months < 600.0).then(|| months.round() as u32)
        })
        .max()
}

pub(crate) fn find_skills(sections: &[Section]) -> Vec<FoundSkill> {
    let dict = dictionary();
    let mut found: Vec<FoundSkill> = Vec::new();
    let mut index: HashMap<SkillId, usize> = HashMap::new();
    for s in sections {
        let evidence = matches!(s.kind, SectionKind::Experience | SectionKind::Projects);
        for m in dict.find(&s.text) {
            let i = *index.entry(m.skill).or_insert_with(|| {
                found.push(FoundSkill {
                    name: dict.name(m.skill).to_string(),
                    mentions: 0,
                    experience_mentions: 0,
                    id: m.skill,
                });
                found.len() - 1
            });
            if let Some(f) = found.get_mut(i) {
                f.mentions += 1;
                f.experience_mentions += u32::from(evidence);
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts() -> ParseOptions {
        ParseOptions {
            as_of: YearMonth {
                year: 2025,
                month: 6,
            },
            default_region: Region::new("IN"),
        }
    }

    #[test]
    fn contacts_from_a_simple_header() {
        let r = parse_resume_with(
            "PRIYA SHARMA\nSenior Engineer\npriya.sharma@Example.com | +91 98765 43210\nlinkedin.com/in/priya",
            &opts(),
        );
        assert_eq!(r.name.as_deref(), Some("Priya Sharma"));
        assert_eq!(r.email.as_deref(), Some("priya.sharma@example.com"));
        assert_eq!(r.phone.as_deref(), Some("+919876543210"));
        assert_eq!(r.links[0].kind, LinkKind::LinkedIn);
        assert_eq!(r.links[0].url, "https://linkedin.com/in/priya");
    }

    #[test]
    fn labelled_name_and_cyrillic() {
        let r = parse_resume_with(
            "CURRICULUM VITAE\nName: Ольга Смирнова\nE-mail: o@x.ru",
            &opts(),
        );
        assert_eq!(r.name.as_deref(), Some("Ольга Смирнова"));
    }

    #[test]
    fn education_dates_do_not_count_as_experience() {
        let text = "Jane Roe\nEXPERIENCE\nAcme, Jan 2020 - Dec 2021\nBeta, Jun 2021 - Present\nEDUCATION\nBSc, 2015 - 2019";
        let r = parse_resume_with(text, &opts());
        assert_eq!(r.periods.len(), 2);
        assert_eq!(r.total_experience_months, 66);
    }

    #[test]
    fn undated_work_with_its_length_stated_counts_the_longest_statement() {
        let text = "Jane Roe\nEXPERIENCE\nWorked as an ASM at a car dealership for 10 years\n\
                    Currently working as sales manager from last 5 years";
        let r = parse_resume_with(text, &opts());
        assert_eq!(r.total_experience_months, 120);
        let summary = parse_resume_with(
            "Jane Roe\nSUMMARY\nAnalyst with 3+ years of experience",
            &opts(),
        );
        assert_eq!(summary.total_experience_months, 36);
        let studied = parse_resume_with("Jane Roe\nEDUCATION\nStudied law for 3 years", &opts());
        assert_eq!(studied.total_experience_months, 0);
    }

    #[test]
    fn skills_know_where_they_were_seen() {
        let text = "Jane Roe\nEXPERIENCE\nBuilt Kafka pipelines\nSKILLS\nKafka, Python";
        let r = parse_resume_with(text, &opts());
        let kafka = r
            .skills
            .iter()
            .find(|s| s.name == "Kafka")
            .map(|s| (s.mentions, s.experience_mentions));
        let python = r
            .skills
            .iter()
            .find(|s| s.name == "Python")
            .map(|s| s.experience_mentions);
        assert_eq!(kafka, Some((2, 1)));
        assert_eq!(python, Some(0));
    }
}
