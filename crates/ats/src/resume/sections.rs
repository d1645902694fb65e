//! Resume sections found by a heading lexicon.

use serde::Serialize;

/// What a resume section is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum SectionKind {
    /// Text before the first heading: name and contacts, usually.
    Header,
    /// Summary, profile, objective.
    Summary,
    /// Work experience, employment history, internships.
    Experience,
    /// Education and qualifications.
    Education,
    /// Skills, competencies, technologies.
    Skills,
    /// Projects.
    Projects,
    /// Certifications, licences, courses.
    Certifications,
    /// Any other recognised heading (languages, interests, awards, references…).
    Other,
}

/// A section of a resume: its heading as written and its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Section {
    /// What the section is.
    pub kind: SectionKind,
    /// The heading as written (empty for the header).
    pub heading: String,
    /// The section's text without the heading.
    pub text: String,
}

const LEXICON: &[(&str, SectionKind)] = &[
    ("summary", SectionKind::Summary),
    ("professional summary", SectionKind::Summary),
    ("career summary", SectionKind::Summary),
    ("executive summary", SectionKind::Summary),
    ("profile", SectionKind::Summary),
    ("professional profile", SectionKind::Summary),
    ("profile summary", SectionKind::Summary),
    ("about me", SectionKind::Summary),
    ("about", SectionKind::Summary),
    ("objective", SectionKind::Summary),
    ("career objective", SectionKind::Summary),
    ("overview", SectionKind::Summary),
    ("experience", SectionKind::Experience),
    ("work experience", SectionKind::Experience),
    ("professional experience", SectionKind::Experience),
    ("relevant experience", SectionKind::Experience),
    ("employment", SectionKind::Experience),
    ("employment history", SectionKind::Experience),
    ("work history", SectionKind::Experience),
    ("career history", SectionKind::Experience),
    ("experience summary", SectionKind::Experience),
    ("experience details", SectionKind::Experience),
    ("company details", SectionKind::Experience),
    ("employment details", SectionKind::Experience),
    ("internships", SectionKind::Experience),
    ("internship", SectionKind::Experience),
    ("internship experience", SectionKind::Experience),
    ("education", SectionKind::Education),
    ("academic background", SectionKind::Education),
    ("academics", SectionKind::Education),
    ("qualifications", SectionKind::Education),
    ("educational qualifications", SectionKind::Education),
    ("academic qualifications", SectionKind::Education),
    ("education and training", SectionKind::Education),
    ("education details", SectionKind::Education),
    ("educational details", SectionKind::Education),
    ("skills", SectionKind::Skills),
    ("skill details", SectionKind::Skills),
    ("technical skills", SectionKind::Skills),
    ("key skills", SectionKind::Skills),
    ("core skills", SectionKind::Skills),
    ("core competencies", SectionKind::Skills),
    ("competencies", SectionKind::Skills),
    ("skill set", SectionKind::Skills),
    ("skillset", SectionKind::Skills),
    ("skills and tools", SectionKind::Skills),
    ("skills & tools", SectionKind::Skills),
    ("skills & abilities", SectionKind::Skills),
    ("tools", SectionKind::Skills),
    ("technologies", SectionKind::Skills),
    ("tech stack", SectionKind::Skills),
    ("technical expertise", SectionKind::Skills),
    ("areas of expertise", SectionKind::Skills),
    ("expertise", SectionKind::Skills),
    ("projects", SectionKind::Projects),
    ("personal projects", SectionKind::Projects),
    ("academic projects", SectionKind::Projects),
    ("key projects", SectionKind::Projects),
    ("side projects", SectionKind::Projects),
    ("selected projects", SectionKind::Projects),
    ("project experience", SectionKind::Projects),
    ("certifications", SectionKind::Certifications),
    ("certification", SectionKind::Certifications),
    ("certificates", SectionKind::Certifications),
    ("licenses & certifications", SectionKind::Certifications),
    ("licenses and certifications", SectionKind::Certifications),
    ("certifications & training", SectionKind::Certifications),
    ("courses", SectionKind::Certifications),
    ("training", SectionKind::Certifications),
    ("contact", SectionKind::Other),
    ("contact information", SectionKind::Other),
    ("contact details", SectionKind::Other),
    ("personal details", SectionKind::Other),
    ("personal information", SectionKind::Other),
    ("languages", SectionKind::Other),
    ("interests", SectionKind::Other),
    ("hobbies", SectionKind::Other),
    ("awards", SectionKind::Other),
    ("achievements", SectionKind::Other),
    ("awards & achievements", SectionKind::Other),
    ("publications", SectionKind::Other),
    ("references", SectionKind::Other),
    ("declaration", SectionKind::Other),
    ("volunteering", SectionKind::Other),
];

/// The section a heading line names, with any text after an inline colon
/// ("Skills: Python, SQL").
pub(crate) fn heading(line: &str) -> Option<(SectionKind, &str)> {
    let line = line.trim().trim_start_matches(['-', '#', '*', ' ']);
    if line.is_empty() || line.len() > 48 {
        return None;
    }
    let (head, rest) = match line.split_once(':') {
        Some((h, r)) => (h, r.trim()),
        None => (line, ""),
    };
    let key = head.trim().trim_end_matches(['.', ' ']).to_lowercase();
    let kind = LEXICON
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, kind)| *kind)?;
    // "Experience: 5 years" is a sentence, not a heading; keep inline text for lists only.
    if !rest.is_empty() && kind == SectionKind::Experience {
        return None;
    }
    Some((kind, rest))
}

/// Splits a resume into sections. The text before the first heading is the header.
pub(crate) fn split(text: &str) -> Vec<Section> {
    let mut sections = vec![Section {
        kind: SectionKind::Header,
        heading: String::new(),
        text: String::new(),
    }];
    for line in text.lines() {
        if let Some((kind, rest)) = heading(line) {
            sections.push(Section {
                kind,
                heading: line.trim().to_string(),
                text: rest.to_string(),
            });
            continue;
        }
        if let Some(current) = sections.last_mut() {
            if !current.text.is_empty() {
                current.text.push('\n');
            }
            current.text.push_str(line);
        }
    }
    sections
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_split_sections() {
        let s = split(
            "Jane Doe\nSUMMARY\nBuilder.\nWork Experience\nAcme, 2020 - 2021\nSkills: Python, SQL\nEducation:\nBSc",
        );
        let kinds: Vec<SectionKind> = s.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            [
                SectionKind::Header,
                SectionKind::Summary,
                SectionKind::Experience,
                SectionKind::Skills,
                SectionKind::Education
            ]
        );
        assert_eq!(s[3].text, "Python, SQL");
    }

    #[test]
    fn sentences_are_not_headings() {
        assert!(heading("Experience: 5 years in sales").is_none());
        assert!(heading("Skills that pay the bills and more besides, honestly").is_none());
    }
}
