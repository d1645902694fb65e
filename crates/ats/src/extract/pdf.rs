//! PDF text through pdf_oxide, the one engine that kept two-column resumes in reading order.

use pdf_oxide::PdfDocument;

use super::{Budget, ExtractError, Limits, RawText};

pub(crate) fn extract(
    bytes: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<RawText, ExtractError> {
    let doc = PdfDocument::from_bytes(bytes.to_vec()).map_err(map_error)?;
    if doc.is_encrypted() {
        // Many resumes are "encrypted" with an empty user password only to stop copying;
        // those open fine. Anything else needs a password we do not have.
        match doc.authenticate(b"") {
            Ok(true) => {}
            _ => return Err(ExtractError::Encrypted),
        }
    }
    let total = doc.page_count().map_err(map_error)?;
    let total_u32 = u32::try_from(total).unwrap_or(u32::MAX);
    let wanted = total.min(limits.max_pages as usize);
    let mut text = String::new();
    for page in 0..wanted {
        budget.check()?;
        let page_text = doc.extract_text(page).map_err(map_error)?;
        text.push_str(&page_text);
        text.push('\n');
    }
    if !text.trim().is_empty() && !looks_decoded(&text) {
        // Fonts without usable character maps (often a truncated file) give shifted glyph codes:
        // "SUL\\DVKDUPD" for "priya.sharma". That is damage, not a resume.
        return Err(ExtractError::Corrupt(
            "the text could not be decoded (font maps missing)".into(),
        ));
    }
    Ok(RawText {
        text: separate_run_on_sentences(&text),
        pages: total_u32,
        truncated: wanted < total,
    })
}

/// True when most whitespace-separated tokens read as words or numbers.
fn looks_decoded(text: &str) -> bool {
    let (mut words, mut total) = (0usize, 0usize);
    for token in text.split_whitespace() {
        let t = token.trim_matches(|c: char| c.is_ascii_punctuation());
        if t.is_empty() {
            continue;
        }
        total += 1;
        let alphabetic = t
            .chars()
            .all(|c| c.is_alphabetic() || c == '\'' || c == '-');
        let numeric = t
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | ',' | '/' | '-' | '%' | '+'));
        words += usize::from((alphabetic && t.chars().any(char::is_alphabetic)) || numeric);
    }
    total == 0 || words * 2 >= total
}

/// List items laid out as separate blocks sometimes come out glued: "second.Migrated". Put the
/// line break back where a sentence end runs straight into a capitalised word.
fn separate_run_on_sentences(text: &str) -> String {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    crate::text::regex(&RE, r"([a-z0-9)])\.(\p{Lu}\p{Ll})")
        .replace_all(text, "$1.\n$2")
        .into_owned()
}

fn map_error(e: pdf_oxide::Error) -> ExtractError {
    match e {
        pdf_oxide::Error::EncryptedPdf => ExtractError::Encrypted,
        other => ExtractError::Corrupt(truncate(other.to_string())),
    }
}

/// Parser messages can embed large chunks of the file; keep what a person can read.
fn truncate(mut s: String) -> String {
    if s.len() > 200 {
        let mut cut = 200;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifted_glyphs_are_not_text() {
        assert!(!looks_decoded(
            "&217$&7 SUL\\DVKDUPD#H[DPSOHFRP 6.,//6 *R-DYD 6SULQJ%RRW"
        ));
        assert!(looks_decoded(
            "Priya Sharma, Senior Engineer; 2019 - 2021 priya@example.com"
        ));
    }

    #[test]
    fn run_on_sentences_are_split() {
        assert_eq!(
            separate_run_on_sentences("per second.Migrated to Node.js"),
            "per second.\nMigrated to Node.js"
        );
    }
}
