//! PDF text through pdf_oxide, the one engine that kept two-column resumes in reading order.

use pdf_oxide::PdfDocument;

use super::ocr::{self, Ocr, OcrFailure};
use super::{Budget, ExtractError, Limits, RawText};

pub(crate) fn extract(
    bytes: &[u8],
    limits: &Limits,
    budget: &Budget,
) -> Result<RawText, ExtractError> {
    if let Some(damage) = structural_damage(bytes) {
        return Err(ExtractError::Corrupt(damage.into()));
    }
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
    let mut pages = Vec::with_capacity(wanted);
    let mut size = 0;
    for page in 0..wanted {
        budget.check()?;
        let page_text = doc.extract_text(page).map_err(map_error)?;
        size += page_text.len();
        if size > limits.max_text_bytes {
            return Err(ExtractError::TooLarge);
        }
        pages.push(page_text);
    }
    let mut ocr = false;
    if let Some(settings) = &limits.ocr {
        let pictured = pictured_pages(&doc, &pages);
        if !pictured.is_empty() {
            ocr = read_pictures(bytes, &mut pages, &pictured, settings)?;
        }
    }
    let text = pages.join("\n");
    if !text.trim().is_empty() && (!looks_decoded(&text) || mostly_unprintable(&text)) {
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
        may_have_pictures: true,
        ocr,
        prominent: if wanted > 0 {
            prominent_lines(&doc)
        } else {
            Vec::new()
        },
    })
}

