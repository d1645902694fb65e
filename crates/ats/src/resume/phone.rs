//! Phone numbers: found in text, read with libphonenumber's metadata (the `phonenumber` crate),
//! and given a country only when one is known: from the number itself, else from the caller.
//! A guessed country code dials a stranger, so an unknown country leaves the number as written.

use std::sync::OnceLock;

use phonenumber::Mode;
use phonenumber::country::{Id, Source};
use regex::Regex;

/// A country (ISO 3166-1 alpha-2, such as `IN` or `DE`) whose national numbers can be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Region(Id);

impl Region {
    /// The region for a two-letter country code (any case); `None` when libphonenumber does not
    /// know it.
    pub fn new(code: &str) -> Option<Region> {
        code.trim().to_ascii_uppercase().parse().ok().map(Region)
    }

    /// The two-letter code, upper-case.
    pub fn code(&self) -> &str {
        self.0.as_ref()
    }
}

/// E.164 (`+` and up to 15 digits) for a number that carries its country code (`+49 …`,
/// `0049 …`, `(+86) …`), or that is a valid national number of `region`. `None` otherwise: the
/// caller keeps the number as written rather than guess a country.
pub fn normalize_phone(raw: &str, region: Option<Region>) -> Option<String> {
    let cleaned = dialable(raw);
    if cleaned.starts_with('+') {
        let number = phonenumber::parse(None, &cleaned).ok()?;
        let e164 = number.format().mode(Mode::E164).to_string();
        return (9..=16).contains(&e164.len()).then_some(e164);
    }
    let region = region?;
    let number = phonenumber::parse(Some(region.0), &cleaned).ok()?;
    // A trunk prefix is dropped by the parser; a number dialled with an IDD from the region
    // ("011 44 …" in the US) keeps the country it names; "91 98765 43210" written without its
    // "+" is the region's own code.
    let known = match number.code().source() {
        Source::Default | Source::Idd => true,
        Source::Number => number.country().id() == Some(region.0),
        Source::Plus => false,
    };
    (known && number.is_valid()).then(|| number.format().mode(Mode::E164).to_string())
}

/// The resume's phone number: E.164 when its country is known — written in the number, shown
/// by its North American layout, or valid for a place the resume names or for `default_region`,
/// tried in that order — else as written.
pub(crate) fn resume_phone(text: &str, default_region: Option<Region>) -> Option<String> {
    let raw = find_phone(text)?;
    if let Some(e164) = normalize_phone(&raw, None) {
        return Some(e164);
    }
    let layout = if north_american_layout(&raw) {
        vec![Region::new("US"), Region::new("CA")]
    } else {
        Vec::new()
    };
    let regions = layout
        .into_iter()
        .flatten()
        // The places are only looked for when the number needs a country.
        .chain(std::iter::once_with(|| super::places::regions_in(text)).flatten())
        .chain(default_region);
    let e164 = regions
        .into_iter()
        .find_map(|r| normalize_phone(&raw, Some(r)));
    Some(e164.unwrap_or_else(|| raw.trim().to_string()))
}

/// A phone number typed into a form: E.164 when its country is known (written in the number,
/// or `region`'s national format), else the text as typed, trimmed. Lists then hold one format
/// wherever the country is known, and never a guessed one.
pub fn normalize_typed_phone(raw: &str, region: Option<Region>) -> String {
    normalize_phone(raw, region).unwrap_or_else(|| raw.trim().to_string())
}

/// Digits with the leading `+` kept: `00` becomes `+`, `(+86)` becomes `+86`, and the "(0)" some
/// write after the country code ("+44 (0) 20 …"), which is never dialled, goes.
fn dialable(raw: &str) -> String {
    let trimmed = raw.trim().replace("(0)", "");
    let plus = trimmed.trim_start_matches(['(', ' ']).starts_with('+');
    let digits: String = trimmed.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix("00") {
        _ if plus => format!("+{digits}"),
        Some(rest) if !rest.starts_with('0') => format!("+{rest}"),
        _ => digits,
    }
}

