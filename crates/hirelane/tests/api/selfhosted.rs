//! The self-hosted interviewer end to end, on both databases: a candidate's answers are
//! synthesized at test time by the speech sidecar's own voice, streamed over the interview's
//! WebSocket as 20 ms frames, faster than real time, and everything the recruiter then sees is
//! checked: every question asked in order, each answer heard (WER at most 0.35, its key words
//! present), the turns' times increasing, the recording's length, and silence giving no text.
//! Needs the speech packages and models (`scripts/speech-deps.sh`, which `make test` runs).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{TestApp, on_each_db_configured};
use crate::interviews::support::{book, create_job, import, invite_token, send_invites, set_clock};

/// What the candidate says to each question, and the words the transcript must contain.
const ANSWERS: [(&str, &[&str]); 2] = [
    (
        "I run a billing service written in Python on AWS, and I deploy it with Docker every week.",
        &["billing", "Python", "Docker"],
    ),
    (
        "I turn on the slow query log, read the query plan, and then add the missing index.",
        &["slow", "query", "index"],
    ),
];

fn selfhosted(settings: &mut hirelane::config::Settings) {
    settings.voice.provider = hirelane::config::ProviderKind::Selfhosted;
    // A silent answer is given up on after 3 s of audio (streamed in a fraction of that).
    settings.voice.speech.answer_wait_seconds = 3;
}

/// Words, lower-cased, without punctuation.
fn words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Word error rate of `heard` against `said` (edit distance over words).
fn wer(said: &str, heard: &str) -> f64 {
    let (a, b) = (words(said), words(heard));
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, x) in a.iter().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, y) in b.iter().enumerate() {
            let substitution = previous + usize::from(x != y);
            previous = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()] as f64 / a.len().max(1) as f64
}

fn pcm_bytes(samples: &[i16]) -> Vec<u8> {
    samples.iter().flat_map(|s| s.to_le_bytes()).collect()
}