/// Lines in the top half of the first page set clearly larger than most of its text, largest
/// first (ties top first), whichever column they are in.
fn prominent_lines(doc: &PdfDocument) -> Vec<String> {
    let Ok(spans) = doc.extract_spans(0) else {
        return Vec::new();
    };
    // Sizes in tenths of a point; the body size is the one most characters are set in.
    let tenths = |size: f32| (size * 10.0).round() as u32;
    let mut weight: std::collections::HashMap<u32, usize> = std::collections::HashMap::new();
    for span in &spans {
        *weight.entry(tenths(span.font_size)).or_default() += span.text.chars().count();
    }
    let Some(body) = weight
        .iter()
        .max_by_key(|(size, chars)| (**chars, std::cmp::Reverse(**size)))
        .map(|(size, _)| *size)
    else {
        return Vec::new();
    };
    let (top, bottom) = spans.iter().fold((f32::MIN, f32::MAX), |(t, b), s| {
        (t.max(s.bbox.y + s.bbox.height), b.min(s.bbox.y))
    });
    let middle = bottom + (top - bottom) / 2.0;
    // Spans of one large line (same size, same baseline) joined left to right.
    let mut lines: Vec<(u32, f32, Vec<&pdf_oxide::layout::TextSpan>)> = Vec::new();
    for span in spans
        .iter()
        .filter(|s| tenths(s.font_size) * 10 >= body * 13 && s.bbox.y >= middle)
    {
        let size = tenths(span.font_size);
        match lines
            .iter_mut()
            .find(|(s, y, _)| *s == size && (y - span.bbox.y).abs() < span.font_size / 3.0)
        {
            Some((_, _, line)) => line.push(span),
            None => lines.push((size, span.bbox.y, vec![span])),
        }
    }
    lines.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.total_cmp(&a.1)));
    lines
        .into_iter()
        .map(|(_, _, mut parts)| {
            parts.sort_by(|a, b| a.bbox.x.total_cmp(&b.bbox.x));
            let mut line = String::new();
            let mut right_edge = f32::MIN;
            for part in parts {
                // A gap wider than a fifth of the size is a space the writer did not draw.
                if !line.is_empty() && part.bbox.x - right_edge > part.font_size / 5.0 {
                    line.push(' ');
                }
                line.push_str(&part.text);
                right_edge = part.bbox.x + part.bbox.width;
            }
            line.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .filter(|line| !line.is_empty())
        .take(5)
        .collect()
}

/// Pages (0-based) with next to no text but a picture as large as a page of writing: a scan.
fn pictured_pages(doc: &PdfDocument, pages: &[String]) -> Vec<usize> {
    const FEW_CHARACTERS: usize = 20;
    pages
        .iter()
        .enumerate()
        .filter(|(_, text)| text.chars().filter(|c| c.is_alphanumeric()).count() < FEW_CHARACTERS)
        .filter(|(index, _)| {
            doc.page_image_handles(*index).is_ok_and(|images| {
                images
                    .iter()
                    .any(|image| image.width >= 400 && image.height >= 400)
            })
        })
        .map(|(index, _)| index)
        .collect()
}

/// Puts the words read from the pictures of `pictured` pages in their place; answers whether
/// any were read. Missing OCR programs leave the pages as they are (held for review); running
/// out of time is [`ExtractError::TimedOut`] only when nothing else could be read.
fn read_pictures(
    bytes: &[u8],
    pages: &mut [String],
    pictured: &[usize],
    settings: &Ocr,
) -> Result<bool, ExtractError> {
    let numbers: Vec<u32> = pictured
        .iter()
        .filter_map(|&i| u32::try_from(i + 1).ok())
        .collect();
    match ocr::read_pages(bytes, &numbers, settings) {
        Ok(read) => {
            let mut any = false;
            for (&index, text) in pictured.iter().zip(read) {
                if let Some(page) = pages.get_mut(index)
                    && text.chars().any(char::is_alphanumeric)
                {
                    *page = super::ocr_text::tidy_contact_lines(&text);
                    any = true;
                }
            }
            Ok(any)
        }
        Err(OcrFailure::TimedOut) if pages.iter().all(|p| p.trim().is_empty()) => {
            Err(ExtractError::TimedOut)
        }
        Err(OcrFailure::TimedOut) => Ok(false),
        // Not the file's fault: it is held for review as without OCR (the server says at
        // start-up when OCR is configured but cannot run).
        Err(OcrFailure::Unavailable(_)) => Ok(false),
    }
}

/// A download cut short, or a file broken by hand: the parser would repair it and read what it
/// can, and a candidate would be scored on half a resume (a truncated Chromium PDF read as
/// "Contact (PDLO"). Every PDF writer ends the file with `startxref`, the offset of its
/// cross-reference section, and `%%EOF`; where they are missing or point nowhere, the file is
/// damaged.
fn structural_damage(bytes: &[u8]) -> Option<&'static str> {
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    if find(tail, b"%%EOF").is_none() {
        return Some("the file ends early (no end-of-file marker)");
    }
    let Some(at) = tail.windows(9).rposition(|w| w == b"startxref") else {
        return Some("the cross-reference table is missing");
    };
    let after = trim_start(&tail[at + 9..]);
    let digits = after.iter().take_while(|b| b.is_ascii_digit()).count();
    let offset: Option<usize> = std::str::from_utf8(&after[..digits])
        .ok()
        .and_then(|d| d.parse().ok());
    // Offsets count from the file's first byte, or from `%PDF-` when junk precedes it.
    let header = find(&bytes[..bytes.len().min(1024)], b"%PDF-").unwrap_or(0);
    let starts_a_cross_reference = |offset: usize| {
        bytes.get(offset..).is_some_and(|rest| {
            let rest = trim_start(rest);
            rest.starts_with(b"xref") || starts_an_object(rest)
        })
    };
    match offset {
        Some(offset)
            if starts_a_cross_reference(offset)
                || starts_a_cross_reference(offset.saturating_add(header)) =>
        {
            None
        }
        _ => Some("the cross-reference table is broken"),
    }
}

/// `12 0 obj`: the start of an indirect object (a cross-reference stream is one).
fn starts_an_object(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    for _ in 0..2 {
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || !rest.get(digits).is_some_and(u8::is_ascii_whitespace) {
            return false;
        }
        rest = trim_start(&rest[digits..]);
    }
    rest.starts_with(b"obj")
}

