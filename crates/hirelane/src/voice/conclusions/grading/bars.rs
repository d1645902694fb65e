//! The analysis page's three bars, from the per-question grades and from what can be measured
//! of the candidate's speech. [`METHOD`] is shown on the page and kept with every grading.

use super::super::evidence::{Speaker, Turn};
use super::{AnswerGrade, Bars, CommunicationFeatures, FlagCode};
use crate::voice::rubric::Competency;

/// How the bars are computed, in words; stored with each grading so a page always explains
/// the figures it shows.
pub const METHOD: &str = "Technical and Problem solving are the mean grade (0-5, shown as \
0-100) of the asked questions tagged with that competency that have key points; a question \
without key points is graded but not counted. Communication is measured, not judged: half is \
the share of asked questions answered, a quarter the speaking pace (full between 110 and 170 \
words a minute, none below 60 or above 220), a quarter the filler words (um, uh, er, hmm, \
\"you know\", \"I mean\"; none at 10 per 100 words); without timings the pace is left out and \
the rest reweighted. No bar uses the provider's analysis.";

/// Fillers, single words and pairs, as Whisper writes them (lowercase, no punctuation).
const FILLERS: &[&str] = &["um", "umm", "uh", "uhh", "er", "erm", "hmm", "mm"];
const FILLER_PAIRS: &[[&str; 2]] = &[["you", "know"], ["i", "mean"]];

pub fn bars(grades: &[AnswerGrade], features: &CommunicationFeatures) -> Bars {
    Bars {
        technical: competency_bar(grades, Competency::Technical),
        problem_solving: competency_bar(grades, Competency::ProblemSolving),
        communication: communication_bar(features),
    }
}

fn competency_bar(grades: &[AnswerGrade], competency: Competency) -> Option<i64> {
    mean_percent(grades.iter().filter(|g| g.competency == competency))
}

/// The mean grade of every asked question with key points, 0-100: the interview's one figure
/// for the bias audit's interview step.
pub fn overall(grades: &[AnswerGrade]) -> Option<i64> {
    mean_percent(grades.iter())
}

/// The mean grade (as 0-100) of the asked questions among `grades` that have key points.
fn mean_percent<'a>(grades: impl Iterator<Item = &'a AnswerGrade>) -> Option<i64> {
    let scores: Vec<f64> = grades
        .filter(|g| !g.key_points.is_empty())
        .filter_map(|g| g.score)
        .collect();
    if scores.is_empty() {
        return None;
    }
    let mean = scores.iter().sum::<f64>() / scores.len() as f64;
    Some((mean / assess::MAX_SCORE * 100.0).round() as i64)
}

fn communication_bar(f: &CommunicationFeatures) -> Option<i64> {
    if f.asked == 0 {
        return None;
    }
    let answered = f.answered as f64 / f.asked as f64;
    let fillers = f
        .filler_rate
        .map_or(1.0, |rate| (1.0 - rate / 10.0).max(0.0));
    let value = match f.words_per_minute.map(pace) {
        Some(pace) => 0.5 * answered + 0.25 * pace + 0.25 * fillers,
        None => (0.5 * answered + 0.25 * fillers) / 0.75,
    };
    Some((value * 100.0).round() as i64)
}

/// 1 inside 110-170 words a minute, falling linearly to 0 at 60 and at 220.
fn pace(wpm: f64) -> f64 {
    if wpm < 110.0 {
        ((wpm - 60.0) / 50.0).clamp(0.0, 1.0)
    } else if wpm > 170.0 {
        ((220.0 - wpm) / 50.0).clamp(0.0, 1.0)
    } else {
        1.0
    }
}

/// What is measured of the candidate's speech: answers given, pace over the timed turns, fillers.
pub fn features(turns: &[Turn], grades: &[AnswerGrade]) -> CommunicationFeatures {
    let asked: Vec<&AnswerGrade> = grades.iter().filter(|g| g.asked).collect();
    let answered = asked
        .iter()
        .filter(|g| !g.flags.iter().any(|f| f.code == FlagCode::NoAnswerHeard))
        .count();
    let said: Vec<&Turn> = turns
        .iter()
        .filter(|t| t.speaker == Speaker::Candidate)
        .collect();
    // Counted on the neutral text the grader reads, so a name or an address said aloud moves
    // no figure.
    let words: Vec<Vec<String>> = said
        .iter()
        .map(|t| lower_words(&assess::neutral::neutral(&t.text)))
        .collect();
    let total: usize = words.iter().map(Vec::len).sum();
    let (timed_words, timed_seconds) = said.iter().zip(&words).fold((0, 0.0), |(w, s), (t, ws)| {
        match (t.start_seconds, t.end_seconds) {
            (Some(from), Some(to)) if to > from => (w + ws.len(), s + (to - from)),
            _ => (w, s),
        }
    });
    let fillers: usize = words.iter().map(|ws| filler_count(ws)).sum();
    CommunicationFeatures {
        asked: asked.len(),
        answered,
        words_per_minute: (timed_seconds >= 5.0 && timed_words > 0)
            .then(|| round1(timed_words as f64 / (timed_seconds / 60.0))),
        filler_rate: (total > 0).then(|| round1(fillers as f64 * 100.0 / total as f64)),
    }
}

fn lower_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

fn filler_count(words: &[String]) -> usize {
    let single = words
        .iter()
        .filter(|w| FILLERS.contains(&w.as_str()))
        .count();
    let pairs = words
        .windows(2)
        .filter(|w| FILLER_PAIRS.iter().any(|p| w[0] == p[0] && w[1] == p[1]))
        .count();
    single + pairs
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pace_is_full_in_the_conversational_band_and_falls_off_outside() {
        assert_eq!(pace(140.0), 1.0);
        assert_eq!(pace(60.0), 0.0);
        assert_eq!(pace(85.0), 0.5);
        assert_eq!(pace(195.0), 0.5);
        assert_eq!(pace(300.0), 0.0);
    }

    #[test]
    fn fillers_are_counted_as_words_and_pairs() {
        let words = lower_words("Um, you know, I mean the cache, uh, expires. I know you.");
        assert_eq!(filler_count(&words), 4);
    }

    #[test]
    fn communication_without_timings_reweights_the_rest() {
        let f = CommunicationFeatures {
            asked: 4,
            answered: 4,
            words_per_minute: None,
            filler_rate: Some(0.0),
        };
        assert_eq!(communication_bar(&f), Some(100));
        let none = CommunicationFeatures {
            asked: 0,
            answered: 0,
            words_per_minute: None,
            filler_rate: None,
        };
        assert_eq!(communication_bar(&none), None);
    }
}
