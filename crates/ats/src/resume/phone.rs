//! Phone numbers: find them in text and normalise to E.164 where the digits allow it.

use std::sync::OnceLock;

use regex::Regex;

/// Normalises a phone number written in any common format to E.164 (`+` and 8-15 digits).
///
/// Numbers written with `+` or `00` keep their country code. A national number gets
/// `default_country_code`: 10 digits, or 11 with a leading trunk `0`. A 10-digit number written
/// `(415) 555-0132` and an 11-digit number starting with `1` are North American (+1).
/// Returns `None` when the digits cannot form an E.164 number.
pub fn normalize_phone(raw: &str, default_country_code: &str) -> Option<String> {
    let trimmed = raw.trim();
    // "+44 (0) 20 ..." carries a trunk zero that is never dialled internationally.
    let cleaned = trimmed.replace("(0)", "");
    let mut digits: String = cleaned.chars().filter(char::is_ascii_digit).collect();
    let international = cleaned.trim_start_matches(['(', ' ']).starts_with('+');
    if !international && digits.starts_with("00") {
        digits.drain(..2);
        return plausible(&digits).then(|| format!("+{digits}"));
    }
    if international {
        return plausible(&digits).then(|| format!("+{digits}"));
    }
    let north_american = trimmed.starts_with('(') && trimmed.get(4..5) == Some(")");
    match digits.len() {
        10 if north_american => Some(format!("+1{digits}")),
        11 if digits.starts_with('1')
            && default_country_code != "1"
            && north_american_layout(trimmed) =>
        {
            Some(format!("+{digits}"))
        }
        10 => Some(format!("+{default_country_code}{digits}")),
        11 if digits.starts_with('0') => Some(format!("+{default_country_code}{}", &digits[1..])),
        n if n == default_country_code.len() + 10 && digits.starts_with(default_country_code) => {
            Some(format!("+{digits}"))
        }
        _ => None,
    }
}

fn plausible(digits: &str) -> bool {
    (8..=15).contains(&digits.len()) && !digits.starts_with('0')
}

/// "1-415-555-0132" or "1 (415) 555 0132".
fn north_american_layout(s: &str) -> bool {
    let rest = s
        .trim_start_matches('1')
        .trim_start_matches([' ', '-', '.']);
    rest.starts_with('(') || rest.chars().take_while(char::is_ascii_digit).count() == 3
}

fn candidate_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    crate::text::regex(&RE, r"(?:\+|00)?\s?\(?\+?\d[\d\s().\-]{6,20}\d")
}

/// The first phone-looking sequence in `text`, raw as written. Date ranges ("2019 - 2021"),
/// years and long identifiers are skipped; lines labelled phone/mobile/tel are preferred.
pub fn find_phone(text: &str) -> Option<&str> {
    let mut first = None;
    for line in text.lines() {
        let lower = line.to_ascii_lowercase();
        let labelled = [
            "phone", "mobile", "tel", "cell", "contact", "whatsapp", "ph:", "mob",
        ]
        .iter()
        .any(|k| lower.contains(k));
        for m in candidate_regex().find_iter(line) {
            let s = m.as_str().trim();
            if looks_like_phone(s) {
                if labelled {
                    return Some(s);
                }
                first.get_or_insert(s);
            }
        }
    }
    first
}

fn looks_like_phone(s: &str) -> bool {
    let digits: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
    if !(8..=15).contains(&digits.len()) {
        return false;
    }
    if s.starts_with('+') || s.starts_with("00") || s.starts_with("(+") {
        return true;
    }
    // Date ranges and dates: "2019 - 2021", "03/2018", "2019.05.01".
    let groups: Vec<&str> = s
        .split(|c: char| !c.is_ascii_digit())
        .filter(|g| !g.is_empty())
        .collect();
    let yearish = groups
        .iter()
        .filter(|g| g.len() == 4 && (g.starts_with("19") || g.starts_with("20")))
        .count();
    if yearish >= 2 || (yearish == 1 && groups.len() <= 3 && digits.len() <= 8) {
        return false;
    }
    digits.len() >= 10 || s.contains('(')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn international_formats() {
        let cases = [
            ("+91 98765 43210", "+919876543210"),
            ("+91-9876543210", "+919876543210"),
            ("098765 43210", "+919876543210"),
            ("98765-43210", "+919876543210"),
            ("(+91) 987 654 3210", "+919876543210"),
            ("0091 98765 43210", "+919876543210"),
            ("+1 (415) 555-0132", "+14155550132"),
            ("(415) 555-0132", "+14155550132"),
            ("+44 (0) 7700 900123", "+447700900123"),
            ("+7 (912) 345-67-89", "+79123456789"),
            ("+49 151 23456789", "+4915123456789"),
            ("+91-80-2345-6789", "+918023456789"),
        ];
        for (raw, want) in cases {
            assert_eq!(normalize_phone(raw, "91").as_deref(), Some(want), "{raw}");
        }
        assert_eq!(normalize_phone("12345", "91"), None);
    }

    #[test]
    fn finds_phones_not_dates() {
        assert_eq!(
            find_phone("Worked 2019 - 2021\nMobile: 98765 43210"),
            Some("98765 43210")
        );
        assert_eq!(find_phone("Jan 2019 – 03/2021"), None);
        assert_eq!(
            find_phone("a@b.com | +34 612 345 678"),
            Some("+34 612 345 678")
        );
    }
}
