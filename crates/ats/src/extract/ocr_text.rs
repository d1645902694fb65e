//! Contact lines as OCR reads them: "kofi. ménsah@example. com", "+91 98765 4321O". Tesseract
//! puts spaces after dots, accents on letters and letters for digits; addresses and numbers are
//! put back together before parsing, and only on lines that hold an address or a number.

use std::sync::OnceLock;

use regex::Regex;
use unicode_normalization::UnicodeNormalization;

use crate::text::regex;

/// The OCR'd text with its e-mail addresses and phone numbers tidied; other lines unchanged.
pub(crate) fn tidy_contact_lines(text: &str) -> String {
    text.lines()
        .map(|line| {
            let line = if line.contains('@') {
                tidy_address(line)
            } else {
                line.to_string()
            };
            tidy_digits(&line)
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// "kofi. ménsah @ example. com" → "kofi.mensah@example.com".
fn tidy_address(line: &str) -> String {
    static AT: OnceLock<Regex> = OnceLock::new();
    static LOCAL_DOT: OnceLock<Regex> = OnceLock::new();
    static DOMAIN_DOT: OnceLock<Regex> = OnceLock::new();
    static ADDRESS: OnceLock<Regex> = OnceLock::new();
    let line = regex(&AT, r"\s*@\s*").replace_all(line, "@");
    // A dot and a space inside the local part: "kofi. mensah@" (a sentence never ends that way
    // right before an address).
    let line = regex(&LOCAL_DOT, r"(\w)([._\-])\s+([\w.\-+]+@)").replace_all(&line, "$1$2$3");
    // Dots with spaces in the domain: "@example. com", "@mail .example .co. in".
    let mut line = line.into_owned();
    let domain_dot = regex(&DOMAIN_DOT, r"(@[\w.\-]*\w)\s*\.\s*(\w)");
    loop {
        let next = domain_dot.replace(&line, "$1.$2").into_owned();
        if next == line {
            break;
        }
        line = next;
    }
    // Accents OCR puts on the address's letters ("ménsah"): addresses on resumes are ASCII.
    let address = regex(&ADDRESS, r"[\w.\-+]+@[\w\-]+(?:\.[\w\-]+)+");
    address
        .replace_all(&line, |c: &regex::Captures<'_>| {
            c[0].nfkd().filter(char::is_ascii).collect::<String>()
        })
        .into_owned()
}

/// Letters read for digits inside a number: "4321O" → "43210", "98l65" → "98165".
fn tidy_digits(line: &str) -> String {
    static NUMBER: OnceLock<Regex> = OnceLock::new();
    let number = regex(&NUMBER, r"\+?\d[\dOoIl|\s().\-]{6,20}[\dOoIl]\b");
    number
        .replace_all(line, |c: &regex::Captures<'_>| {
            let s = &c[0];
            let digits = s.chars().filter(char::is_ascii_digit).count();
            let lookalikes = s.chars().filter(|c| "OoIl|".contains(*c)).count();
            // Mostly digits: the letters are misread digits, not a word next to a number.
            if lookalikes > 0 && lookalikes <= 2 && digits >= 7 {
                s.chars()
                    .map(|c| match c {
                        'O' | 'o' => '0',
                        'I' | 'l' | '|' => '1',
                        c => c,
                    })
                    .collect()
            } else {
                s.to_string()
            }
        })
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_come_back_together() {
        assert_eq!(
            tidy_contact_lines("Email: kofi. ménsah@example. com | Accra"),
            "Email: kofi.mensah@example.com | Accra"
        );
        assert_eq!(
            tidy_contact_lines("priya @ mail .example. co. in"),
            "priya@mail.example.co.in"
        );
        assert_eq!(
            tidy_contact_lines("Led a team. Wrote docs."),
            "Led a team. Wrote docs."
        );
    }

    #[test]
    fn digits_read_as_letters_in_numbers_only() {
        assert_eq!(
            tidy_contact_lines("Phone: +91 98765 4321O"),
            "Phone: +91 98765 43210"
        );
        assert_eq!(
            tidy_contact_lines("Managed 12 people in Oslo"),
            "Managed 12 people in Oslo"
        );
        assert_eq!(
            tidy_contact_lines("2019 - 2021 Oslo, Norway"),
            "2019 - 2021 Oslo, Norway"
        );
    }
}
