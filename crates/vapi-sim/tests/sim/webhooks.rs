//! Webhooks to the assistant's server URL, fault injection and the control endpoint.

use reqwest::StatusCode;
use serde_json::{Value, json};
use vapi_sim::{ApiFault, Faults, WebhookAction, WebhookFault};

use crate::helpers::{KEY, assert_valid, drain, interview_assistant, receiver, spawn, spawn_with};

fn kinds(received: &[(axum::http::HeaderMap, Value)]) -> Vec<String> {
    received
        .iter()
        .map(|(_, b)| {
            let m = &b["message"];
            match m["status"].as_str() {
                Some(s) => format!("{}:{s}", m["type"].as_str().unwrap()),
                None => m["type"].as_str().unwrap().to_string(),
            }
        })
        .collect()
}

#[tokio::test]
async fn status_updates_and_the_end_of_call_report_reach_the_server_url() {
    let (url, mut rx) = receiver().await;
    let sim = spawn().await;
    let mut assistant = interview_assistant(Some(&url));
    assistant["server"]["secret"] = json!("hook-secret");
    assistant["server"]["headers"] = json!({"x-tenant": "t1"});
    let assistant = sim.assistant(assistant).await;
    let call = sim
        .call(&assistant, "Jane Doe", json!({"schedulePlan": {"earliestAt": "2026-09-01T09:05:00Z"}, "assistantOverrides": {"metadata": {"interviewId": "int_42"}}}))
        .await;
    sim.advance(3600).await;

    let received = drain(&mut rx);
    assert_eq!(
        kinds(&received),
        [
            "status-update:queued",
            "status-update:ringing",
            "status-update:in-progress",
            "status-update:ended",
            "end-of-call-report"
        ]
    );
    for (headers, body) in &received {
        assert_eq!(headers["x-vapi-secret"], "hook-secret");
        assert_eq!(headers["x-tenant"], "t1");
        assert_valid("ServerMessage", body);
        assert_eq!(body["message"]["call"]["id"], call["id"]);
        assert_eq!(
            body["message"]["call"]["assistantOverrides"]["metadata"]["interviewId"],
            "int_42"
        );
        assert!(body["message"]["timestamp"].is_number());
    }
    let ended = &received[3].1["message"];
    assert_eq!(ended["endedReason"], "assistant-ended-call");
    let report = &received[4].1["message"];
    assert_valid("ServerMessageEndOfCallReport", report);
    assert_eq!(report["endedReason"], "assistant-ended-call");
    assert!(report["artifact"]["recordingUrl"].is_string());
    assert!(report["analysis"]["structuredData"]["additionalInterviewMetrics"].is_object());
    assert_eq!(report["startedAt"], "2026-09-01T09:05:06.000Z");
    assert_eq!(report["customer"]["name"], "Jane Doe");

    let log = sim.handle.deliveries();
    assert_eq!(log.len(), 5);
    assert!(
        log.iter()
            .all(|d| d.outcome == "delivered" && d.http_status == Some(200))
    );
}

#[tokio::test]
async fn the_legacy_server_url_and_secret_are_honoured() {
    let (url, mut rx) = receiver().await;
    let sim = spawn().await;
    let assistant = sim
        .assistant(json!({"name": "Legacy", "serverUrl": url, "serverUrlSecret": "old-secret"}))
        .await;
    sim.call(
        &assistant,
        "Ann",
        json!({"assistantOverrides": {"metadata": {"simOutcome": "no-answer"}}}),
    )
    .await;
    sim.advance(600).await;
    let received = drain(&mut rx);
    // No serverMessages list: Vapi's default set includes both types.
    assert_eq!(
        kinds(&received),
        [
            "status-update:ringing",
            "status-update:ended",
            "end-of-call-report"
        ]
    );
    assert_eq!(received[0].0["x-vapi-secret"], "old-secret");
    assert_eq!(
        received[2].1["message"]["endedReason"],
        "customer-did-not-answer"
    );
    assert_valid("ServerMessage", &received[2].1);
}

