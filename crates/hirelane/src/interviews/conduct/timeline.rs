//! The conduct log as the analysis page shows it: the page's events placed on the call's
//! timeline and in the question they happened during, the server's own (how long each answer
//! took to begin, long silences within answers) worked out from the stored turns, and a plain
//! summary. It describes; it never judges.

use hirelane_core::clock::{from_millis, to_iso};
use serde::Serialize;
use utoipa::ToSchema;

use super::repo::Reported;
use super::{ConductKind, LONG_SILENCE_SECONDS};
use crate::voice::conclusions::evidence::{QuestionEvidence, Speaker, Turn};

/// Who noticed an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ConductSource {
    /// The candidate's interview page.
    Page,
    /// The server, from the conversation's turns.
    Server,
}

/// One entry of the conduct log.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConductEvent {
    pub kind: ConductKind,
    pub source: ConductSource,
    /// When (ISO-8601, the server's clock); null when the call's start is unknown.
    pub at: Option<String>,
    /// Seconds from the start of the call (and of its recording); null when unknown or before
    /// the call started.
    pub seconds_from_start: Option<f64>,
    /// The scripted question (1-based) it happened during.
    pub question: Option<usize>,
    /// How long it lasted: the tab hidden, the focus away, the microphone muted, the connection
    /// down until it came back (or the call ended); the answer's delay; the silence.
    pub seconds: Option<f64>,
}

/// The events in time order and their summary in plain words.
#[derive(Debug, Clone, PartialEq)]
pub struct ConductLog {
    pub events: Vec<ConductEvent>,
    pub summary: String,
}

/// Where each asked question starts in the call (seconds), in order: a question lasts until
/// the next one starts, the last until the interviewer's closing turn.
struct Spans {
    starts: Vec<(f64, usize)>,
    closing: Option<f64>,
}

impl Spans {
    fn of(turns: &[Turn], questions: &[QuestionEvidence]) -> Spans {
        let mut starts: Vec<(f64, usize)> = questions
            .iter()
            .filter_map(|q| Some((turns.get(q.question_turn?)?.start_seconds?, q.number)))
            .collect();
        starts.sort_by(|a, b| a.0.total_cmp(&b.0));
        let closing = turns
            .iter()
            .rev()
            .find(|t| t.speaker == Speaker::Interviewer)
            .and_then(|t| t.start_seconds)
            .filter(|s| starts.last().is_some_and(|(last, _)| s > last));
        Spans { starts, closing }
    }

    fn question_at(&self, seconds: f64) -> Option<usize> {
        if self.closing.is_some_and(|c| seconds >= c) {
            return None;
        }
        self.starts
            .iter()
            .rev()
            .find(|(start, _)| seconds >= *start)
            .map(|(_, n)| *n)
    }
}

/// The event that ends one that lasts (a hidden tab ends when it is visible again).
fn ends(kind: ConductKind) -> Option<ConductKind> {
    match kind {
        ConductKind::TabHidden => Some(ConductKind::TabVisible),
        ConductKind::WindowBlur => Some(ConductKind::WindowFocus),
        ConductKind::MicrophoneMuted => Some(ConductKind::MicrophoneUnmuted),
        ConductKind::Reconnecting => Some(ConductKind::Reconnected),
        _ => None,
    }
}

