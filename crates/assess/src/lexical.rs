//! Lexical alignment of a key point with an answer: which of the point's content words the
//! answer says (same stem, or one edit away for longer words, which absorbs most speech
//! recognition slips), weighted so that words the question already gives away count little.

use std::collections::HashSet;

use crate::text::Word;

/// A key-point word that the question also uses counts this much: an answer that repeats the
/// question gets no credit for it.
pub const QUESTION_WORD_WEIGHT: f64 = 0.25;

/// Stems shorter than this must match exactly; longer ones may be one edit apart.
const FUZZY_MIN_CHARS: usize = 5;

/// The stems of a text's content words.
pub fn content_stems(words: &[Word]) -> HashSet<&str> {
    words
        .iter()
        .filter(|w| w.is_content())
        .map(|w| w.stem.as_str())
        .collect()
}

/// How one key point is met by an answer, word by word.
#[derive(Debug, Clone, PartialEq)]
pub struct Alignment {
    /// Weighted share of the point's content words the answer says, 0-1.
    pub recall: f64,
    /// Indices (into the answer's words) of the words that matched, leaving out words the
    /// question gives away when the point has others.
    pub matched: Vec<usize>,
}

/// Aligns a key point's words with the answer's.
pub fn align(point: &[Word], answer: &[Word], question: &HashSet<&str>) -> Alignment {
    let mut total = 0.0;
    let mut hit = 0.0;
    let mut matched = Vec::new();
    let mut seen = HashSet::new();
    let has_own_words = point
        .iter()
        .any(|w| w.is_content() && !question.contains(w.stem.as_str()));
    for w in point.iter().filter(|w| w.is_content()) {
        if !seen.insert(w.stem.as_str()) {
            continue;
        }
        let weight = if question.contains(w.stem.as_str()) {
            QUESTION_WORD_WEIGHT
        } else {
            1.0
        };
        total += weight;
        let found: Vec<usize> = answer
            .iter()
            .enumerate()
            .filter(|(_, a)| a.is_content() && same(&w.stem, &a.stem))
            .map(|(i, _)| i)
            .collect();
        if !found.is_empty() {
            hit += weight;
            if weight == 1.0 || !has_own_words {
                matched.extend(found);
            }
        }
    }
    matched.sort_unstable();
    matched.dedup();
    Alignment {
        recall: if total > 0.0 { hit / total } else { 0.0 },
        matched,
    }
}

/// Two stems name the same thing: equal, or both long and one edit apart.
pub fn same(a: &str, b: &str) -> bool {
    a == b
        || (a.chars().count() >= FUZZY_MIN_CHARS
            && b.chars().count() >= FUZZY_MIN_CHARS
            && one_edit(a, b))
}

/// At most one substitution, insertion or deletion apart.
fn one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    match long.len() - short.len() {
        0 => short.iter().zip(&long).filter(|(x, y)| x != y).count() <= 1,
        1 => {
            let i = short.iter().zip(&long).take_while(|(x, y)| x == y).count();
            short[i..] == long[i + 1..]
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::words;

    #[test]
    fn question_words_count_little_and_slips_still_match() {
        let question = words("What does an index do to database reads?");
        let q = content_stems(&question);
        let point = words("An index speeds up database reads");
        let echo = align(
            &point,
            &words("An index does things to database reads."),
            &q,
        );
        let real = align(&point, &words("It makes lookups speed up a lot."), &q);
        assert!(echo.recall < 0.5, "{echo:?}");
        assert!(real.recall > echo.recall, "{real:?} vs {echo:?}");
        assert!(same("kubernet", "kubernetz"));
        assert!(!same("read", "road"));
    }
}
