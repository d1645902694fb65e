//! Words with their places in the text, stems, function words, and the splitting of a
//! reference answer into key points and of an answer into segments.

use std::collections::HashSet;
use std::sync::LazyLock;

use rust_stemmers::{Algorithm, Stemmer};

/// One word of a text: its char span (Unicode scalar values, as `Array.from(text)` counts them
/// in a browser), its lower-case form and its stem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// First char of the word.
    pub start: usize,
    /// One past its last char.
    pub end: usize,
    /// Lower-case, with typographic apostrophes made plain.
    pub lower: String,
    /// Snowball English stem of `lower` (a trailing `'s` removed first).
    pub stem: String,
}

impl Word {
    /// A function word (article, pronoun, auxiliary, filler) or a negation: no content.
    pub fn is_function(&self) -> bool {
        STOPWORDS.contains(self.lower.as_str()) || is_negation(&self.lower)
    }

    /// A word that can carry a key point: not a function word, and not a lone letter.
    pub fn is_content(&self) -> bool {
        !self.is_function()
            && (self.lower.chars().count() >= 2 || self.lower.chars().all(|c| c.is_ascii_digit()))
    }
}

static STOPWORDS: LazyLock<HashSet<&'static str>> = LazyLock::new(|| {
    include_str!("stopwords.txt")
        .lines()
        .map(|l| l.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
        .collect()
});

static STEMMER: LazyLock<Stemmer> = LazyLock::new(|| Stemmer::create(Algorithm::English));

/// Words that reverse what a clause says. (`without` is left out: "finds rows without a
/// scan" and "instead of scanning" say the same thing.)
pub fn is_negation(lower: &str) -> bool {
    matches!(
        lower,
        "not" | "no" | "never" | "none" | "nothing" | "neither" | "nor" | "cannot"
    ) || lower.ends_with("n't")
}

/// A char that may continue a word: letters, digits, and the `+ # '` of C++, C# and don't.
fn inner(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, '+' | '#' | '\'' | '\u{2019}')
}

/// The words of `text` in order. A word starts with a letter or digit and ends with a letter,
/// digit, `+` or `#`.
pub fn words(text: &str) -> Vec<Word> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_alphanumeric() {
            i += 1;
            continue;
        }
        let start = i;
        let mut end = i + 1;
        let mut j = i + 1;
        while j < chars.len() && inner(chars[j]) {
            j += 1;
            if chars[j - 1].is_alphanumeric() || matches!(chars[j - 1], '+' | '#') {
                end = j;
            }
        }
        let lower: String = chars[start..end]
            .iter()
            .flat_map(|c| c.to_lowercase())
            .map(|c| if c == '\u{2019}' { '\'' } else { c })
            .collect();
        let base = lower.strip_suffix("'s").unwrap_or(&lower);
        let stem = STEMMER.stem(base).into_owned();
        out.push(Word {
            start,
            end,
            lower,
            stem,
        });
        i = end;
    }
    out
}

/// A piece of a text with its char span.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// First char.
    pub start: usize,
    /// One past the last char.
    pub end: usize,
    /// The text of the piece.
    pub text: String,
}

/// Splits `text` into sentences at `. ! ? ;` followed by white space, at `:` followed by a line
/// break, and at line breaks; bullets and white space are trimmed off each piece.
pub fn sentences(text: &str) -> Vec<Piece> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut start = 0;
    for i in 0..=chars.len() {
        let at_end = i == chars.len();
        let cut = at_end
            || chars[i] == '\n'
            || (matches!(chars[i], '.' | '!' | '?' | ';')
                && chars.get(i + 1).is_some_and(|c| c.is_whitespace())
                // "e.g. " and "i.e. " do not end a sentence.
                && !(i >= 3 && chars[i - 2] == '.'));
        if cut {
            let end = if at_end || chars[i] == '\n' { i } else { i + 1 };
            push_trimmed(&chars, start, end, &mut out);
            start = i + 1;
        }
    }
    out
}

fn push_trimmed(chars: &[char], mut start: usize, mut end: usize, out: &mut Vec<Piece>) {
    let trim = |c: char| c.is_whitespace() || matches!(c, '-' | '*' | '\u{2022}');
    while start < end && trim(chars[start]) {
        start += 1;
    }
    while end > start && chars[end - 1].is_whitespace() {
        end -= 1;
    }
    if chars[start..end].iter().any(|c| c.is_alphanumeric()) {
        out.push(Piece {
            start,
            end,
            text: chars[start..end].iter().collect(),
        });
    }
}

