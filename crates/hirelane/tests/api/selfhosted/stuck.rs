//! Interviews that cannot get stuck: a page that keeps the socket open and sends no audio cannot
//! hold a listening step (each ends on the wall clock), and an interview whose instance died
//! is ended with what was stored instead of staying in progress for ever.

use futures_util::SinkExt;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

use super::{analysis_of, booked, next_event, open, played, selfhosted};
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
        let mut socket = open(&booked).await;
        let mut captions = Vec::new();
        loop {
            // Before, the first listening step waited for audio that never came: no "ended".
            let event = next_event(&mut socket).await;
            match event["type"].as_str() {
                Some("caption") => {
                    captions.push(event["text"].as_str().unwrap_or_default().to_owned());
                    played(&mut socket).await;
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
        let mut socket = open(&booked).await;
        // The interview starts (in progress from its first caption)...
        while next_event(&mut socket).await["type"] != "caption" {}
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
        let mut socket = open(&booked).await;
        // Thirty seconds of a loud tone, sent at once (the probe sent 125 s in 1.1 s).
        let tone: Vec<i16> = (0..16_000 * 30)
            .map(|i| ((i as f64 * 440.0 * std::f64::consts::TAU / 16_000.0).sin() * 8_000.0) as i16)
            .collect();
        let mut warned = false;
        let done = Message::text(r#"{"type":"done"}"#);
        loop {
            let event = next_event(&mut socket).await;
            match (event["type"].as_str(), event["state"].as_str()) {
                (Some("caption"), _) => played(&mut socket).await,
                (Some("state"), Some("listening")) if !warned => {
                    super::say(&mut socket, &tone, 0).await;
                }
                (Some("state"), Some("listening")) => {
                    socket.send(done.clone()).await.expect("sent");
                }
                (Some("warning"), _) => {
                    assert_eq!(event["code"], "audio_too_fast", "{event}");
                    assert!(!warned, "said once per answer");
                    warned = true;
                    // What was accepted is the answer; the interview goes on.
                    socket.send(done.clone()).await.expect("sent");
                }
                (Some("ended"), _) => break,
                _ => {}
            }
        }
        assert!(warned, "the page was told why its audio was refused");
    })
    .await;
}
