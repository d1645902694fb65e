//! The BERT tokenizer of all-MiniLM-L6-v2 (uncased WordPiece), written to give the same ids as
//! Hugging Face's `BertTokenizerFast` with the model's `tokenizer.json`: `BertNormalizer` (clean
//! text, CJK characters split, accents stripped, lower case), `BertPreTokenizer` (whitespace and
//! punctuation) and greedy longest-match-first WordPiece with `##` continuations.
//!
//! Written here rather than taken from the `tokenizers` crate because that crate's dependency
//! tree (regex engines, rayon, serde models of every tokenizer kind) costs more to compile than
//! the rest of this crate together, for the one tokenizer we need.

use std::collections::HashMap;

use unicode_general_category::{GeneralCategory, get_general_category};
use unicode_normalization::UnicodeNormalization;

use crate::Error;

/// The id of `[UNK]`, `[CLS]` and `[SEP]` in BERT's uncased vocabulary.
const SPECIALS: [&str; 3] = ["[UNK]", "[CLS]", "[SEP]"];

/// Words longer than this (in characters) become `[UNK]`, as in the reference tokenizer.
const MAX_CHARS_PER_WORD: usize = 100;

/// A WordPiece vocabulary and the ids of its special tokens.
#[derive(Debug)]
pub struct Tokenizer {
    vocab: HashMap<String, u32>,
    unk: u32,
    /// The `[CLS]` id that starts every sequence.
    pub cls: u32,
    /// The `[SEP]` id that ends every sequence.
    pub sep: u32,
}

impl Tokenizer {
    /// Reads a `vocab.txt` (one token per line, the id is the line number).
    pub fn from_vocab(text: &str) -> Result<Self, Error> {
        let vocab: HashMap<String, u32> = text
            .lines()
            .enumerate()
            .map(|(id, token)| (token.to_string(), id as u32))
            .collect();
        let id = |token: &str| {
            vocab
                .get(token)
                .copied()
                .ok_or_else(|| Error::Model(format!("the vocabulary has no {token}")))
        };
        let [unk, cls, sep] = [id(SPECIALS[0])?, id(SPECIALS[1])?, id(SPECIALS[2])?];
        Ok(Self {
            vocab,
            unk,
            cls,
            sep,
        })
    }

    /// The word-piece ids of `text`, without `[CLS]`/`[SEP]` and without truncation.
    pub fn encode(&self, text: &str) -> Vec<u32> {
        let mut ids = Vec::new();
        for word in pre_tokenize(&normalize(text)) {
            self.word_pieces(word, &mut ids);
        }
        ids
    }

    /// Greedy longest-match-first: a word any part of which is not in the vocabulary is one
    /// `[UNK]` as a whole, like the reference (not `[UNK]` for that part only).
    fn word_pieces(&self, word: &str, ids: &mut Vec<u32>) {
        if word.chars().count() > MAX_CHARS_PER_WORD {
            ids.push(self.unk);
            return;
        }
        let first = ids.len();
        let mut start = 0;
        let mut piece = String::new();
        while start < word.len() {
            let mut end = word.len();
            let found = loop {
                piece.clear();
                if start > 0 {
                    piece.push_str("##");
                }
                piece.push_str(&word[start..end]);
                if let Some(&id) = self.vocab.get(&piece) {
                    break Some(id);
                }
                match word[start..end].char_indices().next_back() {
                    Some((last, _)) if last > 0 => end = start + last,
                    _ => break None,
                }
            };
            let Some(id) = found else {
                ids.truncate(first);
                ids.push(self.unk);
                return;
            };
            ids.push(id);
            start = end;
        }
    }
}

/// `BertNormalizer` with clean_text, handle_chinese_chars, strip_accents and lowercase on.
fn normalize(text: &str) -> String {
    let mut spaced = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c == '\0' || c == '\u{fffd}' || is_control(c) {
            continue;
        }
        if is_whitespace(c) {
            spaced.push(' ');
        } else if is_chinese(c) {
            spaced.push(' ');
            spaced.push(c);
            spaced.push(' ');
        } else {
            spaced.push(c);
        }
    }
    // Accents are stripped before lower-casing, as the reference does: NFD, then the
    // non-spacing marks dropped.
    spaced
        .nfd()
        .filter(|&c| get_general_category(c) != GeneralCategory::NonspacingMark)
        .flat_map(char::to_lowercase)
        .collect()
}

/// `BertPreTokenizer`: split on whitespace, and every punctuation character is a word of its own.
fn pre_tokenize(text: &str) -> impl Iterator<Item = &str> {
    text.split(' ').flat_map(|chunk| {
        let mut words = Vec::new();
        let mut start = 0;
        for (at, c) in chunk.char_indices() {
            if is_punctuation(c) {
                if start < at {
                    words.push(&chunk[start..at]);
                }
                words.push(&chunk[at..at + c.len_utf8()]);
                start = at + c.len_utf8();
            }
        }
        if start < chunk.len() {
            words.push(&chunk[start..]);
        }
        words
    })
}

fn is_whitespace(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || c.is_whitespace()
}

/// Unicode's "other" categories (Cc, Cf, Cn, Co, Cs) except tab and line breaks: soft hyphens,
/// zero-width joiners, byte-order marks and private-use icon glyphs are dropped.
fn is_control(c: char) -> bool {
    use GeneralCategory::{Control, Format, PrivateUse, Surrogate, Unassigned};
    !matches!(c, '\t' | '\n' | '\r')
        && matches!(
            get_general_category(c),
            Control | Format | Unassigned | PrivateUse | Surrogate
        )
}

/// The CJK ideograph blocks the reference pads with spaces (each ideograph is a word).
fn is_chinese(c: char) -> bool {
    matches!(
        u32::from(c),
        0x4E00..=0x9FFF
            | 0x3400..=0x4DBF
            | 0x20000..=0x2A6DF
            | 0x2A700..=0x2B73F
            | 0x2B740..=0x2B81F
            | 0x2B920..=0x2CEAF
            | 0xF900..=0xFAFF
            | 0x2F800..=0x2FA1F
    )
}

/// ASCII punctuation and symbols (`$`, `+`, `<`, `^`, `` ` ``, `|`, `~` included), and Unicode's
/// punctuation categories.
fn is_punctuation(c: char) -> bool {
    use GeneralCategory::{
        ClosePunctuation, ConnectorPunctuation, DashPunctuation, FinalPunctuation,
        InitialPunctuation, OpenPunctuation, OtherPunctuation,
    };
    c.is_ascii_punctuation()
        || matches!(
            get_general_category(c),
            ClosePunctuation
                | ConnectorPunctuation
                | DashPunctuation
                | FinalPunctuation
                | InitialPunctuation
                | OpenPunctuation
                | OtherPunctuation
        )
}

#[cfg(test)]
#[path = "tokenizer_tests.rs"]
mod tests;