/// Whether the number is written the North American way, `(415) 555-0132` or `1-415-555-0132`:
/// the layout names the country even without a `+1`.
fn north_american_layout(raw: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    crate::text::regex(
        &RE,
        r"^(?:1[ .\-]?)?\(\d{3}\)[ .\-]?\d{3}[ .\-]\d{4}$|^1[ .\-]\d{3}[ .\-]\d{3}[ .\-]\d{4}$",
    )
    .is_match(raw.trim())
}

fn candidate_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    crate::text::regex(&RE, r"(?:\+|00)?\s?\(?\+?\d[\d\s()./\-]{6,40}\d")
}

/// Text with e-mail addresses and web links blanked, so their digits are never read as phones.
fn without_addresses(text: &str) -> String {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = crate::text::regex(
        &RE,
        r"(?i)[a-z0-9._%+\-]+@[a-z0-9\-]+(?:\.[a-z0-9\-]+)+|\b(?:https?://|www\.)[^\s|,;<>]+|\b[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.(?:com|org|net|io|dev|me|in|ru|de|cn|app|page|site)/[^\s|,;<>]*",
    );
    re.replace_all(text, |m: &regex::Captures<'_>| {
        " ".repeat(m[0].chars().count())
    })
    .into_owned()
}

/// Lines of `text`, each joined with the next when a number is broken across the line break
/// ("+7 (961) 293" / "3630", "+1 415 555-" / "0132").
fn lines_with_broken_numbers_joined(text: &str) -> Vec<String> {
    // The start of a number at the end of a line: "+1 (415)", "+7 (961) 293", "555-".
    static TAIL: OnceLock<Regex> = OnceLock::new();
    let tail_regex = crate::text::regex(&TAIL, r"(?:^|[^\w])((?:\+|00)?\(?\+?\d[\d ()./\-]*)$");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i].trim_end();
        let next = lines.get(i + 1).map(|l| l.trim_start()).unwrap_or_default();
        let tail = tail_regex
            .captures(line)
            .and_then(|c| c.get(1))
            .map(|m| m.as_str());
        let broken = tail.is_some_and(|t| {
            let digits = t.chars().filter(char::is_ascii_digit).count();
            (2..8).contains(&digits)
        }) && next.starts_with(|c: char| c.is_ascii_digit());
        if broken {
            out.push(format!("{} {next}", line.trim_end_matches([' ', '-'])));
            i += 2;
        } else {
            out.push(line.to_string());
            i += 1;
        }
    }
    out
}

/// Words that label a line as holding a phone number, in the scripts the corpus shows.
const LABELS: &[&str] = &[
    "phone",
    "mobile",
    "tel",
    "cell",
    "contact",
    "whatsapp",
    "ph:",
    "mob",
    "телефон",
    "тел",
    "моб",
    "电话",
    "手机",
    "전화",
    "휴대",
    "τηλ",
    "handy",
];

/// Words that name the number after them as something other than a phone.
const NOT_PHONE_LABELS: &[&str] = &[
    " isbn", " issn", " doi", " orcid", " arxiv", " patent", " id", " pin", " zip",
];

/// Headings of the referees' block, whose numbers are other people's.
const REFERENCES: &[&str] = &[
    "references",
    "referees",
    "referenzen",
    "рекомендации",
    "συστάσεις",
    "références",
];

/// A line that is, or ends in, the referees' heading ("REFERENCES", "Referees:", a heading
/// run into the line before it as "… 9 years REFERENCES ____").
fn references_heading(line: &str) -> bool {
    let trimmed = line.trim_matches(|c: char| !c.is_alphanumeric());
    let whole = REFERENCES.contains(&trimmed.to_lowercase().as_str());
    let shouted = line.split_whitespace().any(|w| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        w.chars().count() > 3
            && w.to_uppercase() == w
            && REFERENCES.contains(&w.to_lowercase().as_str())
    });
    whole || shouted
}

