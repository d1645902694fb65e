//! The form of an answer, whatever its content: is anything said, is it English prose, does it
//! only repeat the question. These rules guard the fitted score against answers the public
//! training data hardly has: silence, another language, a keyword list, the question echoed.

use std::collections::HashSet;

use crate::Flag;
use crate::text::Word;

/// Function words of languages an answer is likely to be in instead of English, minus those
/// English shares (`a`, `no`, `me`, `on`, ...).
const FOREIGN: &[&str] = &[
    // Spanish, Portuguese, Italian
    "el", "la", "los", "las", "del", "que", "es", "un", "una", "por", "para", "con", "como", "pero",
    "muy", "más", "mas", "está", "son", "se", "lo", "le", "su", "sus", "al", "y", "o", "não",
    "nao", "uma", "os", "em", "com", "mais", "il", "di", "che", "è", "per", "sono", "della", "gli",
    "non", "ma", "anche", "questo", // French
    "les", "des", "du", "est", "et", "une", "pour", "pas", "qui", "dans", "ce", "sont", "avec",
    "mais", "nous", "vous", "je", "cette", "ou", "très", // German, Dutch
    "der", "die", "das", "und", "ist", "nicht", "ein", "eine", "zu", "mit", "den", "dem", "auf",
    "sich", "auch", "wir", "ich", "sie", "wenn", "wird", "werden", "oder", "het", "een", "niet",
    "zijn", "ook", "dat", "wordt", "kann", "dass",
];

/// An answer shorter than this (in words) is not judged for its form: a short answer can be a
/// bare term and be right.
const FORM_MIN_WORDS: usize = 8;
/// English prose has a third to a half of its words function words; a term list almost none.
const PROSE_MIN_FUNCTION_SHARE: f64 = 0.15;
/// More than this share of repeated content words is padding.
const MAX_REPEAT_SHARE: f64 = 0.5;
/// An answer with less than this share of its content words new to the question echoes it.
const MIN_NOVELTY: f64 = 0.2;

/// Score multipliers for answers of the wrong form; not fitted (the public sets hold few such
/// answers), chosen so that a flagged answer cannot reach the middle of the scale.
pub const ECHO_FACTOR: f64 = 0.35;
/// See [`ECHO_FACTOR`].
pub const OTHER_LANGUAGE_FACTOR: f64 = 0.2;
/// See [`ECHO_FACTOR`].
pub const NOT_PROSE_FACTOR: f64 = 0.3;

/// What the form of an answer says.
#[derive(Debug, Clone, PartialEq)]
pub struct Form {
    /// Words in the answer.
    pub words: usize,
    /// Content words in the answer.
    pub content: usize,
    /// Share of its words that are English function words.
    pub function_share: f64,
    /// Share of its distinct content stems the question does not use.
    pub novelty: f64,
    /// The form flags raised.
    pub flags: Vec<Flag>,
}

impl Form {
    /// The multiplier the form flags put on the score.
    pub fn factor(&self) -> f64 {
        self.flags
            .iter()
            .map(|f| match f {
                Flag::EchoesQuestion => ECHO_FACTOR,
                Flag::OtherLanguage => OTHER_LANGUAGE_FACTOR,
                Flag::NotProse => NOT_PROSE_FACTOR,
                _ => 1.0,
            })
            .fold(1.0, f64::min)
    }
}

/// Reads the form of an answer, given its words and the question's content stems.
pub fn form(answer: &str, words: &[Word], question: &HashSet<&str>) -> Form {
    let n = words.len();
    let content: Vec<&Word> = words.iter().filter(|w| w.is_content()).collect();
    let share = |count: usize| if n == 0 { 0.0 } else { count as f64 / n as f64 };
    let function_share = share(words.iter().filter(|w| w.is_function()).count());
    let stems: HashSet<&str> = content.iter().map(|w| w.stem.as_str()).collect();
    let novelty = if stems.is_empty() {
        0.0
    } else {
        stems.iter().filter(|s| !question.contains(*s)).count() as f64 / stems.len() as f64
    };
    let mut flags = Vec::new();
    if content.is_empty() {
        flags.push(Flag::NoAnswerHeard);
    } else {
        if other_language(answer, words, function_share) {
            flags.push(Flag::OtherLanguage);
        } else if n >= FORM_MIN_WORDS {
            let repeat = 1.0 - stems.len() as f64 / content.len() as f64;
            if function_share < PROSE_MIN_FUNCTION_SHARE || repeat > MAX_REPEAT_SHARE {
                flags.push(Flag::NotProse);
            }
        }
        if !question.is_empty() && content.len() >= 2 && novelty < MIN_NOVELTY {
            flags.push(Flag::EchoesQuestion);
        }
    }
    Form {
        words: n,
        content: content.len(),
        function_share,
        novelty,
        flags,
    }
}

/// Another language: mostly letters outside Latin script, or more foreign function words than
/// English ones.
fn other_language(answer: &str, words: &[Word], function_share: f64) -> bool {
    if words.len() < 4 {
        return false;
    }
    let letters = answer.chars().filter(|c| c.is_alphabetic()).count();
    let non_latin = answer
        .chars()
        .filter(|c| c.is_alphabetic() && (*c as u32) > 0x24F)
        .count();
    if letters > 0 && non_latin * 2 > letters {
        return true;
    }
    let foreign = words
        .iter()
        .filter(|w| FOREIGN.contains(&w.lower.as_str()))
        .count() as f64
        / words.len() as f64;
    foreign >= 0.15 && foreign > function_share
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lexical::content_stems;
    use crate::text::words;

    fn flags(question: &str, answer: &str) -> Vec<Flag> {
        let q = words(question);
        form(answer, &words(answer), &content_stems(&q)).flags
    }

    #[test]
    fn the_form_of_non_answers_is_flagged() {
        let q = "How does a hash map handle collisions?";
        assert_eq!(flags(q, ""), [Flag::NoAnswerHeard]);
        assert_eq!(flags(q, "um, uh... hmm"), [Flag::NoAnswerHeard]);
        assert_eq!(
            flags(q, "A hash map handles collisions, how does it handle them"),
            [Flag::EchoesQuestion]
        );
        assert_eq!(
            flags(
                q,
                "Los mapas usan listas enlazadas en cada cubo y la tabla se agranda cuando está llena"
            ),
            [Flag::OtherLanguage]
        );
        assert_eq!(
            flags(q, "Хеш-таблица хранит списки в каждой ячейке"),
            [Flag::OtherLanguage]
        );
        assert_eq!(
            flags(
                q,
                "chaining buckets linked list probing rehash load factor resize buckets"
            ),
            [Flag::NotProse]
        );
        assert!(
            flags(
                q,
                "Each bucket keeps a linked list, and when the load factor grows too high the \
                 table is resized and every key is rehashed."
            )
            .is_empty()
        );
        assert!(flags(q, "Chaining.").is_empty());
    }
}
