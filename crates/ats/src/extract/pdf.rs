//! PDF text through pdf_oxide, the one engine that kept two-column resumes in reading order.

use pdf_oxide::PdfDocument;

use super::{Budget, ExtractError, Limits, RawText};

pub(crate) fn extract(
    bytes: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<RawText, ExtractError> {
    if nests_deeper_than(bytes, MAX_NESTING) {
        return Err(ExtractError::Corrupt(
            "arrays or dictionaries nested too deeply".into(),
        ));
    }
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
        if text.len() > limits.max_text_bytes {
            return Err(ExtractError::TooLarge);
        }
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

/// Real documents nest arrays and dictionaries a handful of levels deep.
const MAX_NESTING: usize = 100;

/// pdf_oxide parses nested arrays and dictionaries recursively without a depth limit: a few
/// hundred kilobytes of `[` overflow the thread's stack, which aborts the whole process
/// (`catch_unwind` cannot catch that). This scan of the file's own syntax refuses such input
/// before parsing. Streams are skipped, so nesting hidden in a compressed object stream gets
/// past it; the server's extraction child process is the guard for that.
fn nests_deeper_than(bytes: &[u8], max: usize) -> bool {
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let next = bytes.get(i + 1).copied();
        match bytes[i] {
            b'[' => depth += 1,
            b']' => depth = depth.saturating_sub(1),
            b'<' if next == Some(b'<') => {
                depth += 1;
                i += 1;
            }
            b'>' if next == Some(b'>') => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            b'%' => i = skip_past(bytes, i, |b| b == b'\n' || b == b'\r'),
            b'(' => i = skip_literal_string(bytes, i),
            b'<' => i = skip_past(bytes, i, |b| b == b'>'),
            b's' if bytes[i..].starts_with(b"stream") && !is_regular(bytes, i.wrapping_sub(1)) => {
                match find(&bytes[i..], b"endstream") {
                    Some(end) => i += end + b"endstream".len() - 1,
                    None => return false,
                }
            }
            _ => {}
        }
        if depth > max {
            return true;
        }
        i += 1;
    }
    false
}

/// The index of the first byte after `start` that `stop` accepts (or the end).
fn skip_past(bytes: &[u8], start: usize, stop: impl Fn(u8) -> bool) -> usize {
    bytes[start + 1..]
        .iter()
        .position(|&b| stop(b))
        .map_or(bytes.len(), |p| start + 1 + p)
}

/// The index of the `)` closing the literal string opened at `start`: balanced parentheses
/// nest, a backslash escapes the next byte.
fn skip_literal_string(bytes: &[u8], start: usize) -> usize {
    let (mut open, mut i) = (0usize, start);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'(' => open += 1,
            b')' => {
                open -= 1;
                if open == 0 {
                    return i;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// True for a byte that can be part of a PDF name or keyword (so `endstream` is not `stream`).
fn is_regular(bytes: &[u8], index: usize) -> bool {
    bytes
        .get(index)
        .is_some_and(|&b| !b.is_ascii_whitespace() && !b"()<>[]{}/%".contains(&b))
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
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
    fn deep_nesting_is_found_outside_strings_and_streams() {
        let deep = format!("1 0 obj {}{} endobj", "[".repeat(101), "]".repeat(101));
        assert!(nests_deeper_than(deep.as_bytes(), 100));
        let dicts = format!("{}{}", "<<".repeat(101), ">>".repeat(101));
        assert!(nests_deeper_than(dicts.as_bytes(), 100));
        let shallow = format!("<< /A [[1 2] [3 4]] /B <abcdef> >> {}", "[]".repeat(500));
        assert!(!nests_deeper_than(shallow.as_bytes(), 100));
        let in_string = format!("({} \\) (x)) % {}\n", "[".repeat(500), "[".repeat(500));
        assert!(!nests_deeper_than(in_string.as_bytes(), 100));
        let in_stream = format!("<< /Length 500 >>\nstream\n{}\nendstream", "[".repeat(500));
        assert!(!nests_deeper_than(in_stream.as_bytes(), 100));
    }

    #[test]
    fn run_on_sentences_are_split() {
        assert_eq!(
            separate_run_on_sentences("per second.Migrated to Node.js"),
            "per second.\nMigrated to Node.js"
        );
    }
}
