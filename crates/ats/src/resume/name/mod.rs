//! The candidate's name, and how sure we are of it.
//!
//! Sources, best first: a "Name:" label (in several languages); the largest text near the top
//! of the first page (the extractor's [`crate::Document::prominent`] lines, in either column,
//! also a name set over two of them); a line the e-mail address spells word for word; the first
//! name-like line near the top of the text (also one word per line, or a short Chinese or
//! Korean name). Agreement with the e-mail address's local part raises confidence; the local
//! part alone is a last resort the UI asks the recruiter to check.

mod caseless;

use std::sync::OnceLock;

use unicode_normalization::UnicodeNormalization;

use super::{Section, SectionKind};
use crate::text::{regex, title_case};
use caseless::{caseless_name, cjk_name};

/// Below this confidence the recruiter is asked to check the name.
pub const CHECK_NAME_BELOW: f32 = 0.8;

/// A name and how likely it is to be right (0-1).
pub(crate) struct FoundName {
    pub name: String,
    pub confidence: f32,
}

/// Words that show a line is a title, a heading, a degree, a certification, a skill or an
/// address rather than a person's name.
const NOT_NAME_WORDS: &[&str] = &[
    "resume",
    "résumé",
    "curriculum",
    "lebenslauf",
    "bewerbung",
    "резюме",
    "βιογραφικό",
    "σημείωμα",
    "currículo",
    "vitae",
    "cv",
    "profile",
    "contact",
    "engineer",
    "engineering",
    "developer",
    "manager",
    "management",
    "designer",
    "design",
    "analyst",
    "analysis",
    "analytics",
    "scientist",
    "consultant",
    "accountant",
    "intern",
    "course",
    "programming",
    "architect",
    "lead",
    "senior",
    "junior",
    "officer",
    "executive",
    "specialist",
    "administrator",
    "tester",
    "associate",
    "coordinator",
    "director",
    "head",
    "trainee",
    "student",
    "graduate",
    "nurse",
    "nursing",
    "registered",
    "certified",
    "chartered",
    "licensed",
    "general",
    "international",
    "communications",
    "university",
    "college",
    "institute",
    "school",
    "licence",
    "license",
    "fluent",
    "native",
    "english",
    "german",
    "french",
    "email",
    "e-mail",
    "phone",
    "mobile",
    "address",
    "linkedin",
    "github",
    "summary",
    "experience",
    "skills",
    "education",
    "certifications",
    "languages",
    "india",
    "street",
    "road",
    "nagar",
    "city",
    "present",
    "software",
    "data",
    "backend",
    "frontend",
    // Degrees and certifications, as written without their dots.
    "ba",
    "bs",
    "bsc",
    "ma",
    "ms",
    "msc",
    "mba",
    "phd",
    "llb",
    "llm",
    "bfa",
    "beng",
    "meng",
    "btech",
    "mtech",
    "pharmd",
    "pmp",
    "cpa",
    "cima",
    "acca",
    "cka",
    // Skills that read like capitalised words.
    "sap",
    "mm",
    "aws",
    "sql",
    "seo",
    "crm",
];

/// Words that stay lower-case inside a name: "Pieter van der Berg", "Ana Luísa dos Santos".
const PARTICLES: &[&str] = &[
    "van", "der", "den", "de", "la", "le", "du", "da", "das", "do", "dos", "di", "del", "della",
    "von", "zu", "ten", "ter", "bin", "binti", "al", "el", "y", "e",
];

