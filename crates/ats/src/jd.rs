//! Job descriptions: key skills, required vs preferred cues and the experience asked for.

use std::sync::OnceLock;

use regex::Regex;
use serde::Serialize;

use crate::skills::{SkillId, dictionary};
use crate::text::regex;

/// How a JD skill is recognised in a resume.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Matcher {
    /// A dictionary skill: every alias counts ("k8s" for Kubernetes).
    Known(SkillId),
    /// Not in the dictionary: the JD's own wording, matched as a whole term.
    Literal(String),
}

/// A skill the job asks for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct JdSkill {
    /// Display name: the dictionary's canonical name, else the JD's wording.
    pub name: String,
    #[serde(skip)]
    pub(crate) matcher: Matcher,
}

/// Years of experience asked for.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct ExperienceRequirement {
    /// Minimum years, if stated or implied by the title ("Senior").
    pub min_years: Option<f32>,
    /// Maximum years, for ranges such as "3-5 years".
    pub max_years: Option<f32>,
}

/// A job description prepared for scoring. Build it once per JD and reuse it for every resume.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JobSpec {
    /// The JD's name (`jdname`).
    pub title: String,
    /// The description as plain text (HTML tags stripped).
    pub description: String,
    /// Key skills plus skills the description marks as required.
    pub required: Vec<JdSkill>,
    /// Skills the description marks as preferred ("nice to have", "bonus", "plus").
    pub preferred: Vec<JdSkill>,
    /// Experience asked for.
    pub experience: ExperienceRequirement,
    /// Weighted query terms for text relevance: (term, weight).
    #[serde(skip)]
    pub(crate) terms: Vec<(String, f32)>,
    /// Content words of the title ("data", "engineer"), for role match.
    #[serde(skip)]
    pub(crate) role_words: Vec<String>,
    /// The occupation the JD is for, in the taxonomy of `data/taxonomy.tsv`, if recognised.
    #[serde(skip)]
    pub(crate) occupation: Option<usize>,
}

impl JobSpec {
    /// Prepares a JD from the spec's fields: `jdname`, `jddescription` (HTML from the rich-text
    /// editor), `keySkills` (comma-separated), `experience` and `additionalNotes`.
    pub fn new(
        jdname: &str,
        jddescription_html: &str,
        key_skills: &str,
        experience: &str,
        additional_notes: &str,
    ) -> JobSpec {
        let title = crate::extract::normalize(jdname);
        let description = crate::extract::normalize(&strip_html(jddescription_html));
        let dict = dictionary();

        let mut required: Vec<JdSkill> = Vec::new();
        for raw in key_skills.split([',', ';', '\n', '|', '•']) {
            let term = raw.trim().trim_matches(['.', '-', '*']).trim();
            if term.is_empty() || term.len() > 60 {
                continue;
            }
            for skill in skills_for(term) {
                push_unique(&mut required, skill);
            }
        }

        // Skills the description names: required under "must"/"required" cues or when the JD
        // gave no key skills, preferred under "nice to have"/"bonus" cues, and otherwise
        // preferred too (mentioned, not demanded).
        let mut preferred: Vec<JdSkill> = Vec::new();
        let mut mode = Cue::Neutral;
        for line in description.lines() {
            let cue = cue_of(line);
            let is_heading = line.split_whitespace().count() <= 5 && !line.contains(',');
            if is_heading && cue != Cue::Neutral {
                mode = cue;
            } else if is_heading && line.ends_with(':') {
                mode = Cue::Neutral;
            }
            let effective = if cue != Cue::Neutral { cue } else { mode };
            for m in dict.find(line) {
                if !dict.is_curated(m.skill) {
                    continue;
                }
                let skill = JdSkill {
                    name: dict.name(m.skill).to_string(),
                    matcher: Matcher::Known(m.skill),
                };
                if contains(&required, &skill) || contains(&preferred, &skill) {
                    continue;
                }
                match effective {
                    Cue::Required => required.push(skill),
                    _ => preferred.push(skill),
                }
            }
        }

        let experience = parse_experience(experience)
            .or_else(|| parse_experience(&description))
            .or_else(|| parse_experience(additional_notes))
            .unwrap_or_else(|| seniority_default(&title));

        let mut terms: Vec<(String, f32)> = Vec::new();
        let mut add = |text: &str, weight: f32| {
            for t in
                crate::text::tokens(text).filter(|t| !crate::text::is_stopword(t) && t.len() > 1)
            {
                match terms.iter_mut().find(|(x, _)| *x == t) {
                    Some((_, w)) => *w = w.max(weight),
                    None => terms.push((t, weight)),
                }
            }
        };
        add(&title, 3.0);
        add(key_skills, 2.0);
        add(&description, 1.0);
        let role_words = crate::text::tokens(&title)
            .filter(|t| {
                !crate::text::is_stopword(t) && !SENIORITY.contains(&t.as_str()) && t.len() > 1
            })
            .collect();

        let taxonomy = crate::score::taxonomy();
        let occupation = taxonomy.occupation_of(
            &taxonomy.find(&title),
            &taxonomy.find(&format!("{key_skills}\n{description}")),
        );
        JobSpec {
            occupation,
            title,
            description,
            required,
            preferred,
            experience,
            terms,
            role_words,
        }
    }
}

