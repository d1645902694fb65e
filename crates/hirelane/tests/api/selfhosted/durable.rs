//! Self-hosted interviews that outlive their socket and their instance (issue 33 §1), on both
//! databases, with two instances sharing one database and file store: a reconnect to the other
//! instance goes on at the question in progress, a newer socket takes the interview over and the
//! older one is closed with a reason (never both speaking), an instance that stops hands its
//! interviews over, and old or foreign tokens open nothing.

use std::future::Future;

use futures_util::SinkExt;
use hirelane::voice::provider::VoiceProvider;
use hirelane::voice::selfhosted::acknowledging;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{
    ANSWERS, Booked, Socket, analysis_of, booked, booked_for, next_event, next_message, played,
    say, selfhosted,
};
use crate::helpers::{TestApp, backends};

const QUESTIONS: [&str; 2] = [
    "Tell me about a service you run.",
    "How do you find a slow query?",
];

/// Runs `scenario` on each database with two instances: the first also holds the teardown,
/// the second (`other`) is stopped by the scenario or after it.
async fn on_two_instances<F, Fut>(scenario: F)
where
    F: Fn(TestApp, TestApp, tokio::sync::oneshot::Sender<()>) -> Fut,
    Fut: Future<Output = ()>,
{
    for backend in backends() {
        let (app, teardown) = TestApp::spawn_with(&backend, &selfhosted).await;
        let (other, stop_other, other_server) = app.sibling_apart(&teardown).await;
        scenario(app, other, stop_other).await;
        let _ = other_server.await;
        teardown.run().await;
    }
}

/// The interview's socket on instance `app`, opened with `token`; an error when refused.
async fn open_on(
    app: &TestApp,
    booked: &Booked,
    token: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    let base = app.address.replacen("http://", "ws://", 1);
    let url = format!("{base}/api/Interview/Voice/{}?token={token}", booked.invite);
    tokio_tungstenite::connect_async(url)
        .await
        .map(|(socket, _)| socket)
}

/// A fresh socket token from instance `app`, as the page gets one to reconnect.
async fn fresh_token(app: &TestApp, booked: &Booked) -> String {
    let (status, call) = app
        .post(&format!("/api/Interview/WebCall/{}", booked.invite))
        .await;
    assert_eq!(status, 200, "{call}");
    assert_eq!(call["callId"], booked.call_id.as_str());
    call["callToken"].as_str().expect("token").to_owned()
}

async fn speech(app: &TestApp, text: &str) -> Vec<i16> {
    hirelane::voice::client::of(&app.state)
        .expect("voice")
        .selfhosted
        .clone()
        .expect("the self-hosted interviewer")
        .speech
        .synthesize(text)
        .await
        .expect("speech")
}

/// The analysis's turns as (speaker, text), without the interviewer's acknowledgements of
/// the answers ("Okay.").
fn turns_of(analysis: &Value) -> Vec<(String, String)> {
    let acknowledgements: Vec<&str> = acknowledging::all().collect();
    analysis["turns"]
        .as_array()
        .unwrap_or_else(|| panic!("turns in {analysis}"))
        .iter()
        .map(|t| {
            let text = t["text"].as_str().unwrap_or_default().to_owned();
            (t["speaker"].as_str().unwrap_or_default().to_owned(), text)
        })
        .filter(|(who, text)| !(who == "interviewer" && acknowledgements.contains(&text.as_str())))
        .collect()
}

/// The recording's length in seconds and the end of its last turn.
async fn recording_and_last_turn(app: &TestApp, analysis: &Value) -> (f64, f64) {
    let link = analysis["audioLink"].as_str().expect("the recording");
    let wav = app
        .client
        .get(app.url(link))
        .send()
        .await
        .expect("recording")
        .bytes()
        .await
        .expect("bytes");
    assert_eq!(&wav[..4], b"RIFF");
    let seconds = (wav.len() - 44) as f64 / (16_000.0 * 4.0);
    let last = analysis["turns"]
        .as_array()
        .and_then(|t| t.last())
        .and_then(|t| t["endSeconds"].as_f64())
        .expect("the last turn's end");
    (seconds, last)
}

/// Until the socket closes: its close frame's code and reason.
async fn closed(socket: &mut Socket) -> (u16, String) {
    loop {
        if let Message::Close(frame) = next_message(socket).await {
            let frame = frame.expect("a close frame with a reason");
            return (u16::from(frame.code), frame.reason.as_str().to_owned());
        }
    }
}

