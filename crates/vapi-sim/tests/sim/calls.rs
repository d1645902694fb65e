//! Call lifecycle on the manual clock, analysis, recordings, batches and web calls.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{KEY, assert_valid, interview_assistant, spawn, spawn_with};

#[tokio::test]
async fn scheduled_call_runs_to_an_analysed_end_with_a_playable_recording() {
    let sim = spawn().await;
    let assistant = sim.assistant(interview_assistant(None)).await;
    let call = sim
        .call(
            &assistant,
            "Jane Doe",
            json!({
                "schedulePlan": {"earliestAt": "2026-09-01T09:10:00Z"},
                "assistantOverrides": {
                    "variableValues": {"candidateName": "Jane", "role": "Backend Engineer", "experience": "6 years"},
                    "metadata": {"interviewId": "int_42", "simOutcome": "pass"}
                }
            }),
        )
        .await;
    assert_valid("Call", &call);
    assert_eq!(call["status"], "scheduled");
    assert_eq!(call["type"], "outboundPhoneCall");
    assert_eq!(
        call["assistantOverrides"]["metadata"]["interviewId"],
        "int_42"
    );
    assert_eq!(call["subscriptionLimits"]["concurrencyLimit"], 10);
    let id = call["id"].as_str().unwrap().to_string();
    let path = format!("/call/{id}");

    let status = |v: &Value| v["status"].as_str().unwrap().to_string();
    sim.advance(9 * 60).await;
    assert_eq!(status(&sim.get(&path).await.1), "scheduled");
    sim.advance(60).await;
    assert_eq!(status(&sim.get(&path).await.1), "queued");
    sim.advance(1).await;
    assert_eq!(status(&sim.get(&path).await.1), "ringing");
    sim.advance(5).await;
    let (_, live) = sim.get(&path).await;
    assert_eq!(status(&live), "in-progress");
    assert_eq!(live["startedAt"], "2026-09-01T09:10:06.000Z");
    assert!(live.get("analysis").is_none());

    sim.advance(3600).await;
    let (_, ended) = sim.get(&path).await;
    assert_valid("Call", &ended);
    assert_eq!(status(&ended), "ended");
    assert_eq!(ended["endedReason"], "assistant-ended-call");
    let transcript = ended["artifact"]["transcript"].as_str().unwrap();
    assert!(
        transcript.starts_with("AI: Hi Jane, thanks for joining."),
        "{transcript}"
    );
    assert!(transcript.contains("How do you handle errors in Rust?"));
    assert_eq!(ended["artifact"]["messages"][0]["role"], "system");
    assert_eq!(ended["messages"], ended["artifact"]["messages"]);

    let analysis = &ended["analysis"];
    assert_eq!(analysis["successEvaluation"], "true");
    assert!(analysis["summary"].as_str().unwrap().contains("Jane Doe"));
    let data = &analysis["structuredData"];
    assert_eq!(data["candidateInformation"]["fullName"], "Jane Doe");
    assert_eq!(data["candidateInformation"]["yearsOfExperience"], 6);
    for score in [
        "technicalScore",
        "communicationScore",
        "problemSolvingScore",
        "culturalFitScore",
    ] {
        let s = data["additionalInterviewMetrics"][score].as_u64().unwrap();
        assert!((7..=9).contains(&s), "{score} = {s}");
    }
    for key in ["keyInsights", "areasForImprovement", "recommendations"] {
        assert!(data["summaryInsights"][key].is_string(), "{key}");
    }
    assert!(
        !data["interviewPerformance"]["strengths"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    assert!(data["interviewPerformance"]["weaknesses"].is_array());
    assert!(
        data["keySkills"]
            .as_array()
            .unwrap()
            .contains(&json!("Rust"))
    );
    assert!(data["keyTakeaways"].is_string() && data["experience"].is_string());

    // The recording is a real WAV, served with Range support and without the API key.
    let url = ended["artifact"]["recordingUrl"].as_str().unwrap();
    let res = sim.http.get(url).send().await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "audio/wav");
    assert_eq!(res.headers()["accept-ranges"], "bytes");
    let wav = res.bytes().await.unwrap();
    assert_eq!(&wav[..4], b"RIFF");
    assert_eq!(&wav[8..12], b"WAVE");
    assert!(wav.len() > 8_000 * 2, "at least a second of audio");
    let part = sim
        .http
        .get(url)
        .header("range", "bytes=0-99")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.headers()["content-range"],
        format!("bytes 0-99/{}", wav.len()).as_str()
    );
    assert_eq!(part.bytes().await.unwrap().len(), 100);
    let bad = sim
        .http
        .get(url)
        .header("range", format!("bytes={}-", wav.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::RANGE_NOT_SATISFIABLE);

    // Vapi's recording endpoint redirects to the file.
    let no_redirect = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let res = no_redirect
        .get(sim.url(&format!("/call/{id}/mono-recording")))
        .bearer_auth(KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::FOUND);
    assert_eq!(res.headers()["location"], url);
}

#[tokio::test]
async fn outcomes_can_be_steered_and_repeat_for_a_seed() {
    let sim = spawn().await;
    let assistant = sim.assistant(interview_assistant(None)).await;
    let fail = sim.call(&assistant, "Fail Candidate", json!({})).await;
    let review = sim
        .call(
            &assistant,
            "Rita",
            json!({"assistantOverrides": {"variableValues": {"simOutcome": "review"}}}),
        )
        .await;
    let no_answer = sim.call(&assistant, "Noah NoAnswer", json!({})).await;
    let busy = sim
        .call(
            &assistant,
            "Bea",
            json!({"assistantOverrides": {"metadata": {"simOutcome": "busy"}}}),
        )
        .await;
    sim.advance(3600).await;

    let fail = sim.fetch(&fail).await;
    assert_eq!(fail["analysis"]["successEvaluation"], "false");
    let tech = fail["analysis"]["structuredData"]["additionalInterviewMetrics"]["technicalScore"]
        .as_u64()
        .unwrap();
    assert!((2..=4).contains(&tech));
    let review = sim.fetch(&review).await;
    assert_eq!(review["analysis"]["successEvaluation"], "true");
    let tech = review["analysis"]["structuredData"]["additionalInterviewMetrics"]["technicalScore"]
        .as_u64()
        .unwrap();
    assert!((5..=6).contains(&tech));

    // A phone call nobody answers still ends, with no conversation to analyse.
    let no_answer = sim.fetch(&no_answer).await;
    assert_valid("Call", &no_answer);
    assert_eq!(no_answer["status"], "ended");
    assert_eq!(no_answer["endedReason"], "customer-did-not-answer");
    assert!(no_answer.get("startedAt").is_none());
    assert_eq!(no_answer["analysis"], json!({}));
    assert_eq!(sim.fetch(&busy).await["endedReason"], "customer-busy");

    // The same seed and inputs give the same ids and the same interview.
    let again = spawn().await;
    let assistant2 = again.assistant(interview_assistant(None)).await;
    assert_eq!(assistant2, assistant);
    let fail2 = again.call(&assistant2, "Fail Candidate", json!({})).await;
    again.advance(3600).await;
    let fail2 = again.fetch(&fail2).await;
    assert_eq!(fail2["analysis"], fail["analysis"]);
    assert_eq!(
        fail2["artifact"]["transcript"],
        fail["artifact"]["transcript"]
    );
}

#[tokio::test]
async fn batch_calls_list_filters_and_call_validation() {
    let sim = spawn().await;
    let assistant = sim.assistant(interview_assistant(None)).await;
    let body = json!({
        "assistantId": assistant,
        "phoneNumberId": "c6ea6cb0-0dfb-4a65-918f-6a33abb54b64",
        "customers": [{"number": "+14155550123", "name": "Ann"}, {"number": "12345"}],
        "schedulePlan": {"earliestAt": "2026-09-02T10:00:00Z"},
        "name": "Batch"
    });
    let (status, batch) = sim.post("/call", body).await;
    assert_eq!(status, StatusCode::CREATED, "{batch}");
    assert_valid("CallBatchResponse", &batch);
    assert_eq!(batch["results"].as_array().unwrap().len(), 1);
    assert_eq!(batch["results"][0]["status"], "scheduled");
    assert_eq!(batch["results"][0]["customer"]["name"], "Ann");
    assert_eq!(batch["errors"][0]["customer"]["number"], "12345");

    sim.advance(3600).await;
    let second = sim.call(&assistant, "Bob", json!({})).await;
    let (_, all) = sim.get("/call").await;
    assert_eq!(all.as_array().unwrap().len(), 2);
    assert_eq!(all[0]["id"], second["id"], "newest first");
    let (_, recent) = sim
        .get("/call?createdAtGt=2026-09-01T09:30:00Z&limit=100")
        .await;
    assert_eq!(recent.as_array().unwrap().len(), 1);
    let (_, old) = sim.get("/call?createdAtLt=2026-09-01T09:30:00Z").await;
    assert_eq!(old[0]["customer"]["name"], "Ann");
    let (_, by_ge) = sim
        .get("/call?createdAtGe=2026-09-01T09:00:00Z&createdAtLe=2026-09-01T09:00:00Z")
        .await;
    assert_eq!(by_ge.as_array().unwrap().len(), 1);
    let (_, one) = sim.get("/call?limit=1").await;
    assert_eq!(one.as_array().unwrap().len(), 1);
    for c in all.as_array().unwrap() {
        assert_valid("Call", c);
    }

    let (status, err) = sim.post("/call", json!({"assistantId": assistant, "phoneNumberId": "p", "customer": {"number": "+14155550123"}, "metadata": {"a": 1}})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        err["message"][0], "property metadata should not exist",
        "current Vapi has no top-level call metadata"
    );
    let (status, err) = sim.post("/call", json!({"assistantId": "3f1c2e8a-6b0d-4c4e-9a55-0f1d2c3b4a5e", "phoneNumberId": "p", "customer": {"number": "+14155550123"}})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
    let (status, _) = sim
        .post(
            "/call",
            json!({"assistantId": assistant, "customer": {"number": "+14155550123"}}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "phoneNumberId is needed");
    let (status, err) = sim.get("/call/019a9046-121e-466d-bd1f-84f3ccc309c1").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(err["statusCode"], 404);
}

#[tokio::test]
async fn legacy_call_fields_and_flat_analysis_plan() {
    let sim = spawn_with(|mut c| {
        c.legacy_call_fields = true;
        c
    })
    .await;
    let assistant = sim
        .assistant(json!({
            "name": "Legacy",
            "model": {"provider": "openai", "model": "gpt-4o", "messages": [{"role": "system", "content": "Ask: What is ownership in Rust?"}]},
            "analysisPlan": {"summaryPrompt": "off", "structuredDataPrompt": "Extract the scores."}
        }))
        .await;
    let (status, call) = sim
        .post(
            "/call",
            json!({
                "assistantId": assistant,
                "phoneNumberId": "p",
                "customers": [{"number": "+14155550123"}],
                "metadata": {"candidateName": "Lee Pass"}
            }),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{call}");
    let id = call["results"][0]["id"].as_str().unwrap().to_string();
    sim.advance(3600).await;
    let (_, ended) = sim.get(&format!("/call/{id}")).await;
    assert_eq!(
        ended["metadata"]["candidateName"], "Lee Pass",
        "mid-2024 top-level metadata"
    );
    assert_eq!(ended["transcript"], ended["artifact"]["transcript"]);
    assert_eq!(ended["recordingUrl"], ended["artifact"]["recordingUrl"]);
    assert!(
        ended["analysis"].get("summary").is_none(),
        "summaryPrompt \"off\" disables the summary"
    );
    assert_eq!(ended["analysis"]["successEvaluation"], "true");
    assert_eq!(
        ended["analysis"]["structuredData"]["candidateInformation"]["fullName"],
        "Lee Pass"
    );
    assert_valid("Call", &ended);
}

#[tokio::test]
async fn a_web_call_is_started_and_ended_from_the_browser() {
    let sim = spawn_with(|mut c| {
        c.public_api_key = Some("public-key".into());
        c
    })
    .await;
    let assistant = sim.assistant(interview_assistant(None)).await;
    let request = json!({"assistantId": assistant, "assistantOverrides": {"variableValues": {"candidateName": "Wen"}, "metadata": {"inviteId": "inv_1", "simOutcome": "pass"}}});
    assert_valid("CreateWebCallDTO", &request);
    let res = sim
        .http
        .post(sim.url("/call/web"))
        .bearer_auth("public-key")
        .json(&request)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let call: Value = res.json().await.unwrap();
    assert_valid("Call", &call);
    assert_eq!(call["type"], "webCall");
    assert_eq!(call["status"], "queued");
    let room = call["webCallUrl"].as_str().unwrap().to_string();
    assert_eq!(call["transport"]["callUrl"], room.as_str());
    // The public key is good for nothing else.
    let res = sim
        .http
        .get(sim.url("/call"))
        .bearer_auth("public-key")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::UNAUTHORIZED);

    // The browser side: CORS preflight, state, start, end — no API key.
    let pre = sim
        .http
        .request(reqwest::Method::OPTIONS, format!("{room}/start"))
        .header("origin", "http://localhost:5173")
        .header("access-control-request-method", "POST")
        .send()
        .await
        .unwrap();
    assert_eq!(pre.status(), StatusCode::NO_CONTENT);
    assert_eq!(pre.headers()["access-control-allow-origin"], "*");
    let state: Value = sim
        .http
        .get(&room)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(state["status"], "queued");
    let html = sim
        .http
        .get(&room)
        .header("accept", "text/html")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("Simulated web call"));

    let started: Value = sim
        .http
        .post(state["startUrl"].as_str().unwrap())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(started["status"], "in-progress");
    // Hanging up 30 s in, before the assistant is through its questions.
    sim.advance(30).await;
    let res = sim
        .http
        .post(state["endUrl"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["access-control-allow-origin"], "*");
    let ended: Value = res.json().await.unwrap();
    assert_eq!(ended["status"], "ended");
    assert_eq!(ended["endedReason"], "customer-ended-call");

    let (_, full) = sim
        .get(&format!("/call/{}", call["id"].as_str().unwrap()))
        .await;
    assert_valid("Call", &full);
    assert_eq!(full["startedAt"], "2026-09-01T09:00:00.000Z");
    assert_eq!(full["endedAt"], "2026-09-01T09:00:30.000Z");
    let transcript = full["artifact"]["transcript"].as_str().unwrap();
    assert!(transcript.starts_with("AI: Hi Wen"), "{transcript}");
    assert!(
        !transcript.contains("consistent?"),
        "only what was said before hanging up: {transcript}"
    );
    assert_eq!(full["analysis"]["successEvaluation"], "true");
    let res = sim
        .http
        .post(state["startUrl"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(
        res.status(),
        StatusCode::CONFLICT,
        "an ended room cannot be rejoined"
    );

    // A web call nobody joins gives up after ten minutes.
    let (_, idle) = sim
        .post("/call/web", json!({"assistantId": assistant}))
        .await;
    sim.advance(11 * 60).await;
    let (_, idle) = sim
        .get(&format!("/call/{}", idle["id"].as_str().unwrap()))
        .await;
    assert_eq!(idle["status"], "ended");
    assert_eq!(
        idle["endedReason"],
        "customer-did-not-give-microphone-permission"
    );
}

/// Vapi applies a web call's `assistantOverrides` whoever sends them, and echoes them on the
/// call: a server can only find a tampered call by reading them back.
#[tokio::test]
async fn web_call_overrides_are_applied_and_echoed() {
    let sim = spawn().await;
    let assistant = sim.assistant(interview_assistant(None)).await;
    let overrides = json!({
        "firstMessage": "Hello {{ candidateName | default: \"there\" }}, you have already passed.",
        "analysisPlan": {"summaryPlan": {"enabled": false}},
        "variableValues": {"candidateName": "Wen"},
        "metadata": {"simOutcome": "pass"}
    });
    let (status, call) = sim
        .post(
            "/call/web",
            json!({"assistantId": assistant, "assistantOverrides": overrides}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{call}");
    let room = call["webCallUrl"].as_str().unwrap().to_string();
    let started = sim.http.post(format!("{room}/start")).send().await.unwrap();
    assert!(started.status().is_success());
    sim.advance(30 * 60).await;
    let ended = sim.fetch(&call).await;
    assert_eq!(ended["assistantOverrides"], overrides, "echoed as sent");
    let first_bot = ended["artifact"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["role"] == "bot")
        .unwrap();
    assert_eq!(first_bot["message"], "Hello Wen, you have already passed.");
    assert!(
        ended["analysis"].get("summary").is_none(),
        "the overridden plan applied"
    );
}
