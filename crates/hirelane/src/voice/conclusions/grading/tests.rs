use std::collections::HashMap;

use assess::Grader;
use serde_json::Value;

use super::*;
use crate::voice::conclusions::evidence::{Speaker, Turn, question_breakdown};

const CACHE: &str = "How would you make a slow page fast with a cache?";
const OUTAGE: &str = "Tell me how you handled a production outage.";
const NEVER: &str = "What is your favourite sorting algorithm?";

fn turn(speaker: Speaker, text: &str, from: f64, to: f64) -> Turn {
    Turn {
        speaker,
        text: text.to_owned(),
        start_seconds: Some(from),
        end_seconds: Some(to),
        not_transcribed: false,
    }
}

fn interview(cache_answer: &str) -> Vec<Turn> {
    vec![
        turn(Speaker::Interviewer, CACHE, 0.0, 4.0),
        turn(
            Speaker::Candidate,
            "Well, first I would measure it.",
            5.0,
            8.0,
        ),
        turn(Speaker::Interviewer, "Go on.", 8.5, 9.0),
        turn(Speaker::Candidate, cache_answer, 10.0, 20.0),
        turn(Speaker::Interviewer, OUTAGE, 21.0, 24.0),
        turn(Speaker::Candidate, "", 25.0, 25.5),
    ]
}

const GOOD: &str = "I would put the rendered results in Redis with a time to live, and \
invalidate the entry whenever the underlying record changes, so readers never see stale data.";

fn rubrics() -> HashMap<String, QuestionRubric> {
    HashMap::from([
        (
            question_key(CACHE),
            QuestionRubric {
                key_points: vec![
                    "Store results in a cache such as Redis with a time to live".into(),
                    "Invalidate the cache when the underlying data changes".into(),
                    "Measure the page before changing it".into(),
                ],
                competency: Competency::Technical,
            },
        ),
        (
            question_key(OUTAGE),
            QuestionRubric {
                key_points: vec!["Restore service first, then find the root cause".into()],
                competency: Competency::ProblemSolving,
            },
        ),
    ])
}

fn grade(turns: &[Turn]) -> InterviewGrading {
    let scripted = [CACHE, OUTAGE, NEVER].map(str::to_owned);
    let questions = question_breakdown(&scripted, &Value::Null, turns);
    grade_interview(
        &Grader::lexical(),
        turns,
        &questions,
        &rubrics(),
        "2026-11-27T00:00:00Z".into(),
    )
    .expect("graded")
}

#[test]
fn every_turn_up_to_the_next_question_is_the_answer_and_quotes_point_into_the_transcript() {
    let turns = interview(GOOD);
    let grading = grade(&turns);
    let cache = &grading.questions[0];
    assert!(cache.asked);
    assert_eq!(cache.competency, Competency::Technical);
    assert!(cache.score.expect("scored") >= 3.0, "{cache:?}");
    // The first candidate turn ("measure it") counts as much as the one after "Go on.".
    assert_eq!(cache.covered.len(), 3, "{cache:?}");
    for covered in &cache.covered {
        let quote = covered.quote.as_ref().expect("traced to a turn");
        let said = &turns[quote.turn];
        assert_eq!(said.speaker, Speaker::Candidate);
        let text: String = said
            .text
            .chars()
            .skip(quote.start)
            .take(quote.end - quote.start)
            .collect();
        assert_eq!(text, quote.text);
        let seconds = quote.seconds.expect("timed");
        let (from, to) = (
            said.start_seconds.unwrap_or(0.0),
            said.end_seconds.unwrap_or(0.0),
        );
        assert!(
            (from..=to).contains(&seconds),
            "{seconds} not in {from}..{to}"
        );
    }
    assert!(
        cache
            .covered
            .iter()
            .any(|c| c.quote.as_ref().map(|q| q.turn) == Some(1)),
        "the measuring point is quoted from the first answer turn"
    );
}

