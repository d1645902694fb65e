//! Long texts in parts the model sees whole: the model reads at most [`MAX_PIECES`] word pieces,
//! so a resume is embedded part by part.

use crate::MAX_PIECES;
use crate::tokenizer::Tokenizer;

/// Consecutive parts of `text` of at most `MAX_PIECES` word pieces each, cut after a sentence
/// or a line where one fits, else between words (a single word longer than that stays whole
/// and is truncated when embedded). Whitespace between parts is dropped; nothing else is.
pub(crate) fn split<'t>(tokenizer: &Tokenizer, text: &'t str) -> Vec<&'t str> {
    let mut parts = Parts {
        text,
        done: Vec::new(),
        open: None,
    };
    for (start, end) in units(text) {
        let count = tokenizer.encode(&text[start..end]).len();
        if count <= MAX_PIECES {
            parts.add(start, end, count);
            continue;
        }
        // A sentence too long for one part goes in word by word.
        for (word_start, word_end) in words(&text[start..end]) {
            let word = &text[start + word_start..start + word_end];
            parts.add(
                start + word_start,
                start + word_end,
                tokenizer.encode(word).len(),
            );
        }
    }
    parts.finish()
}

/// The parts made so far and the open one (start, end, word pieces). Word pieces add up
/// across whitespace, since the tokenizer splits words at whitespace first.
struct Parts<'t> {
    text: &'t str,
    done: Vec<&'t str>,
    open: Option<(usize, usize, usize)>,
}

impl<'t> Parts<'t> {
    /// Extends the open part with a span, or closes it and opens a new one with the span.
    fn add(&mut self, start: usize, end: usize, pieces: usize) {
        match &mut self.open {
            Some((_, open_end, open_pieces)) if *open_pieces + pieces <= MAX_PIECES => {
                *open_end = end;
                *open_pieces += pieces;
            }
            open => {
                if let Some((open_start, open_end, _)) = open.replace((start, end, pieces)) {
                    self.done.push(&self.text[open_start..open_end]);
                }
            }
        }
    }

    fn finish(mut self) -> Vec<&'t str> {
        if let Some((start, end, _)) = self.open {
            self.done.push(&self.text[start..end]);
        }
        self.done
    }
}

/// Sentences and lines: spans ending after `.`, `!`, `?` or `;` followed by whitespace, or at a
/// line break, with surrounding whitespace left out.
fn units(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next_is_space = chars.peek().is_none_or(|&(_, n)| n.is_whitespace());
        if c == '\n' || (matches!(c, '.' | '!' | '?' | ';') && next_is_space) {
            spans.push((start, at + c.len_utf8()));
            start = at + c.len_utf8();
        }
    }
    spans.push((start, text.len()));
    spans
        .into_iter()
        .filter_map(|(s, e)| trim(text, s, e))
        .collect()
}

/// Whitespace-separated words of a span, as offsets into it.
fn words(span: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (at, c) in span.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(word_start)) => {
                spans.push((word_start, at));
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    if let Some(word_start) = start {
        spans.push((word_start, span.len()));
    }
    spans
}

/// The span without leading and trailing whitespace, or nothing if that is all it has.
fn trim(text: &str, start: usize, end: usize) -> Option<(usize, usize)> {
    let span = &text[start..end];
    let trimmed = span.trim();
    if trimmed.is_empty() {
        return None;
    }
    let lead = span.len() - span.trim_start().len();
    Some((start + lead, start + lead + trimmed.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toy() -> Tokenizer {
        Tokenizer::from_vocab("[UNK]\n[CLS]\n[SEP]\na\nb\n.").expect("a toy vocabulary")
    }

    #[test]
    fn short_texts_stay_whole_and_blank_ones_vanish() {
        assert_eq!(split(&toy(), "  a b. a\n"), ["a b. a"]);
        assert!(split(&toy(), " \n ").is_empty());
    }

    #[test]
    fn parts_break_after_sentences_and_hold_at_most_the_limit() {
        // Each sentence is 100 word pieces with its full stop: two fit in a part, three do not.
        let sentence = format!("{}.", ["a"; 99].join(" "));
        let text = [sentence.as_str(); 5].join(" ");
        let parts = split(&toy(), &text);
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0], format!("{sentence} {sentence}"));
        assert_eq!(parts[2], sentence);
        assert!(parts.iter().all(|p| toy().encode(p).len() <= MAX_PIECES));
    }

    #[test]
    fn a_sentence_over_the_limit_is_cut_between_words() {
        let text = ["b"; 600].join(" ");
        let parts = split(&toy(), &text);
        assert_eq!(
            parts
                .iter()
                .map(|p| toy().encode(p).len())
                .collect::<Vec<_>>(),
            [254, 254, 92]
        );
        assert_eq!(parts.join(" "), text);
    }
}