/// Finds the name, from the sections of the text and the document's prominent lines.
pub(crate) fn find(
    sections: &[Section],
    email: Option<&str>,
    prominent: &[String],
) -> Option<FoundName> {
    let found = |name: String, confidence: f32| {
        // An address that spells the name confirms it; one that does not says nothing.
        let confidence = if email.is_some_and(|e| agrees_with_email(&name, e)) {
            (confidence + 0.1).min(1.0)
        } else {
            confidence
        };
        Some(FoundName { name, confidence })
    };
    static LABEL: OnceLock<regex::Regex> = OnceLock::new();
    let label = regex(
        &LABEL,
        r"(?im)^\s*(?:\(\w\)\s*)?(?:full\s+)?(?:name|имя|фио|姓名|이름|όνομα|ον/μο|الاسم|nom|nombre|nome)\s*[:：\-]\s*(.+?)\s*$",
    );
    for s in sections {
        for text in [s.heading.as_str(), s.text.as_str()] {
            if let Some(name) = label
                .captures(text)
                .and_then(|c| c.get(1))
                .and_then(|c| name_in(c.as_str()).or_else(|| caseless_name(c.as_str())))
            {
                return found(name, 0.95);
            }
        }
    }
    if let Some(name) = prominent
        .iter()
        .find_map(|line| name_in(line).or_else(|| cjk_name(line)))
    {
        return found(name, 0.9);
    }
    // "ANDREY" … "SOLODOV": a large name set on two lines, with the contacts between them in
    // reading order.
    if let Some(name) = prominent.windows(2).find_map(|w| split_name(&w[0], &w[1])) {
        return found(name, 0.85);
    }
    // A line the address spells word for word ("ali nadi" for alinadi.cp@…, a name set in
    // lower case and shown in capitals; "Weiqing Hao" at the foot of a page): the address
    // confirms it wherever it stands, so it goes before guesses from position.
    if let Some(name) = email.and_then(|e| e.split('@').next()).and_then(|local| {
        sections
            .iter()
            .flat_map(|s| s.text.lines())
            .find_map(|line| spelled_by(line, local))
    }) {
        return found(name, 0.8);
    }
    // The first name-like line near the top: the header, else the first lines of any section
    // (a two-column layout read as text can put a "Contact" sidebar before the name, so a name
    // found further down is less certain).
    let mut near_top: Vec<&str> = Vec::new();
    for s in sections {
        near_top.extend(
            s.text
                .lines()
                .take(if s.kind == SectionKind::Header { 8 } else { 3 }),
        );
        if near_top.len() > 20 {
            break;
        }
    }
    let lines: Vec<&str> = near_top
        .into_iter()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    for (position, line) in lines.iter().enumerate() {
        let top = position == 0;
        if let Some(name) = name_in(line) {
            return found(name, if top { 0.85 } else { 0.7 });
        }
        // "ANDREY" / "SOLODOV": a name set one word per line.
        if let Some(name) = lines
            .get(position + 1)
            .and_then(|next| split_name(line, next))
        {
            return found(name, if top { 0.8 } else { 0.65 });
        }
        // "郝伟清", "서준호": a short name in a script without capitals, alone on its line.
        if let Some(name) = cjk_name(line) {
            return found(name, if top { 0.8 } else { 0.65 });
        }
    }
    let local = email?.split('@').next()?;
    // Last resort: "priya.sharma@…" → "Priya Sharma" (diacritics and particles are lost).
    let parts: Vec<&str> = local
        .split(['.', '_', '-'])
        .filter(|p| p.len() > 1 && p.chars().all(|c| c.is_ascii_alphabetic()))
        .collect();
    (parts.len() >= 2).then(|| FoundName {
        name: title_case(&parts.join(" ")),
        confidence: 0.4,
    })
}

/// The name a line holds, if it is one: the part before a separator ("Priya Sharma | Engineer"),
/// capitals made title case with particles kept lower-case.
fn name_in(line: &str) -> Option<String> {
    let segment = line
        .split(['|', ',', '·', '•', '–', '—', '(', '（'])
        .next()
        .unwrap_or_default()
        .trim()
        .trim_end_matches(|c: char| c == '-' || c.is_whitespace());
    // "Chris Oh 206.403.7494", "Jane Roe jane@x.io", "Jane Roe she/her": the name is the words
    // before the first one that holds a digit, an address or a slash.
    let segment = segment
        .split_whitespace()
        .take_while(|w| !w.contains(|c: char| c.is_ascii_digit() || matches!(c, '@' | '/' | ':')))
        .map(capital_i_read_as_l)
        .flat_map(|w| split_lost_space(&w))
        .collect::<Vec<_>>()
        .join(" ");
    let name = if segment.chars().any(char::is_lowercase) {
        segment
    } else {
        from_capitals(&segment)
    };
    looks_like_name(&name).then_some(name)
}

/// OCR reads a capital I as a lower-case l ("Ananya lyer"); no name word starts with a
/// lower-case l except particles ("la", "le").
fn capital_i_read_as_l(word: &str) -> std::borrow::Cow<'_, str> {
    let rest = word.strip_prefix('l').unwrap_or_default();
    if !rest.is_empty() && rest.chars().all(char::is_lowercase) && !PARTICLES.contains(&word) {
        format!("I{rest}").into()
    } else {
        word.into()
    }
}