const SENIORITY: &[&str] = &[
    "senior",
    "sr",
    "junior",
    "jr",
    "lead",
    "principal",
    "staff",
    "intern",
    "trainee",
    "head",
    "associate",
    "ii",
    "iii",
];

/// The skills one key-skill entry names: "k8s" is Kubernetes, "Strong Kubernetes" too,
/// "Java/Spring Boot" is two skills, and "Payments domain" stays as written.
fn skills_for(term: &str) -> Vec<JdSkill> {
    let dict = dictionary();
    let term = strip_qualifiers(term);
    if let Some(id) = dict.lookup(term) {
        return vec![JdSkill {
            name: dict.name(id).to_string(),
            matcher: Matcher::Known(id),
        }];
    }
    let found = dict.find(term);
    let covered: usize = found.iter().map(|m| m.end - m.start).sum();
    let letters = term.chars().filter(|c| c.is_alphanumeric()).count();
    // Accept the dictionary's reading only when it explains most of the entry; otherwise the
    // entry is a skill of its own that the dictionary does not know.
    if !found.is_empty() && covered * 3 >= letters * 2 {
        return found
            .iter()
            .map(|m| JdSkill {
                name: dict.name(m.skill).to_string(),
                matcher: Matcher::Known(m.skill),
            })
            .collect();
    }
    if let [only] = found.as_slice()
        && (only.end - only.start) * 2 >= letters
    {
        return vec![JdSkill {
            name: dict.name(only.skill).to_string(),
            matcher: Matcher::Known(only.skill),
        }];
    }
    vec![JdSkill {
        name: term.to_string(),
        matcher: Matcher::Literal(term.to_string()),
    }]
}

/// "Strong knowledge of Kafka" → "Kafka": words that qualify a skill without naming it.
fn strip_qualifiers(term: &str) -> &str {
    const QUALIFIERS: &[&str] = &[
        "strong",
        "solid",
        "good",
        "excellent",
        "deep",
        "basic",
        "advanced",
        "proven",
        "hands-on",
        "working",
        "practical",
        "knowledge",
        "understanding",
        "experience",
        "expertise",
        "proficiency",
        "familiarity",
        "of",
        "in",
        "with",
    ];
    let mut rest = term.trim();
    while let Some((first, tail)) = rest.split_once(' ') {
        if !QUALIFIERS.contains(&first.to_lowercase().as_str()) {
            break;
        }
        rest = tail.trim_start();
    }
    rest
}

fn contains(list: &[JdSkill], skill: &JdSkill) -> bool {
    list.iter()
        .any(|s| s.matcher == skill.matcher || s.name.eq_ignore_ascii_case(&skill.name))
}

