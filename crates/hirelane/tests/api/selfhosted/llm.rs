//! The self-hosted interviewer with a language model configured: the analysis is the model's
//! rubric, asked with the scripted questions and the transcript only.

use serde_json::{Value, json};

use super::{ANSWERS, analysis_of, booked, converse, selfhosted};
use crate::helpers::{TestApp, on_each_db_configured};

/// An OpenAI-compatible endpoint standing in for a language model: it answers every chat
/// completion with an analysis that quotes the transcript it was sent, and keeps the requests.
async fn language_model() -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use axum::routing::post;
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = seen.clone();
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        post(move |axum::Json(request): axum::Json<Value>| {
            let kept = kept.clone();
            async move {
                let transcript = request["messages"][1]["content"].as_str().unwrap_or_default().to_owned();
                kept.lock().expect("lock").push(request);
                let answer = transcript
                    .lines()
                    .find(|l| l.starts_with("User: I run"))
                    .unwrap_or_default()
                    .trim_start_matches("User: ")
                    .to_owned();
                let analysis = json!({
                    "summary": "A clear, specific answer about running a Python service.",
                    "successEvaluation": "true",
                    "structuredData": {
                        "additionalInterviewMetrics": { "technicalScore": 8, "communicationScore": 9,
                                                        "problemSolvingScore": 7, "culturalFitScore": 8 },
                        "questions": [{ "number": 1, "question": "Tell me about a service you run.",
                                        "asked": true, "answerExcerpt": answer, "score": 4,
                                        "justification": "Names the service, its stack and how it ships." }],
                    },
                });
                axum::Json(json!({ "choices": [{ "message": { "role": "assistant",
                                                             "content": analysis.to_string() } }] }))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let address = listener.local_addr().expect("address");
    tokio::spawn(async move { axum::serve(listener, app).await });
    (format!("http://{address}/v1"), seen)
}

#[tokio::test]
async fn with_a_language_model_the_analysis_is_its_rubric() {
    let (url, requests) = language_model().await;
    let configure = move |settings: &mut hirelane::config::Settings| {
        selfhosted(settings);
        settings.voice.llm.base_url = Some(url.clone());
        settings.voice.llm.model = "test-model".into();
    };
    on_each_db_configured(configure, |app: TestApp| {
        let requests = requests.clone();
        async move {
            let runtime = hirelane::voice::client::of(&app.state)
                .expect("the voice provider")
                .selfhosted
                .clone()
                .expect("the interviewer");
            let booked = booked(&app, &["Tell me about a service you run."], &[]).await;
            let answer = runtime
                .speech
                .synthesize(ANSWERS[0].0)
                .await
                .expect("an answer");
            let seen = converse(&booked, &[Vec::new(), answer]).await;
            assert_eq!(seen.heard.len(), 1, "{:?}", seen.heard);
            let analysis = analysis_of(&app, &booked.call_id).await;
            assert_eq!(
                analysis["summary"],
                "A clear, specific answer about running a Python service."
            );
            assert_eq!(
                analysis["technicalScore"], 80,
                "scores shown as percentages: {analysis}"
            );
            let question = &analysis["questions"][0];
            assert_eq!(question["score"], 4, "{question}");
            assert!(
                question["answerExcerpt"]
                    .as_str()
                    .is_some_and(|a| a.contains("billing")),
                "{question}"
            );
            // The model was asked with the scripted questions and the transcript, nothing else.
            let sent = requests
                .lock()
                .expect("lock")
                .last()
                .cloned()
                .expect("a request");
            assert_eq!(sent["model"], "test-model");
            let instructions = sent["messages"][0]["content"].as_str().unwrap_or_default();
            assert!(
                instructions.contains("1. Tell me about a service you run."),
                "{instructions}"
            );
            assert!(
                instructions.contains("Platform Engineer"),
                "the JD's title: {instructions}"
            );
            let transcript = sent["messages"][1]["content"].as_str().unwrap_or_default();
            assert!(transcript.contains("AI: Hello Jane Voice"), "{transcript}");
        }
    })
    .await;
}
