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

/// Waits until no socket holds the interview (its instance saw the page go and let go).
async fn let_go(app: &TestApp, call_id: &str) {
    for _ in 0..200 {
        let held: Option<Option<i64>> = hirelane::fetch_scalar!(
            &app.state.db,
            fetch_optional,
            "SELECT held_generation FROM selfhosted_sessions WHERE call_id = $1",
            (call_id)
        )
        .expect("the session");
        if held == Some(None) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the interview's lease was never let go");
}

#[tokio::test]
async fn an_interview_whose_instance_stopped_is_ended_with_what_was_stored() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
        let runtime = hirelane::voice::client::of(&app.state)
            .expect("voice")
            .selfhosted
            .clone()
            .expect("the self-hosted interviewer");
        let ready = runtime
            .speech
            .synthesize("Yes, I am ready.")
            .await
            .expect("speech");
        // The greeting is answered; the page goes while the question is asked and nobody comes
        // back (its instance stopped, or the candidate left).
        let mut socket = open(&booked).await;
        loop {
            let event = next_event(&mut socket).await;
            match (event["type"].as_str(), event["state"].as_str()) {
                (Some("caption"), _) if event["kind"] == "question" => break,
                (Some("caption"), _) => played(&mut socket).await,
                (Some("state"), Some("listening")) => {
                    super::say(&mut socket, &ready, 2).await;
                }
                _ => {}
            }
        }
        let provider = hirelane::voice::client::of(&app.state)
            .expect("voice")
            .provider
            .clone();
        let live = provider.get_call(&booked.call_id).await.expect("the call");
        assert_eq!(live.status.as_deref(), Some("in-progress"));
        drop(socket);
        let_go(&app, &booked.call_id).await;
        // Within the minute a page has to come back, it lives.
        set_clock(&app, "2026-03-02T11:58:50Z");
        let waiting = provider.get_call(&booked.call_id).await.expect("the call");
        assert_eq!(waiting.status.as_deref(), Some("in-progress"));
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
        // Reported with what was stored: the greeting, its answer and the interviewer's
        // "Great.", and their recording.
        let analysis = analysis_of(&app, &booked.call_id).await;
        let turns = analysis["turns"].as_array().expect("turns");
        let spoken: Vec<(&str, &str)> = turns
            .iter()
            .map(|t| {
                (
                    t["speaker"].as_str().unwrap_or(""),
                    t["text"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(spoken.len(), 3, "{turns:?}");
        assert_eq!(spoken[0].0, "interviewer", "{turns:?}");
        assert_eq!(spoken[1].0, "candidate", "{turns:?}");
        assert_eq!(spoken[2], ("interviewer", "Great."), "{turns:?}");
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
        let seconds = (wav.len() - 44) as f64 / (16_000.0 * 4.0);
        let said = turns[1]["endSeconds"].as_f64().expect("the answer's end");
        assert!(
            said <= seconds && seconds > (ready.len() as f64 / 16_000.0),
            "{seconds:.2} s recorded, the answer ends at {said:.2} s"
        );
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