/// The conduct log of a call: the page's `reported` events (unix milliseconds on the server's
/// clock), the call's start and end, and its turns and questions.
pub fn build(
    reported: &[Reported],
    started_at: Option<i64>,
    ended_at: Option<i64>,
    turns: &[Turn],
    questions: &[QuestionEvidence],
) -> ConductLog {
    let spans = Spans::of(turns, questions);
    // Ordered by instant: the page's events by their time, the server's by the call's start
    // plus their place in the recording (an event before the call started comes first).
    let mut keyed: Vec<(i64, ConductEvent)> = reported
        .iter()
        .enumerate()
        .map(|(i, event)| {
            let offset = started_at
                .map(|start| (event.at - start) as f64 / 1000.0)
                .filter(|s| *s >= 0.0);
            let until = ends(event.kind).and_then(|end| {
                reported[i + 1..]
                    .iter()
                    .find(|later| later.kind == end)
                    .map(|later| later.at)
                    .or(ended_at.filter(|e| *e > event.at))
            });
            let entry = ConductEvent {
                kind: event.kind,
                source: ConductSource::Page,
                at: Some(to_iso(from_millis(event.at))),
                seconds_from_start: offset.map(round1),
                question: event
                    .question
                    .and_then(|q| usize::try_from(q).ok())
                    .or_else(|| offset.and_then(|s| spans.question_at(s))),
                seconds: until.map(|u| round1((u - event.at) as f64 / 1000.0)),
            };
            (event.at, entry)
        })
        .collect();
    keyed.extend(
        answer_events(turns, questions, started_at)
            .into_iter()
            .map(|e| {
                let offset = (e.seconds_from_start.unwrap_or_default() * 1000.0) as i64;
                (started_at.unwrap_or_default() + offset, e)
            }),
    );
    keyed.sort_by_key(|(at, _)| *at);
    let events: Vec<ConductEvent> = keyed.into_iter().map(|(_, e)| e).collect();
    let summary = summary(&events);
    ConductLog { events, summary }
}

