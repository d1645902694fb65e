//! Every turn of the interviewer that follows an answer (its acknowledgement, said the moment
//! the answer is over) carries its voice-to-voice latency from the candidate's last word, by
//! stage, on the page and in the stored call.

use hirelane::voice::provider::VoiceProvider;
use serde_json::Value;

use super::{Conversation, analysis_of, booked, converse, selfhosted};
use crate::helpers::{TestApp, on_each_db_configured};

const STAGES: [&str; 5] = [
    "endOfTurnMs",
    "transcriptionMs",
    "decisionMs",
    "synthesisMs",
    "sendMs",
];

#[tokio::test]
async fn each_turn_after_an_answer_stores_its_latency_from_the_last_word() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let runtime = hirelane::voice::client::of(&app.state)
            .expect("the voice provider")
            .selfhosted
            .clone()
            .expect("the self-hosted interviewer");
        let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
        let mut spoken = Vec::new();
        for text in [
            "Yes, I am ready.",
            "I run a billing service in Python, and I deploy it with Docker every week.",
        ] {
            spoken.push(runtime.speech.synthesize(text).await.expect("speech"));
        }
        let Conversation {
            captions,
            acknowledgements,
            latencies,
            ..
        } = converse(&booked, &spoken).await;
        assert_eq!(captions.len(), 3, "{captions:?}");
        assert_eq!(acknowledgements, ["Great.", "I see."]);
        analysis_of(&app, &booked.call_id).await;
        let call = runtime
            .provider
            .get_call(&booked.call_id)
            .await
            .expect("the stored call");
        let messages = call.artifact.expect("an artifact")["messages"]
            .as_array()
            .expect("messages")
            .clone();
        let roles: Vec<&str> = messages
            .iter()
            .map(|m| m["role"].as_str().unwrap_or_default())
            .collect();
        // Greeting, answer, acknowledgement, question, answer, acknowledgement, closing.
        assert_eq!(
            roles,
            ["bot", "user", "bot", "bot", "user", "bot", "bot"],
            "{messages:?}"
        );
        let acknowledged: Vec<usize> = (0..messages.len())
            .filter(|&i| messages[i]["acknowledgement"] == true)
            .collect();
        assert_eq!(acknowledged, [2, 5], "{messages:?}");
        // The acknowledgement is the turn that follows the answer; the lines after it and the
        // greeting follow none.
        for i in [0, 1, 3, 4, 6] {
            assert!(messages[i].get("latency").is_none(), "{:?}", messages[i]);
        }
        let stored: Vec<&Value> = [&messages[2], &messages[5]]
            .into_iter()
            .map(|m| m.get("latency").unwrap_or_else(|| panic!("latency on {m}")))
            .collect();
        // The page was told the same, as each turn's first audio went out.
        assert_eq!(latencies.len(), 2, "{latencies:?}");
        for ((latency, page), turn) in stored.iter().zip(&latencies).zip([2, 5]) {
            let ms = |key: &str| {
                latency[key]
                    .as_u64()
                    .unwrap_or_else(|| panic!("{key} in {latency}"))
            };
            let sum: u64 = STAGES.iter().map(|s| ms(s)).sum();
            assert_eq!(sum, ms("totalMs"), "the stages add up: {latency}");
            for key in STAGES.iter().chain(&["totalMs", "lastWordSeconds"]) {
                assert_eq!(page[key], latency[key], "{key}: {page} vs {latency}");
            }
            // Measured from the candidate's last word: where it is in the recording is at the
            // end of what they said (as the transcriber timed it), before the quiet after it
            // and before the interviewer's next turn.
            let answer = &messages[turn - 1];
            let said_until = answer["secondsFromStart"].as_f64().expect("start")
                + answer["duration"].as_f64().expect("duration") / 1000.0;
            let last_word = latency["lastWordSeconds"].as_f64().expect("last word");
            assert!(
                (last_word - said_until).abs() < 0.7,
                "the last word at {last_word} s, the answer heard until {said_until} s"
            );
            let next = messages[turn]["secondsFromStart"].as_f64().expect("next");
            assert!(last_word < next, "{last_word} before {next}");
            // The acknowledgement does not wait for the answer's transcript.
            assert_eq!(latency["transcriptionMs"].as_u64(), Some(0), "{latency}");
        }
    })
    .await;
}