/// The first phone-looking sequence in `text`, as written. Date ranges, years, postcodes,
/// identifiers glued to letters and the digits of e-mail addresses and links are skipped;
/// lines labelled phone/mobile/tel (in several languages) are preferred, and the referees'
/// block is not read.
pub fn find_phone(text: &str) -> Option<String> {
    let mut first = None;
    for line in lines_with_broken_numbers_joined(&without_addresses(text)) {
        let lower = line.to_lowercase();
        if references_heading(&line) {
            break;
        }
        let labelled = LABELS.iter().any(|k| lower.contains(k));
        for m in candidate_regex().find_iter(&line) {
            let raw = m.as_str().trim();
            let start = m.start() + (m.as_str().len() - m.as_str().trim_start().len());
            // "s12567-017-0170-8" (a DOI) or "id4471 2233 1234": digits glued to a word are no
            // phone; a "+" or "(" after an icon letter still starts one.
            let cased = |c: char| c.is_ascii_digit() || c.is_lowercase() || c.is_uppercase();
            let glued = !raw.starts_with(['+', '('])
                && line[..start].chars().next_back().is_some_and(cased)
                || line[m.end()..].chars().next().is_some_and(cased);
            let Some(s) = phone_part(raw) else {
                continue;
            };
            let before: Vec<char> = line[..start].chars().collect();
            let before: String = before[before.len().saturating_sub(12)..].iter().collect();
            let before = format!(" {}", before.to_lowercase());
            let named_otherwise = NOT_PHONE_LABELS.iter().any(|k| before.contains(k));
            if glued || named_otherwise || !looks_like_phone(s) {
                continue;
            }
            if labelled {
                return Some(s.to_string());
            }
            first.get_or_insert_with(|| s.to_string());
        }
    }
    first
}

/// Two numbers written together ("+49-89-80 92 86 94/0160 95 96 43 99") give the first.
fn phone_part(s: &str) -> Option<&str> {
    let digits = s.bytes().filter(u8::is_ascii_digit).count();
    if digits <= 15 {
        return Some(s);
    }
    s.split('/').map(str::trim).find(|p| looks_like_phone(p))
}