/// A sentence with more content words than this is split into clauses when deriving key
/// points: a long reference sentence usually packs several points.
const LONG_SENTENCE_CONTENT_WORDS: usize = 14;

/// Key points derived from a reference answer: its sentences, and the clauses of long ones
/// (split at commas and at `and`, `but`, `while`, `whereas`, `because`), each with at least
/// one content word.
pub fn derive_key_points(reference: &str) -> Vec<String> {
    let mut out = Vec::new();
    for sentence in sentences(reference) {
        let content = content_count(&sentence.text);
        if content == 0 {
            continue;
        }
        if content > LONG_SENTENCE_CONTENT_WORDS {
            let clauses: Vec<String> = clauses(&sentence.text)
                .into_iter()
                .filter(|c| content_count(c) >= 2)
                .collect();
            if clauses.len() > 1 {
                out.extend(clauses);
                continue;
            }
        }
        out.push(sentence.text);
    }
    out
}

fn content_count(text: &str) -> usize {
    words(text).iter().filter(|w| w.is_content()).count()
}

/// Splits a sentence at commas and clause-joining conjunctions.
fn clauses(sentence: &str) -> Vec<String> {
    const JOINERS: [&str; 5] = ["and", "but", "while", "whereas", "because"];
    let mut out = Vec::new();
    let mut current = String::new();
    for token in sentence.split_whitespace() {
        let bare = token
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        if JOINERS.contains(&bare.as_str()) && !current.is_empty() {
            out.push(std::mem::take(&mut current));
            continue;
        }
        if !current.is_empty() {
            current.push(' ');
        }
        current.push_str(token);
        if token.ends_with(',') {
            out.push(std::mem::take(&mut current));
        }
    }
    out.push(current);
    out.into_iter()
        .map(|c| c.trim().trim_end_matches(',').to_owned())
        .filter(|c| !c.is_empty())
        .collect()
}

/// Sentences longer than this many words are cut into overlapping windows, so a transcript
/// without punctuation still offers sentence-sized pieces to compare with a key point.
const WINDOW_WORDS: usize = 25;
const WINDOW_STRIDE: usize = 15;
const LONG_SEGMENT_WORDS: usize = 30;

/// The answer's segments: its sentences, long ones as overlapping windows of words.
pub fn segments(answer: &str) -> Vec<Piece> {
    let chars: Vec<char> = answer.chars().collect();
    let mut out = Vec::new();
    for sentence in sentences(answer) {
        let ws = words(&sentence.text);
        if ws.len() <= LONG_SEGMENT_WORDS {
            out.push(sentence);
            continue;
        }
        let mut i = 0;
        while i + 10 < ws.len() {
            let last = (i + WINDOW_WORDS).min(ws.len()) - 1;
            let (start, end) = (sentence.start + ws[i].start, sentence.start + ws[last].end);
            out.push(Piece {
                start,
                end,
                text: chars[start..end].iter().collect(),
            });
            i += WINDOW_STRIDE;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_their_char_spans_and_stems() {
        let text = "Café's C++ and C# aren't “slow”: caching helps.";
        let ws = words(text);
        let chars: Vec<char> = text.chars().collect();
        let shown: Vec<String> = ws
            .iter()
            .map(|w| chars[w.start..w.end].iter().collect())
            .collect();
        assert_eq!(
            shown,
            [
                "Café's", "C++", "and", "C#", "aren't", "slow", "caching", "helps"
            ]
        );
        assert_eq!(ws[0].stem, "café");
        assert_eq!(ws[6].stem, "cach");
        assert!(ws[4].is_function() && is_negation(&ws[4].lower));
        assert!(ws[1].is_content());
    }

    #[test]
    fn key_points_come_from_sentences_and_long_sentences_clauses() {
        let points = derive_key_points(
            "An index speeds up reads. It slows down writes; it takes disk space.\n\
             - Use it on columns you filter by",
        );
        assert_eq!(
            points,
            [
                "An index speeds up reads.",
                "It slows down writes;",
                "it takes disk space.",
                "Use it on columns you filter by"
            ]
        );
        let long = "A process has its own address space, file handles and security context, \
                    whereas threads of one process share memory and handles and switch faster";
        assert!(derive_key_points(long).len() >= 3);
    }

    #[test]
    fn long_unpunctuated_answers_become_windows() {
        let answer = "word ".repeat(70);
        let segs = segments(&answer);
        assert!(segs.len() >= 4);
        assert!(segs.iter().all(|s| words(&s.text).len() <= WINDOW_WORDS));
    }
}