/// "PIETER VAN DER BERG" → "Pieter van der Berg".
fn from_capitals(s: &str) -> String {
    let words: Vec<String> = s.split(' ').map(title_case).collect();
    let last = words.len().saturating_sub(1);
    words
        .into_iter()
        .enumerate()
        .map(|(i, w)| {
            let lower = w.to_lowercase();
            if i > 0 && i < last && PARTICLES.contains(&lower.as_str()) {
                lower
            } else {
                w
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// "JaneDoe" → "Jane", "Doe": a lower-case letter followed by a capital inside a word shows a
/// lost space, unless the first part is a prefix of one surname ("McDonald", "DeSouza",
/// "MacArthur", "O'Neill").
fn split_lost_space(word: &str) -> Vec<String> {
    let chars: Vec<char> = word.chars().collect();
    let at = (1..chars.len()).find(|&i| chars[i - 1].is_lowercase() && chars[i].is_uppercase());
    match at {
        Some(i) if i >= 3 && chars.len() - i >= 2 => {
            let (left, right): (String, String) =
                (chars[..i].iter().collect(), chars[i..].iter().collect());
            if ["mac", "fitz", "van", "von", "della"].contains(&left.to_lowercase().as_str()) {
                vec![word.to_string()]
            } else {
                vec![left, right]
            }
        }
        _ => vec![word.to_string()],
    }
}

/// The line's name-like words if the e-mail address's local part spells every one of them of
/// two letters or more (initials are allowed), title-cased when written in one case.
fn spelled_by(line: &str, local: &str) -> Option<String> {
    let local: String = local
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    let letters = |w: &&str| w.chars().all(|c| c.is_alphabetic() || c == '.');
    if !(2..=4).contains(&words.len()) || !words.iter().all(letters) {
        return None;
    }
    let spelled: Vec<String> = words
        .iter()
        .map(|w| fold_to_ascii(w))
        .filter(|w| w.len() >= 2)
        .collect();
    let all_spelled = spelled.len() >= 2
        && spelled
            .iter()
            .all(|w| w.len() >= 3 && local.contains(w.as_str()));
    let joined = words.join(" ");
    let mixed = joined.chars().any(char::is_uppercase) && joined.chars().any(char::is_lowercase);
    all_spelled.then(|| {
        if mixed {
            joined
        } else {
            from_capitals(&joined)
        }
    })
}

/// Two lines holding one name word each, in capitals or not, in any cased script.
fn split_name(line: &str, next: &str) -> Option<String> {
    let one_word = |l: &str| {
        let mut words = l.split_whitespace();
        words
            .next()
            .filter(|_| words.next().is_none())
            .map(str::to_string)
    };
    let (first, second) = (one_word(line)?, one_word(next)?);
    name_in(&format!("{first} {second}"))
}

fn looks_like_name(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    // "E B": icon letters, not initials of a name with no name in it.
    let longest = words.iter().map(|w| w.chars().count()).max().unwrap_or(0);
    if !(2..=5).contains(&words.len()) || s.chars().count() > 50 || longest < 2 {
        return false;
    }
    let last = words.len() - 1;
    let capitalised = words
        .iter()
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .count();
    capitalised >= 2
        && words.iter().enumerate().all(|(i, w)| {
            let letters_only = w
                .chars()
                .all(|c| c.is_alphabetic() || matches!(c, '\'' | '’' | '-' | '.'));
            let lower = w.to_lowercase();
            let starts_upper = w.chars().next().is_some_and(char::is_uppercase);
            let particle = i > 0 && i < last && PARTICLES.contains(&lower.as_str());
            let bare: String = lower.chars().filter(|c| *c != '.').collect();
            letters_only
                && (starts_upper || particle)
                && !NOT_NAME_WORDS.contains(&bare.trim_matches(','))
        })
}

/// Whether the e-mail address's local part spells part of the name: its first or last word,
/// folded to ASCII ("lukasz.wisniewski" for "Łukasz Wiśniewski").
fn agrees_with_email(name: &str, email: &str) -> bool {
    let local: String = email
        .split('@')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_alphabetic)
        .collect::<String>()
        .to_ascii_lowercase();
    let words: Vec<String> = name
        .split([' ', '-'])
        .map(fold_to_ascii)
        .filter(|w| w.len() >= 3)
        .collect();
    [words.first(), words.last()]
        .into_iter()
        .flatten()
        .any(|w| local.contains(w.as_str()))
}

/// Lower-case ASCII letters of a word: accents dropped, "ł" → "l", "ø" → "o", "ß" → "ss".
fn fold_to_ascii(word: &str) -> String {
    let mut out = String::new();
    for c in word.nfkd() {
        match c {
            'ł' | 'Ł' => out.push('l'),
            'ø' | 'Ø' => out.push('o'),
            'ß' => out.push_str("ss"),
            'æ' | 'Æ' => out.push_str("ae"),
            'đ' | 'Đ' => out.push('d'),
            c if c.is_ascii_alphabetic() => out.push(c.to_ascii_lowercase()),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn particles_and_capitals_keep_their_spelling() {
        assert_eq!(
            name_in("PIETER VAN DER BERG").as_deref(),
            Some("Pieter van der Berg")
        );
        assert_eq!(
            name_in("Siobhán Ó Briain").as_deref(),
            Some("Siobhán Ó Briain")
        );
        assert_eq!(
            name_in("ŁUKASZ WIŚNIEWSKI | Analyst").as_deref(),
            Some("Łukasz Wiśniewski")
        );
        assert_eq!(
            name_in("Mary-Kate O'Neill").as_deref(),
            Some("Mary-Kate O'Neill")
        );
    }

    #[test]
    fn suffixes_pronouns_contacts_and_lost_spaces_are_cut() {
        for (line, want) in [
            ("Sergei Shorin (27 years old)", "Sergei Shorin"),
            ("Azeem Sarwar (Web Developer)", "Azeem Sarwar"),
            ("Jane Roe she/her", "Jane Roe"),
            ("CHRIS OH 206.403.7494", "Chris Oh"),
            ("Jane Roe jane.roe@example.com", "Jane Roe"),
            ("MaryJones", "Mary Jones"),
            ("Ronald McDonald", "Ronald McDonald"),
        ] {
            assert_eq!(name_in(line).as_deref(), Some(want), "{line}");
        }
    }

    #[test]
    fn names_split_over_lines_and_in_scripts_without_capitals() {
        assert_eq!(
            split_name("ANDREY", "SOLODOV").as_deref(),
            Some("Andrey Solodov")
        );
        assert_eq!(
            split_name("Андрей", "Солодов").as_deref(),
            Some("Андрей Солодов")
        );
        assert_eq!(split_name("ANDREY", "Experience"), None);
        assert_eq!(cjk_name("郝伟清").as_deref(), Some("郝伟清"));
        assert_eq!(cjk_name("서준호").as_deref(), Some("서준호"));
        assert_eq!(cjk_name("教育经历"), None);
        assert_eq!(cjk_name("工作经历"), None);
        assert_eq!(caseless_name("محمد كامل").as_deref(), Some("محمد كامل"));
    }

    #[test]
    fn a_line_the_address_spells_is_the_name() {
        assert_eq!(
            spelled_by("ali nadi", "alinadi.cp").as_deref(),
            Some("Ali Nadi")
        );
        assert_eq!(
            spelled_by("Weiqing Hao", "haoweiqinghaoson").as_deref(),
            Some("Weiqing Hao")
        );
        assert_eq!(
            spelled_by("ADAM NATHANIEL WHITE", "adam.nathaniel.white").as_deref(),
            Some("Adam Nathaniel White")
        );
        assert_eq!(spelled_by("Data Science", "alinadi.cp"), None);
        assert_eq!(spelled_by("ali", "alinadi.cp"), None);
    }

    #[test]
    fn degrees_certifications_and_skills_are_not_names() {
        for line in [
            "NMBI Registered General Nurse",
            "MSc International Management",
            "SAP MM",
            "B.A. Communications",
            "PMP Certified Project Manager",
            "Google Analytics",
            "van der Berg",
        ] {
            assert_eq!(name_in(line), None, "{line}");
        }
    }

    #[test]
    fn the_address_confirms_a_name_it_spells() {
        assert!(agrees_with_email(
            "Łukasz Wiśniewski",
            "lukasz.wisniewski@example.pl"
        ));
        assert!(agrees_with_email("Søren Kjærgaard", "soren.k@example.dk"));
        assert!(!agrees_with_email(
            "Siobhán Ó Briain",
            "nurse.dublin87@example.ie"
        ));
    }
}