fn looks_like_phone(s: &str) -> bool {
    let digits: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
    if !(8..=15).contains(&digits.len()) {
        return false;
    }
    let groups: Vec<&str> = s
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    let year = |g: &&str| g.len() == 4 && (g.starts_with("19") || g.starts_with("20"));
    // "03/2018", "12/12-15/2022": a date, however the digits are grouped.
    if s.contains('/') && (groups.len() <= 3 || groups.iter().any(year)) && !s.starts_with('+') {
        return false;
    }
    // "162403 2023": a registration number and its year.
    if groups.len() == 2 && groups.last().is_some_and(year) && !s.starts_with('+') {
        return false;
    }
    if s.starts_with('+') || s.starts_with("00") || s.starts_with("(+") {
        return true;
    }
    // Date ranges and dates: "2019 - 2021", "2019.05.01".
    let yearish = groups.iter().filter(|g| year(g)).count();

    if yearish >= 2 || (yearish == 1 && groups.len() <= 3 && digits.len() <= 8) {
        return false;
    }
    let dotted_date = groups.len() == 3
        && s.contains('.')
        && groups.iter().any(|g| g.len() == 4)
        && groups.iter().filter(|g| g.len() <= 2).count() == 2;
    !dotted_date && (digits.len() >= 10 || s.contains('('))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(code: &str) -> Option<Region> {
        Region::new(code)
    }

    #[test]
    fn numbers_that_carry_their_country_keep_it() {
        for (raw, want) in [
            ("+91 98765 43210", "+919876543210"),
            ("+91-9876543210", "+919876543210"),
            ("(+91) 987 654 3210", "+919876543210"),
            ("0091 98765 43210", "+919876543210"),
            ("+1 (415) 555-0132", "+14155550132"),
            ("+44 (0) 7700 900123", "+447700900123"),
            ("+7 (912) 345-67-89", "+79123456789"),
            ("+49 171/8106299", "+491718106299"),
            ("(+86)18751852080", "+8618751852080"),
        ] {
            assert_eq!(normalize_phone(raw, None).as_deref(), Some(want), "{raw}");
            // The region never overrides a written country code.
            assert_eq!(normalize_phone(raw, region("DE")).as_deref(), Some(want));
        }
    }

    #[test]
    fn national_numbers_need_a_region_and_must_be_valid_there() {
        assert_eq!(normalize_phone("98765 43210", None), None);
        assert_eq!(
            normalize_phone("91 98765 43210", region("IN")).as_deref(),
            Some("+919876543210")
        );
        assert_eq!(
            normalize_phone("098765 43210", region("IN")).as_deref(),
            Some("+919876543210")
        );
        assert_eq!(
            normalize_phone("010-6554-3904", region("kr")).as_deref(),
            Some("+821065543904")
        );
        assert_eq!(
            normalize_phone("01525 8414 768", region("DE")).as_deref(),
            Some("+4915258414768")
        );
        // A Korean mobile number is no German number: no country is invented.
        assert_eq!(normalize_phone("010-6554-3904", region("US")), None);
        assert_eq!(normalize_phone("12345", region("IN")), None);
    }

    #[test]
    fn typed_numbers_are_e164_when_the_country_is_known_else_as_typed() {
        assert_eq!(
            normalize_typed_phone(" +91 98765 43210 ", None),
            "+919876543210"
        );
        assert_eq!(
            normalize_typed_phone("98765 43210", region("IN")),
            "+919876543210"
        );
        assert_eq!(normalize_typed_phone(" 98765 43210 ", None), "98765 43210");
        assert_eq!(normalize_typed_phone("call me", region("IN")), "call me");
    }

    #[test]
    fn regions_read_their_codes() {
        assert_eq!(
            region("in").map(|r| r.code().to_string()).as_deref(),
            Some("IN")
        );
        assert_eq!(region("XX"), None);
        assert_eq!(region(""), None);
    }

    #[test]
    fn finds_phones_not_dates_addresses_or_identifiers() {
        assert_eq!(
            find_phone("Worked 2019 - 2021\nMobile: 98765 43210").as_deref(),
            Some("98765 43210")
        );
        assert_eq!(find_phone("Jan 2019 – 03/2021"), None);
        assert_eq!(find_phone("Born 21.10.2013 in Bonn"), None);
        assert_eq!(find_phone("Chicago, IL 12/12-15/2022 Poster"), None);
        assert_eq!(find_phone("Licence no. 162403 2023"), None);
        assert_eq!(
            find_phone("a@b.com | +34 612 345 678").as_deref(),
            Some("+34 612 345 678")
        );
        assert_eq!(find_phone("1124699309zrj@gmail.com"), None);
        assert_eq!(find_phone("https://example.com/u/98765432101"), None);
        assert_eq!(find_phone("doi 10.1007/s12567-017-0170-8"), None);
        assert_eq!(
            find_phone("Ó +7 (961) 293\n3630").as_deref(),
            Some("+7 (961) 293 3630")
        );
        assert_eq!(
            find_phone("Telefon: +49-89-80 92 86 94/0160 95 96 43 99").as_deref(),
            Some("+49-89-80 92 86 94")
        );
        // The referees' numbers are theirs.
        assert_eq!(
            find_phone("Dancing – 9 years REFERENCES ____\nDr. A, Phone: +1 201 216 5348"),
            None
        );
        assert_eq!(
            find_phone("References:\nDr. A, Phone: +1 201 216 5348"),
            None
        );
    }

    #[test]
    fn north_american_layouts() {
        assert!(north_american_layout("(415) 555-0132"));
        assert!(north_american_layout("(763)-226-6497"));
        assert!(north_american_layout("1-415-555-0132"));
        assert!(!north_american_layout("98765 43210"));
        assert!(!north_american_layout("131-2312-8852"));
    }
}