fn trim_start(bytes: &[u8]) -> &[u8] {
    let skip = bytes.iter().take_while(|b| b.is_ascii_whitespace()).count();
    &bytes[skip..]
}

/// Real documents nest arrays and dictionaries a handful of levels deep.
const MAX_NESTING: usize = 100;

/// pdf_oxide parses nested arrays and dictionaries recursively without a depth limit: a few
/// hundred kilobytes of `[` overflow the thread's stack, which aborts the whole process
/// (`catch_unwind` cannot catch that). This scan of the file's own syntax refuses such input
/// before parsing. Strings, comments and streams are skipped only when they end: a damaged file
/// is repaired by the parser from whatever follows (the fuzzer found nesting after a stream with
/// no `endstream`). Nesting hidden in a compressed object stream still gets past it; the server's
/// extraction child process is the guard for that.
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
            b'%' => i = end_of(bytes, i, |b| b == b'\n' || b == b'\r').unwrap_or(i),
            b'(' => i = end_of_literal_string(bytes, i).unwrap_or(i),
            b'<' => i = end_of(bytes, i, |b| b == b'>').unwrap_or(i),
            b's' if bytes[i..].starts_with(b"stream") && !is_regular(bytes, i.wrapping_sub(1)) => {
                i = end_of_stream_data(bytes, i).unwrap_or(i);
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

/// The last byte of the data of the stream whose keyword is at `at`: as long as its dictionary
/// says (`/Length n`, as the parser reads it, so bytes past a wrong length are scanned like the
/// parser's repair reads them), else up to `endstream`.
fn end_of_stream_data(bytes: &[u8], at: usize) -> Option<usize> {
    let mut data = at + b"stream".len();
    data += match bytes.get(data..data + 2) {
        Some(b"\r\n") => 2,
        Some([b'\n' | b'\r', _]) => 1,
        _ => 0,
    };
    match declared_length(&bytes[at.saturating_sub(2048)..at]) {
        Some(length) => Some(data.saturating_add(length).min(bytes.len()) - 1),
        None => find(&bytes[at..], b"endstream").map(|end| at + end + b"endstream".len() - 1),
    }
}

/// A direct `/Length n` in the dictionary before a stream (not `/Length1`, not `n 0 R`).
fn declared_length(dictionary: &[u8]) -> Option<usize> {
    let key = dictionary
        .windows(8)
        .rposition(|w| w.starts_with(b"/Length") && w[7].is_ascii_whitespace())?;
    let rest = &dictionary[key + 8..];
    let rest = &rest[rest.iter().position(|b| !b.is_ascii_whitespace())?..];
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let after: Vec<&[u8]> = rest[digits..]
        .split(|b| b.is_ascii_whitespace())
        .filter(|t| !t.is_empty())
        .take(2)
        .collect();
    let indirect =
        after.len() == 2 && after[0].iter().all(u8::is_ascii_digit) && after[1].starts_with(b"R");
    if digits == 0 || indirect {
        return None;
    }
    std::str::from_utf8(&rest[..digits]).ok()?.parse().ok()
}

/// The index of the first byte after `start` that `stop` accepts.
fn end_of(bytes: &[u8], start: usize, stop: impl Fn(u8) -> bool) -> Option<usize> {
    bytes[start + 1..]
        .iter()
        .position(|&b| stop(b))
        .map(|p| start + 1 + p)
}

/// The index of the `)` closing the literal string opened at `start`: balanced parentheses
/// nest, a backslash escapes the next byte.
fn end_of_literal_string(bytes: &[u8], start: usize) -> Option<usize> {
    let (mut open, mut i) = (0usize, start);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'(' => open += 1,
            b')' => {
                open -= 1;
                if open == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
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

/// Text where more than one character in ten is a replacement character, a control character or
/// from the private use area: glyphs without a usable character map, not words.
fn mostly_unprintable(text: &str) -> bool {
    let (mut bad, mut total) = (0usize, 0usize);
    for c in text.chars().filter(|c| !c.is_whitespace()) {
        total += 1;
        bad += usize::from(
            c == '\u{FFFD}' || c.is_control() || ('\u{E000}'..='\u{F8FF}').contains(&c),
        );
    }
    bad * 10 > total
}

/// List items laid out as separate blocks sometimes come out glued: "second.Migrated". Put the
/// line break back where a sentence end runs straight into a capitalised word.
///
/// A scan rather than a regex: compiling the Unicode letter classes took longer than reading a
/// one-page resume, and every file is read by a fresh process.
fn separate_run_on_sentences(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len() + 16);
    for (i, &c) in chars.iter().enumerate() {
        out.push(c);
        let ends_sentence = c == '.'
            && i > 0
            && matches!(chars[i - 1], 'a'..='z' | '0'..='9' | ')')
            && chars.get(i + 1).is_some_and(|n| n.is_uppercase())
            && chars.get(i + 2).is_some_and(|n| n.is_lowercase());
        if ends_sentence {
            out.push('\n');
        }
    }
    out
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
        // Stream data is as long as its dictionary says; what follows is read like the rest.
        let too_short = format!(
            "<< /Length 3 >>\nstream\nabc 1 0 obj {} endstream",
            "[".repeat(101)
        );
        assert!(nests_deeper_than(too_short.as_bytes(), 100));
        let by_reference = format!(
            "<< /Length 9 0 R >>\nstream\n{}\nendstream",
            "[".repeat(500)
        );
        assert!(!nests_deeper_than(by_reference.as_bytes(), 100));
        assert_eq!(declared_length(b"<< /Length1 5 /Length 42 >>"), Some(42));
        assert_eq!(declared_length(b"<< /Length 42 0 R >>"), None);
        // What follows a stream, string or comment that never ends is still read.
        for opener in ["stream\n", "(", "<", "%"] {
            let unended = format!("{opener}\n1 0 obj {}", "[".repeat(101));
            assert!(nests_deeper_than(unended.as_bytes(), 100), "{opener:?}");
        }
    }

    #[test]
    fn a_file_without_its_end_or_cross_reference_is_damaged() {
        let whole = b"%PDF-1.4\n1 0 obj << >> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer << >>\nstartxref\n30\n%%EOF\n";
        assert_eq!(structural_damage(whole), None);
        let cut = &whole[..whole.len() - 20];
        assert!(structural_damage(cut).is_some_and(|d| d.contains("ends early")));
        let pointing_nowhere = String::from_utf8_lossy(whole).replace("\n30\n", "\n7\n");
        assert!(
            structural_damage(pointing_nowhere.as_bytes()).is_some_and(|d| d.contains("broken"))
        );
        let to_a_stream = String::from_utf8_lossy(whole).replace("\n30\n", "\n9\n");
        assert_eq!(
            structural_damage(to_a_stream.as_bytes()),
            None,
            "9 is `1 0 obj`"
        );
        let after_junk = [b"junk\n".as_slice(), whole].concat();
        assert_eq!(structural_damage(&after_junk), None);
    }

    #[test]
    fn unprintable_text_is_not_words() {
        assert!(mostly_unprintable("\u{FFFD}\u{FFFD} ab \u{E001}\u{E002}"));
        assert!(!mostly_unprintable("Łukasz Wiśniewski, Kraków"));
    }

    #[test]
    fn run_on_sentences_are_split() {
        assert_eq!(
            separate_run_on_sentences("per second.Migrated to Node.js"),
            "per second.\nMigrated to Node.js"
        );
        // Initials and abbreviations stay; accented capitals start a sentence too.
        assert_eq!(
            separate_run_on_sentences("J.R. Tolkien, e.g.This, v2.Élan, (done).Next, U.S."),
            "J.R. Tolkien, e.g.\nThis, v2.\nÉlan, (done).\nNext, U.S."
        );
    }
}