fn push_unique(list: &mut Vec<JdSkill>, skill: JdSkill) {
    if !contains(list, &skill) {
        list.push(skill);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cue {
    Required,
    Preferred,
    Neutral,
}

fn cue_of(line: &str) -> Cue {
    let l = line.to_lowercase();
    const PREFERRED: &[&str] = &[
        "nice to have",
        "nice-to-have",
        "good to have",
        "preferred",
        "bonus",
        "a plus",
        "is a plus",
        "desirable",
        "optional",
        "advantage",
        "would be great",
        "familiarity",
    ];
    const REQUIRED: &[&str] = &[
        "must",
        "required",
        "requirement",
        "mandatory",
        "essential",
        "need to have",
        "should have",
        "strong",
        "proficien",
        "expert",
        "hands-on",
        "solid",
    ];
    if PREFERRED.iter().any(|k| l.contains(k)) {
        Cue::Preferred
    } else if REQUIRED.iter().any(|k| l.contains(k)) {
        Cue::Required
    } else {
        Cue::Neutral
    }
}

/// Experience asked for: "3-5 years", "5+ years", "minimum 2 years", "at least 4 yrs", "fresher".
pub fn parse_experience(text: &str) -> Option<ExperienceRequirement> {
    static RANGE: OnceLock<Regex> = OnceLock::new();
    static PLUS: OnceLock<Regex> = OnceLock::new();
    static MIN: OnceLock<Regex> = OnceLock::new();
    static PLAIN: OnceLock<Regex> = OnceLock::new();
    let num = r"(\d{1,2}(?:\.\d)?)";
    let years = r"\s*\+?\s*(?:years?|yrs?)\b";
    let range = regex(&RANGE, &format!(r"(?i){num}\s*(?:-|–|—|to)\s*{num}{years}"));
    let plus = regex(&PLUS, &format!(r"(?i){num}\s*\+\s*(?:years?|yrs?)\b"));
    let min = regex(
        &MIN,
        &format!(
            r"(?i)\b(?:minimum|min\.?|at\s+least|atleast|over|more\s+than)\s*(?:of\s+)?{num}{years}"
        ),
    );
    let plain = regex(&PLAIN, &format!(r"(?i){num}{years}"));
    let parse = |s: Option<regex::Match>| s.and_then(|m| m.as_str().parse::<f32>().ok());

    if let Some(c) = range.captures(text) {
        let (lo, hi) = (parse(c.get(1)), parse(c.get(2)));
        if let (Some(lo), Some(hi)) = (lo, hi)
            && lo <= hi
        {
            return Some(ExperienceRequirement {
                min_years: Some(lo),
                max_years: Some(hi),
            });
        }
    }
    for re in [plus, min, plain] {
        if let Some(v) = re.captures(text).and_then(|c| parse(c.get(1))) {
            return Some(ExperienceRequirement {
                min_years: Some(v),
                max_years: None,
            });
        }
    }
    let lower = text.to_lowercase();
    if ["fresher", "entry level", "entry-level", "no experience"]
        .iter()
        .any(|k| lower.contains(k))
    {
        return Some(ExperienceRequirement {
            min_years: Some(0.0),
            max_years: None,
        });
    }
    None
}

fn seniority_default(title: &str) -> ExperienceRequirement {
    let words: Vec<String> = crate::text::tokens(title).collect();
    let has = |w: &str| words.iter().any(|x| x == w);
    let min = if has("principal") || has("staff") || has("head") {
        Some(8.0)
    } else if has("lead") {
        Some(6.0)
    } else if has("senior") || has("sr") {
        Some(5.0)
    } else if has("junior") || has("jr") || has("intern") || has("trainee") {
        Some(0.0)
    } else {
        None
    };
    ExperienceRequirement {
        min_years: min,
        max_years: None,
    }
}

/// Plain text from the rich-text editor's HTML: block tags become line breaks, other tags go,
/// the common entities are decoded. Deliberately simple: the editor's output is simple.
pub fn strip_html(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&decode_entities(&rest[..lt]));
        let after = &rest[lt..];
        let Some(gt) = after.find('>') else {
            out.push_str(&decode_entities(after));
            rest = "";
            break;
        };
        let tag = after[1..gt].trim_start_matches('/').to_ascii_lowercase();
        let name: String = tag
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect();
        if matches!(
            name.as_str(),
            "p" | "br"
                | "div"
                | "li"
                | "ul"
                | "ol"
                | "h1"
                | "h2"
                | "h3"
                | "h4"
                | "h5"
                | "h6"
                | "tr"
                | "table"
                | "blockquote"
                | "pre"
        ) {
            out.push('\n');
        } else {
            out.push(' ');
        }
        rest = &after[gt + 1..];
    }
    out.push_str(&decode_entities(rest));
    out
}

fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    s.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(skills: &[JdSkill]) -> Vec<&str> {
        skills.iter().map(|s| s.name.as_str()).collect()
    }

    #[test]
    fn key_skills_are_canonicalised_and_unknown_ones_kept() {
        let jd = JobSpec::new(
            "Backend Engineer",
            "",
            "golang, Postgres, k8s, Payments domain, Java/Spring Boot, Strong knowledge of Kafka",
            "",
            "",
        );
        assert_eq!(
            names(&jd.required),
            [
                "Go",
                "PostgreSQL",
                "Kubernetes",
                "Payments domain",
                "Java",
                "Spring Boot",
                "Kafka"
            ]
        );
    }

    #[test]
    fn description_cues_split_required_and_preferred() {
        let html = "<p>Must have: <b>Kafka</b></p><h3>Nice to have</h3><ul><li>Redis</li><li>gRPC</li></ul>";
        let jd = JobSpec::new("Engineer", html, "Go", "", "");
        assert_eq!(names(&jd.required), ["Go", "Kafka"]);
        assert_eq!(names(&jd.preferred), ["Redis", "gRPC"]);
    }

    #[test]
    fn experience_requirements() {
        let e = |s: &str| parse_experience(s).map(|e| (e.min_years, e.max_years));
        assert_eq!(e("3-5 years"), Some((Some(3.0), Some(5.0))));
        assert_eq!(e("5+ years of Go"), Some((Some(5.0), None)));
        assert_eq!(e("Minimum 2 years"), Some((Some(2.0), None)));
        assert_eq!(e("2 to 4 yrs"), Some((Some(2.0), Some(4.0))));
        assert_eq!(e("Freshers welcome"), Some((Some(0.0), None)));
        assert_eq!(e("great attitude"), None);
        let jd = JobSpec::new("Senior Designer", "", "Figma", "", "");
        assert_eq!(jd.experience.min_years, Some(5.0));
    }

    #[test]
    fn html_is_stripped() {
        let text = crate::extract::normalize(&strip_html("<p>A &amp; B</p><ul><li>C</li></ul>"));
        assert_eq!(text, "A & B\n\nC");
    }
}
