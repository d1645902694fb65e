//! Text normalisation shared by every extractor.

use unicode_normalization::UnicodeNormalization;

/// Normalises extracted text so that parsing sees one spelling of everything:
/// NFKC (ligatures such as "ﬁ" become "fi"), bullets (U+F0B7 from Word's Symbol font, U+2022 and
/// friends) become "-", odd hyphens become "-", curly quotes become straight, invisible
/// characters go, words hyphenated across a line break are re-joined, runs of spaces become one
/// and blank lines are squeezed to at most one.
pub fn normalize(raw: &str) -> String {
    let mut simple = String::with_capacity(raw.len());
    for c in raw.nfkc() {
        match c {
            '\u{F0B7}' | '\u{2022}' | '\u{25CF}' | '\u{25AA}' | '\u{25A0}' | '\u{25E6}'
            | '\u{2023}' | '\u{2043}' | '\u{2219}' | '\u{F0A7}' | '\u{F076}' | '\u{F0D8}'
            | '\u{F0FC}' | '\u{27A2}' | '\u{25BA}' | '\u{2756}' | '\u{00B7}' => simple.push('-'),
            '\u{2010}' | '\u{2011}' | '\u{2212}' => simple.push('-'),
            '\u{2018}' | '\u{2019}' | '\u{201B}' | '\u{2032}' => simple.push('\''),
            '\u{201C}' | '\u{201D}' | '\u{201F}' => simple.push('"'),
            '\u{00AD}' | '\u{200B}' | '\u{200C}' | '\u{200D}' | '\u{2060}' | '\u{FEFF}' => {}
            '\r' | '\u{000C}' | '\u{2028}' | '\u{2029}' | '\u{0085}' => simple.push('\n'),
            '\t' => simple.push(' '),
            c if c.is_control() && c != '\n' => {}
            c if c.is_whitespace() && c != '\n' => simple.push(' '),
            c => simple.push(c),
        }
    }

    let mut out = String::with_capacity(simple.len());
    let mut blank_run = 0usize;
    let mut pending_join = false;
    for line in simple.split('\n') {
        let collapsed = collapse_spaces(line);
        if collapsed.is_empty() {
            blank_run += 1;
            continue;
        }
        if pending_join && starts_lowercase(&collapsed) {
            // "develop-" + "ment": drop the hyphen and the line break.
            out.pop();
            out.push_str(&collapsed);
        } else {
            if !out.is_empty() {
                out.push('\n');
                if blank_run > 0 {
                    out.push('\n');
                }
            }
            out.push_str(&collapsed);
        }
        blank_run = 0;
        pending_join = ends_with_broken_word(&out);
    }
    out
}

fn collapse_spaces(line: &str) -> String {
    let mut s = String::with_capacity(line.len());
    for word in line.split(' ').filter(|w| !w.is_empty()) {
        if !s.is_empty() {
            s.push(' ');
        }
        s.push_str(word);
    }
    s
}

/// A line ending in "letter letter -" (not " -", not "--") is a word broken by hyphenation.
fn ends_with_broken_word(s: &str) -> bool {
    let mut rev = s.chars().rev();
    matches!(
        (rev.next(), rev.next(), rev.next()),
        (Some('-'), Some(a), Some(b)) if a.is_lowercase() && b.is_alphabetic()
    )
}

fn starts_lowercase(s: &str) -> bool {
    s.chars().next().is_some_and(char::is_lowercase)
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn ligatures_bullets_and_spaces() {
        assert_eq!(normalize("ﬁnance  and\u{00A0}ﬂow"), "finance and flow");
        assert_eq!(
            normalize("\u{F0B7} Python\n\u{2022}\tRust"),
            "- Python\n- Rust"
        );
        assert_eq!(normalize("O\u{2019}Brien"), "O'Brien");
    }

    #[test]
    fn rejoins_hyphenated_words_only() {
        assert_eq!(normalize("develop-\nment of apps"), "development of apps");
        assert_eq!(normalize("2019 -\n2021"), "2019 -\n2021");
        assert_eq!(normalize("Front-\nEnd"), "Front-\nEnd");
    }

    #[test]
    fn squeezes_blank_lines_and_crlf() {
        assert_eq!(normalize("a\r\n\r\n\r\n\r\nb\n"), "a\n\nb");
        assert_eq!(normalize("  \n\n  x  y  \n"), "x y");
    }
}