#[tokio::test]
async fn a_self_hosted_interview_is_heard_recorded_and_analysed() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let runtime = app
            .state
            .voice
            .selfhosted
            .clone()
            .expect("the self-hosted interviewer");
        let token = app.token().await;
        let jd = create_job(&app, &token, "2026-03-10").await;
        let ids = import(&app, &token, jd, &[("Jane Voice", "jane@example.com")]).await;
        let (status, assistant) = app
            .call(
                Method::POST,
                "/api/Voice/assistants",
                &token,
                Some(&json!({
                    "assistantName": "Platform screen", "candidateName": "Candidate",
                    "role": "Platform Engineer", "experience": "3 years", "interviewTime": "15",
                    "topics": ["Python", "SQL"],
                    "questions": ["Tell me about a service you run",
                                  "How do you find a slow query",
                                  "What would you change about your last project"],
                    "tools": ["Docker"],
                })),
            )
            .await;
        assert_eq!(status, 200, "{assistant}");
        let assistant = assistant["id"].as_str().expect("id").to_owned();
        let (status, body) = send_invites(
            &app,
            &token,
            json!({ "jobDescId": jd, "assistantId": assistant, "resumeIds": ids }),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let invite = invite_token(&app, "jane@example.com");
        let (status, body) = book(
            &app,
            "ScheduleInterview",
            &invite,
            "2026-03-02T12:00:00Z",
            "UTC",
            "GMT+00:00",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        set_clock(&app, "2026-03-02T11:58:00Z");
        let (status, call) = app.post(&format!("/api/Interview/WebCall/{invite}")).await;
        assert_eq!(status, 200, "{call}");
        assert_eq!(call["provider"], "selfhosted");
        let call_id = call["callId"].as_str().expect("call id").to_owned();
        let path = call["webCallUrl"].as_str().expect("socket path").to_owned();
        let secret = call["callToken"].as_str().expect("token").to_owned();

        // A wrong token opens nothing.
        let ws = app.url(&path).replacen("http://", "ws://", 1);
        assert!(
            tokio_tungstenite::connect_async(format!("{ws}?token=wrong"))
                .await
                .is_err()
        );

        let mut answers = Vec::new();
        for (text, _) in ANSWERS {
            answers.push(
                runtime
                    .speech
                    .synthesize(text)
                    .await
                    .expect("an answer spoken"),
            );
        }
        let ready = runtime
            .speech
            .synthesize("Yes, I am ready.")
            .await
            .expect("ready");
        let (mut socket, _) = tokio_tungstenite::connect_async(format!("{ws}?token={secret}"))
            .await
            .expect("the interview's socket");
        let mut captions: Vec<String> = Vec::new();
        let mut heard: Vec<String> = Vec::new();
        let mut interviewer_samples = 0usize;
        let mut candidate_samples = 0usize;
        let silence = vec![0i16; 16_000 * 2];
        loop {
            let message = tokio::time::timeout(Duration::from_secs(120), socket.next())
                .await
                .expect("the interviewer keeps talking")
                .expect("the socket is open")
                .expect("a message");
            match message {
                Message::Binary(bytes) => interviewer_samples += bytes.len() / 2,
                Message::Text(text) => {
                    let event: Value = serde_json::from_str(&text).expect("json");
                    match event["type"].as_str() {
                        Some("caption") => {
                            captions.push(event["text"].as_str().unwrap_or_default().to_owned());
                            // The page plays the turn; we say at once that it has.
                            socket
                                .send(Message::text(r#"{"type":"played"}"#))
                                .await
                                .expect("sent");
                        }
                        Some("state") if event["state"] == "listening" => {
                            // Greeting, two answers, then silence for every later question.
                            let answer: &[i16] = match captions.len() {
                                1 => &ready,
                                2 => &answers[0],
                                3 => &answers[1],
                                _ => &[],
                            };
                            let mut audio = answer.to_vec();
                            audio.extend_from_slice(&silence);
                            for frame in audio.chunks(320) {
                                socket
                                    .send(Message::binary(pcm_bytes(frame)))
                                    .await
                                    .expect("frame");
                            }
                            candidate_samples += audio.len();
                            if answer.is_empty() {
                                // Silence until the interviewer gives up (3 s of audio).
                                for frame in vec![0i16; 16_000 * 2].chunks(320) {
                                    socket
                                        .send(Message::binary(pcm_bytes(frame)))
                                        .await
                                        .expect("frame");
                                    candidate_samples += frame.len();
                                }
                            }
                        }
                        Some("heard") => {
                            heard.push(event["text"].as_str().unwrap_or_default().to_owned())
                        }
                        Some("ended") => break,
                        _ => {}
                    }
                }
                Message::Close(_) => break,
                _ => {}
            }
        }

        // Every question, in order, between the greeting and the closing.
        assert!(captions[0].starts_with("Hello Jane Voice"), "{captions:?}");
        assert!(
            captions[0].contains("Platform Engineer"),
            "the JD's title: {captions:?}"
        );
        assert_eq!(captions[1], "Tell me about a service you run?");
        assert_eq!(captions[2], "How do you find a slow query?");
        assert_eq!(
            captions[3],
            "What would you change about your last project?"
        );
        assert!(
            captions.last().is_some_and(|c| c.contains("Thank you")),
            "{captions:?}"
        );
        // The greeting's answer and the two answers were heard; silence gave no text.
        assert_eq!(heard.len(), 3, "{heard:?}");
        for ((said, keywords), got) in ANSWERS.iter().zip(&heard[1..]) {
            let rate = wer(said, got);
            assert!(rate <= 0.35, "WER {rate:.2}: said {said:?}, heard {got:?}");
            for keyword in *keywords {
                assert!(
                    got.to_lowercase().contains(&keyword.to_lowercase()),
                    "{keyword} in {got:?}"
                );
            }
        }

        // The recruiter's analysis: the turns in time order, the questions with heuristic
        // scores, the recording as long as the conversation, and no verdict without a person.
        let token = app.token().await;
        let mut analysis = Value::Null;
        for _ in 0..100 {
            let (status, body) = app
                .call(
                    Method::GET,
                    &format!("/api/Interview/InterviewAnalysis/{call_id}"),
                    &token,
                    None,
                )
                .await;
            if status == 200 {
                analysis = body;
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let turns = analysis["turns"]
            .as_array()
            .unwrap_or_else(|| panic!("turns in {analysis}"));
        let starts: Vec<f64> = turns
            .iter()
            .filter_map(|t| t["startSeconds"].as_f64())
            .collect();
        assert_eq!(
            starts.len(),
            turns.len(),
            "every turn has a time: {turns:?}"
        );
        assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
        let questions = analysis["questions"].as_array().expect("questions");
        assert_eq!(questions.len(), 3);
        assert!(
            questions.iter().all(|q| q["asked"] == true),
            "{questions:?}"
        );
        assert!(
            questions[0]["justification"]
                .as_str()
                .is_some_and(|j| j.starts_with("Heuristic score"))
        );
        assert!(
            questions[0]["score"].as_u64().is_some_and(|s| s >= 2),
            "{questions:?}"
        );
        assert_eq!(
            questions[2]["answerExcerpt"],
            Value::Null,
            "silence is no answer"
        );
        assert_eq!(analysis["integrity"]["status"], "verified", "{analysis}");
        assert_eq!(
            analysis["interviewStatus"], "Needs Review",
            "a person decides"
        );
        let link = analysis["audioLink"]
            .as_str()
            .expect("the recording")
            .to_owned();
        let wav = app
            .client
            .get(app.url(&link))
            .send()
            .await
            .expect("recording")
            .bytes()
            .await
            .expect("bytes");
        assert_eq!(&wav[..4], b"RIFF");
        assert_eq!(u16::from_le_bytes([wav[22], wav[23]]), 2, "stereo");
        let seconds = (wav.len() - 44) as f64 / (16_000.0 * 4.0);
        // The recording holds everything the interviewer said and the answers, and ends with
        // the closing turn; candidate audio sent while the interviewer spoke is not in it.
        let spoken =
            (interviewer_samples + answers.iter().map(Vec::len).sum::<usize>()) as f64 / 16_000.0;
        let sent = (interviewer_samples + candidate_samples) as f64 / 16_000.0;
        assert!(
            spoken <= seconds && seconds <= sent,
            "{seconds:.1} s recorded, {spoken:.1}-{sent:.1} s expected"
        );
        let closing_end = turns
            .last()
            .and_then(|t| t["endSeconds"].as_f64())
            .expect("the closing's end");
        assert!(
            (closing_end - seconds).abs() < 0.1,
            "the closing ends the recording: {closing_end} vs {seconds}"
        );
        // Streamed faster than real time, the call still lasts as long as its recording.
        let instant = |key: &str| {
            analysis[key]
                .as_str()
                .and_then(|t| t.parse::<jiff::Timestamp>().ok())
                .unwrap_or_else(|| panic!("{key} in {analysis}"))
        };
        let lasted = instant("endedAt")
            .duration_since(instant("startedAt"))
            .as_secs_f64();
        assert!(
            (lasted - seconds).abs() < 1.0,
            "lasted {lasted:.1} s, recorded {seconds:.1} s"
        );
        // The candidate's page shows the interview as done.
        let (_, page) = crate::interviews::support::next_step(&app, &invite).await;
        assert_eq!(page["showPageId"], 3, "{page}");
        // A finished interview cannot be reopened.
        let again = tokio_tungstenite::connect_async(format!("{ws}?token={secret}")).await;
        assert!(again.is_err());
    })
    .await;
}

#[test]
fn word_error_rate_counts_edits_over_words() {
    assert_eq!(wer("the slow query log", "the slow query log."), 0.0);
    assert_eq!(wer("a b c d", "a x c"), 0.5);
}
