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

mod durable;
mod follow_up;
mod killed;
mod latency;
mod llm;
mod queue;
mod stuck;

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

/// A booked self-hosted interview in its join window: the candidate's invite and the web call.
struct Booked {
    invite: String,
    assistant: String,
    call_id: String,
    /// `ws://…/api/Interview/Voice/{invite}`, without the token.
    socket: String,
    secret: String,
}

async fn booked(app: &TestApp, questions: &[&str], topics: &[&str]) -> Booked {
    booked_for(app, ("Jane Voice", "jane@example.com"), questions, topics).await
}

/// A booked interview of the candidate `(name, email)`.
async fn booked_for(
    app: &TestApp,
    (name, email): (&str, &str),
    questions: &[&str],
    topics: &[&str],
) -> Booked {
    let token = app.token().await;
    let jd = create_job(app, &token, "2026-03-10").await;
    let ids = import(app, &token, jd, &[(name, email)]).await;
    let (status, assistant) = app
        .call(
            Method::POST,
            "/api/Voice/assistants",
            &token,
            Some(&json!({
                "assistantName": "Platform screen", "candidateName": "Candidate",
                "role": "Platform Engineer", "experience": "3 years", "interviewTime": "15",
                "topics": topics, "questions": questions, "tools": ["Docker"],
            })),
        )
        .await;
    assert_eq!(status, 200, "{assistant}");
    let assistant = assistant["id"].as_str().expect("id").to_owned();
    let (status, body) = send_invites(
        app,
        &token,
        json!({ "jobDescId": jd, "assistantId": assistant, "resumeIds": ids }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let invite = invite_token(app, email);
    let (status, body) = book(
        app,
        "ScheduleInterview",
        &invite,
        "2026-03-02T12:00:00Z",
        "UTC",
        "GMT+00:00",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    set_clock(app, "2026-03-02T11:58:00Z");
    let (status, call) = app.post(&format!("/api/Interview/WebCall/{invite}")).await;
    assert_eq!(status, 200, "{call}");
    assert_eq!(call["provider"], "selfhosted");
    let path = call["webCallUrl"].as_str().expect("socket path");
    Booked {
        call_id: call["callId"].as_str().expect("call id").to_owned(),
        socket: app.url(path).replacen("http://", "ws://", 1),
        secret: call["callToken"].as_str().expect("token").to_owned(),
        invite,
        assistant,
    }
}

/// What the page saw and sent during an interview.
#[derive(Default)]
struct Conversation {
    /// The interview's lines (the greeting, questions, follow-ups, closing).
    captions: Vec<String>,
    /// What the interviewer said as each answer was over ("Okay.").
    acknowledgements: Vec<String>,
    heard: Vec<String>,
    /// The voice-to-voice latency of each turn that followed an answer (`latency` messages).
    latencies: Vec<Value>,
    interviewer_samples: usize,
    candidate_samples: usize,
}

/// An interview's socket, as the test opens it.
type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the booked interview's socket with its token.
async fn open(booked: &Booked) -> Socket {
    let (socket, _) =
        tokio_tungstenite::connect_async(format!("{}?token={}", booked.socket, booked.secret))
            .await
            .expect("the interview's socket");
    socket
}

/// The next message from the interviewer, however long a busy machine takes to send it.
async fn next_message(socket: &mut Socket) -> Message {
    tokio::time::timeout(Duration::from_secs(120), socket.next())
        .await
        .expect("the interviewer keeps talking")
        .expect("the socket is open")
        .expect("a message")
}

/// The next text event (audio is skipped); `Value::Null` once the socket closes.
async fn next_event(socket: &mut Socket) -> Value {
    loop {
        match next_message(socket).await {
            Message::Text(text) => return serde_json::from_str(&text).expect("json"),
            Message::Close(_) => return Value::Null,
            _ => {}
        }
    }
}

/// Says the interviewer's turn was played (the page plays it; a test at once).
async fn played(socket: &mut Socket) {
    socket
        .send(Message::text(r#"{"type":"played"}"#))
        .await
        .expect("sent");
}

/// Sends `audio` as the page's 20 ms frames, then `quiet_seconds` of silence (which ends an
/// answer, or with no answer makes the interviewer give up waiting).
async fn say(socket: &mut Socket, audio: &[i16], quiet_seconds: usize) -> usize {
    let mut audio = audio.to_vec();
    audio.extend(std::iter::repeat_n(0i16, 16_000 * quiet_seconds));
    for frame in audio.chunks(320) {
        socket
            .send(Message::binary(pcm_bytes(frame)))
            .await
            .expect("frame");
    }
    audio.len()
}

/// Takes the interview as a page does: says each turn played at once, and answers the n-th
/// listening with `answers[n]` (silence when there is none) followed by quiet.
async fn converse(booked: &Booked, answers: &[Vec<i16>]) -> Conversation {
    let mut socket = open(booked).await;
    let mut seen = Conversation::default();
    let mut listened = 0;
    loop {
        let message = next_message(&mut socket).await;
        match message {
            Message::Binary(bytes) => seen.interviewer_samples += bytes.len() / 2,
            Message::Text(text) => {
                let event: Value = serde_json::from_str(&text).expect("json");
                match event["type"].as_str() {
                    Some("caption") => {
                        assert!(event["kind"].is_string(), "{event}");
                        let caption = event["text"].as_str().unwrap_or_default().to_owned();
                        if event["kind"] == "acknowledgement" {
                            seen.acknowledgements.push(caption);
                        } else {
                            seen.captions.push(caption);
                        }
                        played(&mut socket).await;
                    }
                    Some("state") if event["state"] == "listening" => {
                        let audio = answers.get(listened).cloned().unwrap_or_default();
                        listened += 1;
                        // With no answer, enough quiet that the interviewer gives up waiting
                        // (3 s in these tests).
                        let quiet = if audio.is_empty() { 4 } else { 2 };
                        seen.candidate_samples += say(&mut socket, &audio, quiet).await;
                    }
                    Some("heard") => {
                        let heard = event["text"].as_str().unwrap_or_default().to_owned();
                        seen.heard.push(heard);
                    }
                    Some("latency") => seen.latencies.push(event),
                    Some("ended") => break,
                    _ => {}
                }
            }
            Message::Close(_) => break,
            _ => {}
        }
    }
    seen
}

/// The recruiter's analysis of the call, once its report is stored.
async fn analysis_of(app: &TestApp, call_id: &str) -> Value {
    let token = app.token().await;
    let mut last = Value::Null;
    for _ in 0..100 {
        let path = format!("/api/Interview/InterviewAnalysis/{call_id}");
        let (status, body) = app.call(Method::GET, &path, &token, None).await;
        if status == 200 {
            return body;
        }
        last = json!({ "status": status, "body": body });
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no analysis: {last}");
}

#[tokio::test]
async fn a_self_hosted_interview_is_heard_recorded_and_analysed() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let runtime = hirelane::voice::client::of(&app.state)
            .expect("the voice provider")
            .selfhosted
            .clone()
            .expect("the self-hosted interviewer");
        let booked = booked(
            &app,
            &[
                "Tell me about a service you run.",
                "How do you find a slow query?",
                "What would you change about your last project?",
            ],
            &["Python", "SQL"],
        )
        .await;
        // What a strong answer to the second question covers, set before the interview.
        let token = app.token().await;
        let rubric = json!({ "questions": [{ "number": 2, "competency": "problemSolving",
            "keyPoints": ["Turn on the slow query log", "Read the query plan", "Add the missing index"] }] });
        let (status, body) = app
            .call(
                Method::PUT,
                &format!("/api/Voice/assistants/{}/rubric", booked.assistant),
                &token,
                Some(&rubric),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        // A wrong token opens nothing.
        let wrong = format!("{}?token=wrong", booked.socket);
        assert!(tokio_tungstenite::connect_async(wrong).await.is_err());
        let mut spoken = vec![
            runtime
                .speech
                .synthesize("Yes, I am ready.")
                .await
                .expect("ready"),
        ];
        for (text, _) in ANSWERS {
            let answer = runtime.speech.synthesize(text).await.expect("an answer");
            spoken.push(answer);
        }
        let answers = &spoken[1..];
        let Conversation {
            captions,
            heard,
            interviewer_samples,
            candidate_samples,
            ..
        } = converse(&booked, &spoken).await;

        // Every question, in order, between the greeting and the closing.
        assert!(captions[0].starts_with("Hello Jane Voice"), "{captions:?}");
        assert!(
            captions[0].contains("Platform Engineer"),
            "the JD's title: {captions:?}"
        );
        // Each question as the recruiter wrote it: a statement is not turned into "….?".
        assert_eq!(captions[1], "Tell me about a service you run.");
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
        let analysis = analysis_of(&app, &booked.call_id).await;
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
        // Our grader's grade of each answer: the one with key points covers them, quoted from
        // what the speech recogniser heard; silence is no answer.
        let graded = analysis["grading"]["questions"]
            .as_array()
            .unwrap_or_else(|| panic!("graded: {analysis}"));
        // (Recognition errors vary from take to take: at least two of the three points.)
        let query = &graded[1];
        assert!(query["score"].as_f64().is_some_and(|s| s >= 2.0), "{query}");
        assert!(
            query["covered"].as_array().is_some_and(|c| c.len() >= 2),
            "{query}"
        );
        for covered in query["covered"].as_array().into_iter().flatten() {
            let quote = &covered["quote"];
            let turn = &turns[quote["turn"].as_u64().expect("turn") as usize];
            assert_eq!(turn["speaker"], "candidate", "{quote}");
            assert!(quote["seconds"].as_f64().is_some(), "{quote}");
        }
        assert_eq!(graded[2]["score"], 0.0, "{graded:?}");
        assert!(
            graded[2]["flags"]
                .as_array()
                .is_some_and(|f| f.iter().any(|f| f["code"] == "noAnswerHeard")),
            "{graded:?}"
        );
        assert!(analysis["grading"]["bars"]["problemSolving"].is_i64(), "{analysis}");
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
        let (_, page) = crate::interviews::support::next_step(&app, &booked.invite).await;
        assert_eq!(page["showPageId"], 3, "{page}");
        // A finished interview cannot be reopened.
        let again =
            tokio_tungstenite::connect_async(format!("{}?token={}", booked.socket, booked.secret))
                .await;
        assert!(again.is_err());
    })
    .await;
}

#[tokio::test]
async fn a_candidate_who_leaves_ends_the_interview_at_once() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
        let mut socket = open(&booked).await;
        let mut caption = Value::Null;
        let mut audio_end = Value::Null;
        while audio_end.is_null() {
            let event = next_event(&mut socket).await;
            match event["type"].as_str() {
                Some("caption") => caption = event,
                Some("audio-end") => audio_end = event,
                _ => {}
            }
        }
        assert_eq!(caption["kind"], "greeting", "{caption}");
        assert_eq!(caption["question"], Value::Null);
        assert!(
            audio_end["samples"].as_u64().is_some_and(|n| n > 16_000),
            "{audio_end}"
        );
        socket
            .send(Message::text(r#"{"type":"end"}"#))
            .await
            .expect("sent");
        // No minute's wait for a reconnect: the interview is over and stored at once.
        let analysis = analysis_of(&app, &booked.call_id).await;
        assert_eq!(analysis["endedReason"], "customer-ended-call", "{analysis}");
        let questions = analysis["questions"].as_array().expect("questions");
        assert_eq!(questions[0]["asked"], false, "never asked: {questions:?}");
    })
    .await;
}

#[test]
fn word_error_rate_counts_edits_over_words() {
    assert_eq!(wer("the slow query log", "the slow query log."), 0.0);
    assert_eq!(wer("a b c d", "a x c"), 0.5);
}