#[test]
fn silence_scores_the_minimum_and_a_question_never_asked_has_no_score() {
    let grading = grade(&interview(GOOD));
    let outage = &grading.questions[1];
    assert_eq!(outage.score, Some(0.0));
    assert!(
        outage
            .flags
            .iter()
            .any(|f| f.code == FlagCode::NoAnswerHeard)
    );
    assert_eq!(outage.missing.len(), 1);
    let never = &grading.questions[2];
    assert!(!never.asked);
    assert_eq!(never.score, None);
    assert_eq!(grading.communication.asked, 2);
    assert_eq!(grading.communication.answered, 1);
}

#[test]
fn bars_come_from_the_grades_of_each_competency() {
    let grading = grade(&interview(GOOD));
    let technical = grading.questions[0].score.expect("scored");
    assert_eq!(
        grading.bars.technical,
        Some((technical / 5.0 * 100.0).round() as i64)
    );
    assert_eq!(grading.bars.problem_solving, Some(0));
    assert!(grading.bars.communication.is_some());
    assert_eq!(grading.method, bars::METHOD);
}

#[test]
fn a_question_without_key_points_is_graded_with_low_confidence_and_left_out_of_the_bars() {
    let turns = interview(GOOD);
    let questions = question_breakdown(&[CACHE.to_owned()], &Value::Null, &turns);
    let grading = grade_interview(
        &Grader::lexical(),
        &turns,
        &questions,
        &HashMap::new(),
        "2026-11-27T00:00:00Z".into(),
    )
    .expect("graded");
    let only = &grading.questions[0];
    assert!(only.flags.iter().any(|f| f.code == FlagCode::NoKeyPoints));
    assert_eq!(only.confidence.level, ConfidenceLevel::Low);
    assert_eq!(grading.bars.technical, None);
}

#[test]
fn grading_is_deterministic_and_blind_to_names_and_gender() {
    let a = grade(&interview(GOOD));
    let b = grade(&interview(GOOD));
    assert_eq!(a, b);
    let her = format!("I'm Maria Lopez and she told me this. {GOOD} Mail maria@example.com.");
    let him = format!("I'm John Smith and he told me this. {GOOD} Mail john.s@example.org.");
    let (her, him) = (grade(&interview(&her)), grade(&interview(&him)));
    assert_eq!(her.questions[0].score, him.questions[0].score);
    assert_eq!(her.bars, him.bars);
}

#[test]
fn an_answer_over_the_graders_cap_is_graded_on_its_beginning() {
    let long = "Redis with a time to live. ".repeat(2_000);
    let grading = grade(&interview(&long));
    assert!(grading.questions[0].score.is_some());
}

#[test]
fn an_answer_that_could_not_be_transcribed_is_flagged_not_graded_as_wrong() {
    let mut turns = interview(GOOD);
    // The outage answer was said, but its transcription timed out.
    turns[5].not_transcribed = true;
    let grading = grade(&turns);
    let outage = &grading.questions[1];
    assert!(outage.asked);
    assert_eq!(outage.score, None, "no score, not the minimum");
    let codes: Vec<FlagCode> = outage.flags.iter().map(|f| f.code).collect();
    assert_eq!(codes, [FlagCode::NotTranscribed]);
    // The bar is the mean of what could be graded; the answer counts as given.
    assert_eq!(grading.bars.problem_solving, None);
    assert_eq!(grading.communication.answered, 2);
    // Part of an answer heard, part not: what was heard is graded, and the flag says the rest.
    let mut turns = interview(GOOD);
    turns[1].not_transcribed = true;
    turns[1].text = String::new();
    let cache = &grade(&turns).questions[0];
    assert!(cache.score.is_some_and(|s| s > 0.0), "{cache:?}");
    assert!(
        cache
            .flags
            .iter()
            .any(|f| f.code == FlagCode::NotTranscribed)
    );
}
