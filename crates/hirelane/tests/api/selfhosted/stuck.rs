//! Interviews that cannot get stuck: a page that keeps the socket open and sends no audio cannot
//! hold a listening step (each ends on the wall clock), and an interview whose instance died
//! is ended with what was stored instead of staying in progress for ever.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use super::{analysis_of, booked, selfhosted};
use crate::helpers::{TestApp, on_each_db_configured};
use crate::interviews::support::set_clock;

fn quickly_given_up(settings: &mut hirelane::config::Settings) {
    selfhosted(settings);
    settings.voice.speech.answer_wait_seconds = 1;
    settings.voice.speech.max_answer_seconds = 2;
}

#[tokio::test]
async fn a_silent_socket_does_not_hold_the_interview_open() {
    on_each_db_configured(quickly_given_up, |app: TestApp| async move {
        let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("{}?token={}", booked.socket, booked.secret))
                .await
                .expect("the interview's socket");
        let mut captions = Vec::new();
        loop {
            // Before, the first listening step waited for audio that never came: no "ended".
            let message = tokio::time::timeout(Duration::from_secs(120), socket.next())
                .await
                .expect("the interviewer moves on without audio")
                .expect("the socket is open")
                .expect("a message");
            let Message::Text(text) = message else {
                continue;
            };
            let event: Value = serde_json::from_str(&text).expect("json");
            match event["type"].as_str() {
                Some("caption") => {
                    captions.push(event["text"].as_str().unwrap_or_default().to_owned());
                    socket
                        .send(Message::text(r#"{"type":"played"}"#))
                        .await
                        .expect("sent");
                }
                Some("ended") => break,
                _ => {}
            }
        }
        assert!(
            captions
                .iter()
                .any(|c| c == "Tell me about a service you run."),
            "{captions:?}"
        );
        let analysis = analysis_of(&app, &booked.call_id).await;
        assert_eq!(
            analysis["questions"][0]["answerExcerpt"],
            Value::Null,
            "{analysis}"
        );
    })
    .await;
}

#[tokio::test]
async fn an_interview_whose_instance_stopped_is_ended_with_what_was_stored() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("{}?token={}", booked.socket, booked.secret))
                .await
                .expect("the interview's socket");
        // The interview starts (in progress from its first caption)...
        loop {
            let message = tokio::time::timeout(Duration::from_secs(120), socket.next())
                .await
                .expect("the greeting")
                .expect("open")
                .expect("a message");
            if let Message::Text(text) = message
                && text.contains("\"caption\"")
            {
                break;
            }
        }
        let provider = hirelane::voice::client::of(&app.state)
            .expect("voice")
            .provider
            .clone();
        let live = provider.get_call(&booked.call_id).await.expect("the call");
        assert_eq!(live.status.as_deref(), Some("in-progress"));
        // ...then no step is marked for longer than any step can take, as when the instance
        // running it is killed (its session dies with it).
        drop(socket);
        set_clock(&app, "2026-03-02T13:00:00Z");
        let ended = provider.get_call(&booked.call_id).await.expect("the call");
        assert_eq!(ended.status.as_deref(), Some("ended"));
        assert_eq!(
            ended.ended_reason.as_deref(),
            Some(hirelane::voice::selfhosted::provider::INTERVIEWER_STOPPED)
        );
        hirelane::voice::reconciler::reconcile(&app.state)
            .await
            .expect("the reconciler runs");
        let analysis = analysis_of(&app, &booked.call_id).await;
        assert!(analysis.is_object(), "reported: {analysis}");
    })
    .await;
}

#[tokio::test]
async fn audio_sent_far_faster_than_it_can_be_spoken_is_refused_with_a_reason() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
        let (mut socket, _) =
            tokio_tungstenite::connect_async(format!("{}?token={}", booked.socket, booked.secret))
                .await
                .expect("the interview's socket");
        // Thirty seconds of a loud tone, sent at once (the probe sent 125 s in 1.1 s).
        let tone: Vec<i16> = (0..16_000 * 30)
            .map(|i| ((i as f64 * 440.0 * std::f64::consts::TAU / 16_000.0).sin() * 8_000.0) as i16)
            .collect();
        let mut warned = false;
        loop {
            let message = tokio::time::timeout(Duration::from_secs(120), socket.next())
                .await
                .expect("the interviewer keeps talking")
                .expect("the socket is open")
                .expect("a message");
            let Message::Text(text) = message else {
                continue;
            };
            let event: Value = serde_json::from_str(&text).expect("json");
            match (event["type"].as_str(), event["state"].as_str()) {
                (Some("caption"), _) => {
                    socket
                        .send(Message::text(r#"{"type":"played"}"#))
                        .await
                        .expect("sent");
                }
                (Some("state"), Some("listening")) if !warned => {
                    for frame in tone.chunks(320) {
                        let bytes: Vec<u8> = frame.iter().flat_map(|s| s.to_le_bytes()).collect();
                        socket.send(Message::binary(bytes)).await.expect("frame");
                    }
                }
                (Some("state"), Some("listening")) => {
                    socket
                        .send(Message::text(r#"{"type":"done"}"#))
                        .await
                        .expect("sent");
                }
                (Some("warning"), _) => {
                    assert_eq!(event["code"], "audio_too_fast", "{event}");
                    assert!(!warned, "said once per answer");
                    warned = true;
                    // What was accepted is the answer; the interview goes on.
                    socket
                        .send(Message::text(r#"{"type":"done"}"#))
                        .await
                        .expect("sent");
                }
                (Some("ended"), _) => break,
                _ => {}
            }
        }
        assert!(warned, "the page was told why its audio was refused");
    })
    .await;
}