#[tokio::test]
async fn a_dropped_interview_goes_on_on_another_instance_at_the_question_it_was_on() {
    on_two_instances(|a: TestApp, b: TestApp, stop_b| async move {
        let booked = booked(&a, &QUESTIONS, &[]).await;
        let stranger = booked_for(&a, ("Joe Other", "joe@example.com"), &QUESTIONS, &[]).await;
        let ready = speech(&a, "Yes, I am ready.").await;
        let first = speech(&a, ANSWERS[0].0).await;
        let second = speech(&a, ANSWERS[1].0).await;

        // On instance A: the greeting and the first question are answered; the socket drops
        // halfway through the answer to the second.
        let mut socket = open_on(&a, &booked, &booked.secret).await.expect("open");
        let mut listened = 0;
        loop {
            let event = next_event(&mut socket).await;
            match (event["type"].as_str(), event["state"].as_str()) {
                (Some("caption"), _) => played(&mut socket).await,
                (Some("state"), Some("listening")) => {
                    listened += 1;
                    match listened {
                        1 => {
                            say(&mut socket, &ready, 2).await;
                        }
                        2 => {
                            say(&mut socket, &first, 2).await;
                        }
                        _ => {
                            say(&mut socket, &second[..second.len() / 2], 0).await;
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        drop(socket);

        // The page reconnects with a fresh token; the load balancer picks instance B. The old
        // token, and another candidate's, open nothing.
        let token = fresh_token(&b, &booked).await;
        assert!(
            open_on(&b, &booked, &booked.secret).await.is_err(),
            "the old token"
        );
        assert!(
            open_on(&a, &booked, &booked.secret).await.is_err(),
            "the old token"
        );
        assert!(
            open_on(&b, &booked, &stranger.secret).await.is_err(),
            "another candidate's token"
        );
        let mut socket = open_on(&b, &booked, &token).await.expect("open");
        let mut captions = Vec::new();
        loop {
            let event = next_event(&mut socket).await;
            match (event["type"].as_str(), event["state"].as_str()) {
                (Some("caption"), _) => {
                    if event["kind"] != "acknowledgement" {
                        captions.push(event["text"].as_str().unwrap_or_default().to_owned());
                    }
                    played(&mut socket).await;
                }
                (Some("state"), Some("listening")) => {
                    say(&mut socket, &second, 2).await;
                }
                (Some("ended"), _) | (None, _) => break,
                _ => {}
            }
        }
        // The question whose answer was cut is asked again, from its start.
        assert_eq!(captions[0], QUESTIONS[1], "{captions:?}");
        assert!(
            captions.last().is_some_and(|c| c.contains("Thank you")),
            "{captions:?}"
        );

        let analysis = analysis_of(&b, &booked.call_id).await;
        let turns = turns_of(&analysis);
        let said: Vec<&str> = turns
            .iter()
            .filter(|(who, _)| who == "interviewer")
            .map(|(_, text)| text.as_str())
            .collect();
        assert_eq!(said.len(), 4, "greeting, two questions, closing: {turns:?}");
        assert!(said[0].starts_with("Hello Jane Voice"), "{said:?}");
        assert_eq!(&said[1..3], &QUESTIONS, "each question once: {turns:?}");
        let answers: Vec<&str> = turns
            .iter()
            .filter(|(who, _)| who == "candidate")
            .map(|(_, text)| text.as_str())
            .collect();
        assert_eq!(answers.len(), 3, "each finished answer once: {turns:?}");
        assert!(answers[1].to_lowercase().contains("billing"), "{answers:?}");
        assert!(answers[2].to_lowercase().contains("index"), "{answers:?}");
        // The recording holds the finished steps: the closing ends it, the cut half-answer and
        // the first asking of the question are not in it.
        let (seconds, last) = recording_and_last_turn(&b, &analysis).await;
        assert!(
            (last - seconds).abs() < 0.1,
            "the closing ends the recording: {last} vs {seconds}"
        );
        let starts: Vec<f64> = analysis["turns"]
            .as_array()
            .expect("turns")
            .iter()
            .filter_map(|t| t["startSeconds"].as_f64())
            .collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
        // The voice-to-voice latency stored on A with its step is kept; the question asked
        // again on B follows no answer heard on its socket, so it has none.
        let runtime = hirelane::voice::client::of(&b.state)
            .expect("the voice provider")
            .selfhosted
            .clone()
            .expect("the self-hosted interviewer");
        let call = runtime
            .provider
            .get_call(&booked.call_id)
            .await
            .expect("the stored call");
        // (acknowledgement, measured) of each interviewer turn.
        let measured: Vec<(bool, bool)> = call.artifact.expect("an artifact")["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .filter(|m| m["role"] == "bot")
            .map(|m| {
                (
                    m["acknowledgement"] == true,
                    m["latency"]["totalMs"].is_u64(),
                )
            })
            .collect();
        let (line, acknowledged) = ((false, false), (true, true));
        assert_eq!(
            measured,
            [
                line,
                acknowledged,
                line,
                acknowledged,
                line,
                acknowledged,
                line
            ],
            "greeting, Q1, Q2 again, closing, each answer acknowledged"
        );
        let _ = stop_b.send(());
    })
    .await;
}

#[tokio::test]
async fn a_newer_socket_takes_the_interview_over_and_the_older_is_closed_first() {
    on_two_instances(|a: TestApp, b: TestApp, stop_b| async move {
        let booked = booked(&a, &QUESTIONS[..1], &[]).await;
        let mut older = open_on(&a, &booked, &booked.secret).await.expect("open");
        while next_event(&mut older).await["type"] != "caption" {}

        // Another tab opens the interview through instance B while A is speaking in it.
        let token = fresh_token(&b, &booked).await;
        let mut newer = open_on(&b, &booked, &token).await.expect("open");
        // What each socket receives, in order; the older socket's messages are read first
        // whenever both have some, so nothing it was sent can appear after the newer one's.
        let mut order = Vec::new();
        let mut close = None;
        loop {
            tokio::select! {
                biased;
                message = next_message(&mut older), if close.is_none() => match message {
                    Message::Close(frame) => {
                        close = frame.map(|f| (f.code, f.reason.as_str().to_owned()));
                        order.push("older closed");
                    }
                    Message::Binary(_) => order.push("older audio"),
                    _ => order.push("older message"),
                },
                message = next_message(&mut newer) => {
                    if let Message::Text(text) = message {
                        let event: Value = serde_json::from_str(&text).expect("json");
                        if event["type"] == "caption" {
                            assert_eq!(event["kind"], "greeting", "{event}");
                            order.push("newer speaks");
                            break;
                        }
                    }
                }
            }
        }
        assert_eq!(
            close,
            Some((CloseCode::Library(4001), "taken over".to_owned())),
            "{order:?}"
        );
        let closed_at = order.iter().position(|o| *o == "older closed");
        assert_eq!(
            closed_at,
            Some(order.len() - 2),
            "never both speaking: {order:?}"
        );
        // The older socket's token was replaced by the newer one's.
        assert!(open_on(&a, &booked, &booked.secret).await.is_err());

        // The candidate leaves from the newer tab: the greeting was said once.
        newer
            .send(Message::text(r#"{"type":"end"}"#))
            .await
            .expect("sent");
        let analysis = analysis_of(&a, &booked.call_id).await;
        let turns = turns_of(&analysis);
        let greetings = turns
            .iter()
            .filter(|(_, text)| text.starts_with("Hello Jane Voice"))
            .count();
        assert_eq!(greetings, 1, "{turns:?}");
        let _ = stop_b.send(());
    })
    .await;
}

#[tokio::test]
async fn an_instance_that_stops_hands_its_interviews_over_at_once() {
    // The interview runs on the second instance, which is stopped (SIGTERM) mid-answer.
    on_two_instances(|b: TestApp, a: TestApp, stop_a| async move {
        let booked = booked(&b, &QUESTIONS[..1], &[]).await;
        let ready = speech(&b, "Yes, I am ready.").await;
        let first = speech(&b, ANSWERS[0].0).await;
        let mut socket = open_on(&a, &booked, &booked.secret).await.expect("open");
        let mut listened = 0;
        loop {
            let event = next_event(&mut socket).await;
            match (event["type"].as_str(), event["state"].as_str()) {
                (Some("caption"), _) => played(&mut socket).await,
                (Some("state"), Some("listening")) => {
                    listened += 1;
                    if listened == 1 {
                        say(&mut socket, &ready, 2).await;
                    } else {
                        say(&mut socket, &first[..first.len() / 2], 0).await;
                        break;
                    }
                }
                _ => {}
            }
        }
        let _ = stop_a.send(());
        assert_eq!(
            closed(&mut socket).await,
            (1012, "moving".to_owned()),
            "the page is told to reconnect at once"
        );

        let token = fresh_token(&b, &booked).await;
        let mut socket = open_on(&b, &booked, &token).await.expect("open");
        let caption = loop {
            let event = next_event(&mut socket).await;
            if event["type"] == "caption" {
                break event;
            }
        };
        assert_eq!(caption["text"], QUESTIONS[0], "{caption}");
        played(&mut socket).await;
        socket
            .send(Message::text(r#"{"type":"end"}"#))
            .await
            .expect("sent");
        let analysis = analysis_of(&b, &booked.call_id).await;
        let turns = turns_of(&analysis);
        assert_eq!(
            turns.len(),
            3,
            "greeting, its answer, the question: {turns:?}"
        );
        assert_eq!(turns[2].1, QUESTIONS[0], "{turns:?}");
    })
    .await;
}