#[tokio::test]
async fn webhooks_can_be_dropped_duplicated_and_delayed() {
    let (url, mut rx) = receiver().await;
    let sim = spawn().await;
    let assistant = sim.assistant(interview_assistant(Some(&url))).await;

    // Dropped: the report never arrives, but the call is still readable for reconciliation.
    sim.handle.set_faults(Faults {
        webhooks: vec![WebhookFault {
            action: WebhookAction::Drop,
            count: 1,
            message_type: Some("end-of-call-report".into()),
            delay_seconds: 0,
        }],
        api: vec![],
    });
    let call = sim.call(&assistant, "Dee", json!({})).await;
    sim.advance(3600).await;
    assert_eq!(
        kinds(&drain(&mut rx)).last().unwrap(),
        "status-update:ended"
    );
    let (_, ended) = sim
        .get(&format!("/call/{}", call["id"].as_str().unwrap()))
        .await;
    assert_eq!(ended["status"], "ended");
    assert!(ended["analysis"]["summary"].is_string());
    assert!(
        sim.handle
            .deliveries()
            .iter()
            .any(|d| d.outcome == "dropped" && d.message_type == "end-of-call-report")
    );
    assert_eq!(
        sim.handle.faults(),
        Faults::default(),
        "used-up rules are removed"
    );

    // Duplicated, set through the control endpoint.
    let (status, _) = sim
        .post(
            "/_sim/faults",
            json!({"webhooks": [{"action": "duplicate", "messageType": "end-of-call-report"}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    sim.call(&assistant, "Dan", json!({})).await;
    sim.advance(3600).await;
    let got = kinds(&drain(&mut rx));
    assert_eq!(
        got.iter().filter(|k| *k == "end-of-call-report").count(),
        2,
        "{got:?}"
    );

    // Delayed by simulated time: held until the clock passes, then sent after later events.
    sim.handle.set_faults(Faults {
        webhooks: vec![WebhookFault {
            action: WebhookAction::Delay,
            count: 1,
            message_type: Some("end-of-call-report".into()),
            delay_seconds: 300,
        }],
        api: vec![],
    });
    sim.call(&assistant, "Del", json!({})).await;
    sim.advance(3600).await;
    assert!(!kinds(&drain(&mut rx)).contains(&"end-of-call-report".to_string()));
    sim.advance(300).await;
    assert_eq!(kinds(&drain(&mut rx)), ["end-of-call-report"]);
}

#[tokio::test]
async fn api_answers_can_be_made_to_fail() {
    let sim = spawn_with(|mut c| {
        c.faults.api.push(ApiFault {
            status: 500,
            count: 1,
            path: Some("/assistant".into()),
            method: None,
            retry_after_seconds: None,
        });
        c
    })
    .await;
    let (status, err) = sim.get("/assistant").await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        err,
        json!({"message": "Internal server error", "error": "Internal Server Error", "statusCode": 500})
    );
    assert_eq!(sim.get("/assistant").await.0, StatusCode::OK);

    let (status, _) = sim.post("/_sim/faults", json!({"api": [{"status": 429, "count": 2, "path": "/call", "method": "GET", "retryAfterSeconds": 2}]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        sim.get("/assistant").await.0,
        StatusCode::OK,
        "other paths are unaffected"
    );
    for _ in 0..2 {
        let res = sim
            .http
            .get(sim.url("/call"))
            .bearer_auth(KEY)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(res.headers()["retry-after"], "2");
        let body: Value = res.json().await.unwrap();
        assert_eq!(body["statusCode"], 429);
        assert_eq!(body["error"], "Too Many Requests");
    }
    assert_eq!(sim.get("/call").await.0, StatusCode::OK);
    let (status, err) = sim
        .post("/_sim/faults", json!({"api": [{"status": 404}]}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{err}");
}

#[tokio::test]
async fn the_clock_is_driven_through_the_control_endpoint() {
    let (url, mut rx) = receiver().await;
    let sim = spawn().await;
    let (_, clock) = sim.get("/_sim/clock").await;
    assert_eq!(
        clock,
        json!({"now": "2026-09-01T09:00:00.000Z", "mode": "manual"})
    );
    let assistant = sim.assistant(interview_assistant(Some(&url))).await;
    let call = sim.call(&assistant, "Cleo", json!({})).await;

    // Answered only once due transitions have run and their webhooks were delivered.
    let (status, clock) = sim
        .post("/_sim/clock", json!({"advanceSeconds": 3600}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(clock["now"], "2026-09-01T10:00:00.000Z");
    assert_eq!(kinds(&drain(&mut rx)).last().unwrap(), "end-of-call-report");
    let (_, ended) = sim
        .get(&format!("/call/{}", call["id"].as_str().unwrap()))
        .await;
    assert_eq!(ended["status"], "ended");

    let (_, clock) = sim
        .post("/_sim/clock", json!({"set": "2026-10-01T00:00:00Z"}))
        .await;
    assert_eq!(clock["now"], "2026-10-01T00:00:00.000Z");
    let (_, clock) = sim.post("/_sim/clock", json!({"mode": "real"})).await;
    assert_eq!(clock["mode"], "real");
    let (status, _) = sim.post("/_sim/clock", json!({"bogus": 1})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, log) = sim.get("/_sim/webhooks").await;
    // A call placed without a schedule starts queued: ringing, in-progress, ended, report.
    assert_eq!(log.as_array().unwrap().len(), 4);
    assert_eq!(log[0]["messageType"], "status-update");
}