/// How long each asked question's answer took to begin, and the long silences between the
/// parts of an answer (candidate turns with no interviewer turn between them).
fn answer_events(
    turns: &[Turn],
    questions: &[QuestionEvidence],
    started_at: Option<i64>,
) -> Vec<ConductEvent> {
    let event = |kind, from: f64, seconds: f64, question| ConductEvent {
        kind,
        source: ConductSource::Server,
        at: started_at.map(|s| to_iso(from_millis(s + (from * 1000.0) as i64))),
        seconds_from_start: Some(round1(from)),
        question: Some(question),
        seconds: Some(round1(seconds.max(0.0))),
    };
    let mut events = Vec::new();
    for q in questions {
        let Some(asked) = q.question_turn.and_then(|i| turns.get(i).map(|t| (i, t))) else {
            continue;
        };
        let answer: Vec<&Turn> = turns[asked.0 + 1..]
            .iter()
            .take_while(|t| t.speaker == Speaker::Candidate)
            .collect();
        if let (Some(end), Some(start)) = (
            asked.1.end_seconds,
            answer.first().and_then(|t| t.start_seconds),
        ) {
            events.push(event(ConductKind::AnswerDelay, end, start - end, q.number));
        }
        for pair in answer.windows(2) {
            if let (Some(end), Some(next)) = (pair[0].end_seconds, pair[1].start_seconds)
                && next - end >= LONG_SILENCE_SECONDS
            {
                events.push(event(ConductKind::LongSilence, end, next - end, q.number));
            }
        }
    }
    events
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `41 s`, `2.5 s`.
fn duration(seconds: f64) -> String {
    if seconds >= 10.0 || seconds.fract() == 0.0 {
        format!("{} s", seconds.round())
    } else {
        format!("{seconds:.1} s")
    }
}

fn times(n: usize) -> String {
    if n == 1 {
        "1 time".to_owned()
    } else {
        format!("{n} times")
    }
}

/// `question 2`, `questions 2 and 4`, `questions 1, 2 and 4`; empty for none.
fn question_list(mut numbers: Vec<usize>) -> String {
    numbers.sort_unstable();
    numbers.dedup();
    match numbers.as_slice() {
        [] => String::new(),
        [one] => format!("question {one}"),
        [rest @ .., last] => {
            let rest: Vec<String> = rest.iter().map(usize::to_string).collect();
            format!("questions {} and {last}", rest.join(", "))
        }
    }
}

/// One sentence on the events of `kind`: how often, for how long in total, during which
/// questions.
fn tally(events: &[ConductEvent], kind: ConductKind, what: &str) -> Option<String> {
    let of: Vec<&ConductEvent> = events.iter().filter(|e| e.kind == kind).collect();
    if of.is_empty() {
        return None;
    }
    let mut sentence = format!("{what} {}", times(of.len()));
    let lasted: Vec<f64> = of.iter().filter_map(|e| e.seconds).collect();
    if !lasted.is_empty() && ends(kind).is_some() {
        sentence += &format!(", {} in total", duration(lasted.iter().sum()));
    }
    let during = question_list(of.iter().filter_map(|e| e.question).collect());
    if !during.is_empty() {
        sentence += &format!(", during {during}");
    }
    Some(sentence + ".")
}

/// The log in plain words, e.g. "Left the tab 3 times, 41 s in total, during questions 2 and
/// 4." Counts and times only: what they mean is for the reader to decide.
fn summary(events: &[ConductEvent]) -> String {
    let mut sentences: Vec<String> = [
        (ConductKind::TabHidden, "Left the tab"),
        (ConductKind::WindowBlur, "Left the window"),
        (ConductKind::MicrophoneChanged, "Changed microphones"),
        (ConductKind::MicrophoneMuted, "The microphone was muted"),
        (ConductKind::Reconnecting, "The connection dropped"),
    ]
    .into_iter()
    .filter_map(|(kind, what)| tally(events, kind, what))
    .collect();
    if !events.iter().any(|e| e.source == ConductSource::Page) {
        sentences.push(
            "The interview page reported no tab, focus, microphone or connection events.".into(),
        );
    }
    let delays: Vec<(f64, usize)> = events
        .iter()
        .filter(|e| e.kind == ConductKind::AnswerDelay)
        .filter_map(|e| Some((e.seconds?, e.question?)))
        .collect();
    if let Some(&(longest, question)) = delays.iter().max_by(|a, b| a.0.total_cmp(&b.0)) {
        let mean = delays.iter().map(|d| d.0).sum::<f64>() / delays.len() as f64;
        sentences.push(format!(
            "Answers began {} after the question on average (longest {}, question {question}).",
            duration(round1(mean)),
            duration(longest)
        ));
    }
    let silences: Vec<&ConductEvent> = events
        .iter()
        .filter(|e| e.kind == ConductKind::LongSilence)
        .collect();
    if !silences.is_empty() {
        let n = silences.len();
        let during = question_list(silences.iter().filter_map(|e| e.question).collect());
        sentences.push(format!(
            "{n} {} of {} or more within answers, during {during}.",
            if n == 1 { "silence" } else { "silences" },
            duration(LONG_SILENCE_SECONDS)
        ));
    }
    sentences.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(speaker: Speaker, start: f64, end: f64) -> Turn {
        Turn {
            speaker,
            text: "words".into(),
            start_seconds: Some(start),
            end_seconds: Some(end),
            not_transcribed: false,
        }
    }

    fn question(number: usize, turn: usize) -> QuestionEvidence {
        QuestionEvidence {
            number,
            question: format!("Question {number}?"),
            asked: true,
            answer_excerpt: None,
            score: None,
            justification: None,
            question_turn: Some(turn),
            answer_turn: Some(turn + 1),
        }
    }

    const START: i64 = 1_800_000_000_000;

    fn at(seconds: i64) -> i64 {
        START + seconds * 1000
    }

    fn reported(kind: ConductKind, seconds: i64) -> Reported {
        Reported {
            kind,
            question: None,
            at: at(seconds),
        }
    }

    /// Greeting, four questions a minute apart, each answered, and the closing.
    fn interview() -> (Vec<Turn>, Vec<QuestionEvidence>) {
        use Speaker::{Candidate, Interviewer};
        let mut turns = vec![turn(Interviewer, 0.0, 4.0), turn(Candidate, 5.0, 8.0)];
        let mut questions = Vec::new();
        for n in 1..=4 {
            let start = 60.0 * n as f64;
            questions.push(question(n, turns.len()));
            turns.push(turn(Interviewer, start, start + 5.0));
            turns.push(turn(Candidate, start + 5.0 + n as f64, start + 30.0));
        }
        turns.push(turn(Interviewer, 300.0, 305.0));
        (turns, questions)
    }

    #[test]
    fn the_summary_counts_the_times_the_tab_was_left_and_where() {
        let (turns, questions) = interview();
        let page = [
            reported(ConductKind::TabHidden, 130),
            reported(ConductKind::TabVisible, 150),
            reported(ConductKind::TabHidden, 245),
            reported(ConductKind::TabVisible, 256),
            reported(ConductKind::TabHidden, 270),
            reported(ConductKind::TabVisible, 280),
        ];
        let log = build(&page, Some(START), Some(at(310)), &turns, &questions);
        assert_eq!(
            log.summary,
            "Left the tab 3 times, 41 s in total, during questions 2 and 4. \
             Answers began 2.5 s after the question on average (longest 4 s, question 4)."
        );
        let hidden: Vec<_> = log
            .events
            .iter()
            .filter(|e| e.kind == ConductKind::TabHidden)
            .map(|e| (e.question, e.seconds, e.seconds_from_start))
            .collect();
        assert_eq!(
            hidden,
            [
                (Some(2), Some(20.0), Some(130.0)),
                (Some(4), Some(11.0), Some(245.0)),
                (Some(4), Some(10.0), Some(270.0))
            ]
        );
        // In time order, the server's answer delays among the page's events.
        let order: Vec<f64> = log
            .events
            .iter()
            .filter_map(|e| e.seconds_from_start)
            .collect();
        assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
    }

    #[test]
    fn an_event_lasts_until_the_call_ended_when_nothing_ended_it() {
        let (turns, questions) = interview();
        let page = [
            reported(ConductKind::Reconnecting, 62),
            reported(ConductKind::Reconnected, 64),
            reported(ConductKind::MicrophoneMuted, 290),
        ];
        let log = build(&page, Some(START), Some(at(310)), &turns, &questions);
        let muted = log
            .events
            .iter()
            .find(|e| e.kind == ConductKind::MicrophoneMuted)
            .expect("the muted microphone");
        assert_eq!((muted.seconds, muted.question), (Some(20.0), Some(4)));
        assert!(log.summary.starts_with(
            "The microphone was muted 1 time, 20 s in total, during question 4. \
             The connection dropped 1 time, 2 s in total, during question 1."
        ));
    }

    #[test]
    fn the_page_s_question_wins_and_the_closing_is_no_question() {
        let (turns, questions) = interview();
        let mut told = reported(ConductKind::WindowBlur, 70);
        told.question = Some(3);
        let page = [told, reported(ConductKind::MicrophoneChanged, 301)];
        let log = build(&page, Some(START), None, &turns, &questions);
        let page_events: Vec<_> = log
            .events
            .iter()
            .filter(|e| e.source == ConductSource::Page)
            .map(|e| (e.kind, e.question, e.seconds))
            .collect();
        assert_eq!(
            page_events,
            [
                (ConductKind::WindowBlur, Some(3), None),
                (ConductKind::MicrophoneChanged, None, None)
            ]
        );
        assert!(
            log.summary.starts_with(
                "Left the window 1 time, during question 3. Changed microphones 1 time."
            )
        );
    }

    #[test]
    fn long_silences_are_gaps_between_the_parts_of_an_answer() {
        use Speaker::{Candidate, Interviewer};
        let turns = vec![
            turn(Interviewer, 0.0, 3.0),
            turn(Candidate, 4.0, 10.0),
            turn(Candidate, 16.0, 20.0),
            turn(Candidate, 22.0, 25.0),
            turn(Interviewer, 30.0, 33.0),
        ];
        let questions = [question(1, 0)];
        let log = build(&[], Some(START), None, &turns, &questions);
        let server: Vec<_> = log
            .events
            .iter()
            .map(|e| (e.kind, e.seconds_from_start, e.seconds))
            .collect();
        assert_eq!(
            server,
            [
                (ConductKind::AnswerDelay, Some(3.0), Some(1.0)),
                (ConductKind::LongSilence, Some(10.0), Some(6.0))
            ]
        );
        assert_eq!(
            log.summary,
            "The interview page reported no tab, focus, microphone or connection events. \
             Answers began 1 s after the question on average (longest 1 s, question 1). \
             1 silence of 5 s or more within answers, during question 1."
        );
    }

    #[test]
    fn question_lists_read_as_english() {
        assert_eq!(question_list(vec![]), "");
        assert_eq!(question_list(vec![2]), "question 2");
        assert_eq!(question_list(vec![4, 2, 4]), "questions 2 and 4");
        assert_eq!(question_list(vec![1, 2, 4]), "questions 1, 2 and 4");
    }
}
