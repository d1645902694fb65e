//! Assistant CRUD, validation, authentication and error bodies.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{KEY, assert_valid, interview_assistant, spawn};

#[tokio::test]
async fn assistant_crud_round_trip() {
    let sim = spawn().await;
    let body = interview_assistant(Some("http://127.0.0.1:9/hook"));
    assert_valid("CreateAssistantDTO", &body);

    let (status, created) = sim.post("/assistant", body.clone()).await;
    assert_eq!(status, StatusCode::CREATED);
    assert_valid("Assistant", &created);
    let id = created["id"].as_str().unwrap();
    assert_eq!(id.len(), 36);
    assert_eq!(created["name"], "Backend Engineer Screen");
    assert_eq!(created["model"], body["model"]);
    assert_eq!(
        created["voice"],
        json!({"provider": "vapi", "voiceId": "Neha"})
    );
    assert_eq!(created["createdAt"], "2026-09-01T09:00:00.000Z");
    assert!(created["orgId"].is_string());

    let (status, fetched) = sim.get(&format!("/assistant/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fetched, created);

    sim.advance(60).await;
    let second = sim.assistant(json!({"name": "Second"})).await;
    let (_, list) = sim.get("/assistant").await;
    let ids: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [second.as_str(), id], "newest first");
    let (_, limited) = sim.get("/assistant?limit=1").await;
    assert_eq!(limited.as_array().unwrap().len(), 1);
    let (_, later) = sim.get("/assistant?createdAtGt=2026-09-01T09:00:30Z").await;
    assert_eq!(later.as_array().unwrap().len(), 1);

    let (status, patched) = sim
        .patch(
            &format!("/assistant/{id}"),
            json!({"name": "Renamed", "firstMessage": "Hello"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{patched}");
    assert_valid("Assistant", &patched);
    assert_eq!(patched["name"], "Renamed");
    assert_eq!(patched["model"], body["model"], "untouched fields stay");
    assert_eq!(patched["updatedAt"], "2026-09-01T09:01:00.000Z");
    assert_eq!(patched["createdAt"], "2026-09-01T09:00:00.000Z");

    let (status, deleted) = sim.delete(&format!("/assistant/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(deleted["id"], id, "DELETE answers the deleted assistant");
    let (status, err) = sim.get(&format!("/assistant/{id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(err["statusCode"], 404);
    assert_eq!(err["error"], "Not Found");
}

#[tokio::test]
async fn both_analysis_plan_shapes_and_legacy_server_fields_are_accepted() {
    let sim = spawn().await;
    let legacy = json!({
        "name": "Legacy 2024 shape",
        "silenceTimeoutSeconds": 60,
        "serverUrl": "http://127.0.0.1:9/hook",
        "serverUrlSecret": "s3cret",
        "model": {"provider": "openai", "model": "gpt-4o", "temperature": 0.5, "messages": [{"role": "system", "content": "Interview."}]},
        "voice": {"provider": "11labs", "voiceId": "burt"},
        "analysisPlan": {"summaryPrompt": "Summarise.", "structuredDataPrompt": "Extract.", "structuredDataSchema": {"type": "object"}, "successEvaluationPrompt": "Pass?"}
    });
    let (status, a) = sim.post("/assistant", legacy).await;
    assert_eq!(status, StatusCode::CREATED, "{a}");
    assert_eq!(a["analysisPlan"]["summaryPrompt"], "Summarise.");
    assert_eq!(a["silenceTimeoutSeconds"], 60);
    assert_valid("Assistant", &a);
}

#[tokio::test]
async fn validation_errors_use_vapis_shape() {
    let sim = spawn().await;
    let (status, err) = sim
        .post("/assistant", json!({"name": "x".repeat(41), "maxDurationSeconds": 5, "voice": {"provider": "vapi"}, "bogus": true}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(err["statusCode"], 400);
    assert_eq!(err["error"], "Bad Request");
    let messages: Vec<&str> = err["message"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        messages.contains(&"property bogus should not exist"),
        "{messages:?}"
    );
    assert!(messages.contains(&"name must be shorter than or equal to 40 characters"));
    assert!(messages.contains(&"maxDurationSeconds must not be less than 10"));
    assert!(messages.contains(&"voice.voiceId must be a string"));

    // Exactly 40 characters is fine.
    let (status, _) = sim
        .post("/assistant", json!({"name": "y".repeat(40)}))
        .await;
    assert_eq!(status, StatusCode::CREATED);

    let res = sim
        .http
        .post(sim.url("/assistant"))
        .bearer_auth(KEY)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["statusCode"], 400);
    assert!(body["message"].is_string());

    let (status, err) = sim.get("/assistant/not-a-uuid").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(err["message"], "Validation failed (uuid is expected)");
    let (status, err) = sim.get("/assistant?createdAtGt=yesterday").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        err["message"][0],
        "createdAtGt must be a valid ISO 8601 date string"
    );
}

#[tokio::test]
async fn the_bearer_key_is_required() {
    let sim = spawn().await;
    let expected = json!({
        "message": "Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.",
        "error": "Unauthorized",
        "statusCode": 401
    });
    let missing = sim.http.get(sim.url("/assistant")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(missing.json::<Value>().await.unwrap(), expected);
    let wrong = sim
        .http
        .get(sim.url("/call"))
        .bearer_auth("nope")
        .send()
        .await
        .unwrap();
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let control = sim.http.get(sim.url("/_sim/clock")).send().await.unwrap();
    assert_eq!(control.status(), StatusCode::UNAUTHORIZED);

    let (status, err) = sim.get("/nope").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(err["message"], "Cannot GET /nope");
}
