//! Transcriptions go through a queue bounded for the instance and per interview, and an answer
//! the queue cannot transcribe in time is kept as "not transcribed", never dropped: a busy
//! transcriber holds no interview past its timeout (issue 29 §6).

use serde_json::Value;

use super::{ANSWERS, analysis_of, booked, next_event, open, played, say, selfhosted};
use crate::helpers::{TestApp, on_each_db_configured};

/// One transcription at a time on the instance, given up after 20 s (room for a short answer's
/// transcription on a loaded machine).
fn one_slot(settings: &mut hirelane::config::Settings) {
    selfhosted(settings);
    settings.voice.speech.transcriptions_at_once = 1;
    settings.voice.speech.transcription_timeout_seconds = 20;
}

#[tokio::test]
async fn an_answer_the_busy_transcriber_cannot_take_is_kept_and_the_interview_goes_on() {
    on_each_db_configured(one_slot, |app: TestApp| async move {
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
            ],
            &[],
        )
        .await;
        let first = runtime
            .speech
            .synthesize(ANSWERS[0].0)
            .await
            .expect("an answer");
        let second = runtime
            .speech
            .synthesize(ANSWERS[1].0)
            .await
            .expect("an answer");
        // Another interview's transcription holds the instance's one slot and does not end
        // (before, nothing bounded transcriptions, and one that failed dropped the answer).
        let mut busy = Some(runtime.transcriptions.slot().await);
        let mut socket = open(&booked).await;
        let mut captions = Vec::new();
        let mut listened = 0;
        let mut heard = Vec::new();
        loop {
            let event = next_event(&mut socket).await;
            match event["type"].as_str() {
                Some("caption") => {
                    let caption = event["text"].as_str().unwrap_or_default().to_owned();
                    // The first answer was given up on and the interview moved on: the other
                    // transcription ends, and the next answer has the slot.
                    if caption == "How do you find a slow query?" {
                        assert!(heard.is_empty(), "{heard:?}");
                        busy = None;
                    }
                    captions.push(caption);
                    played(&mut socket).await;
                }
                Some("state") if event["state"] == "listening" => {
                    let answer: &[i16] = match listened {
                        1 => &first,
                        2 => &second,
                        _ => &[],
                    };
                    listened += 1;
                    let quiet = if answer.is_empty() { 4 } else { 2 };
                    say(&mut socket, answer, quiet).await;
                }
                Some("heard") => heard.push(event["text"].as_str().unwrap_or_default().to_owned()),
                Some("ended") | None => break,
                _ => {}
            }
        }
        assert!(
            busy.is_none(),
            "the second question was asked: {captions:?}"
        );
        assert_eq!(heard.len(), 1, "{heard:?}");
        assert!(heard[0].to_lowercase().contains("query"), "{heard:?}");

        // The first answer is a turn without words, marked, over the span of the recording
        // it was said in (the answer, up to the quiet that ended it before its last samples
        // arrived), so a reviewer can listen to it.
        let analysis = analysis_of(&app, &booked.call_id).await;
        let turns = analysis["turns"].as_array().expect("turns");
        let candidate: Vec<&Value> = turns
            .iter()
            .filter(|t| t["speaker"] == "candidate")
            .collect();
        assert_eq!(candidate.len(), 2, "{turns:?}");
        let kept = candidate[0];
        assert_eq!(kept["notTranscribed"], true, "{kept}");
        assert_eq!(kept["text"], "", "{kept}");
        let span = kept["endSeconds"].as_f64().expect("end")
            - kept["startSeconds"].as_f64().expect("start");
        let said = first.len() as f64 / 16_000.0;
        assert!(span >= said - 0.8, "{span:.2} s kept for {said:.2} s said");
        assert_eq!(candidate[1]["notTranscribed"], false, "{}", candidate[1]);
        // Not graded as a wrong answer: no score, flagged; the provider-shaped heuristic too.
        let graded = &analysis["grading"]["questions"][0];
        assert_eq!(graded["asked"], true, "{graded}");
        assert_eq!(graded["score"], Value::Null, "{graded}");
        assert!(
            graded["flags"]
                .as_array()
                .is_some_and(|f| f.iter().any(|f| f["code"] == "notTranscribed")),
            "{graded}"
        );
        assert_eq!(analysis["questions"][0]["score"], Value::Null, "{analysis}");
        assert!(
            analysis["questions"][1]["score"].as_u64().is_some(),
            "the second answer is scored: {analysis}"
        );
    })
    .await;
}
