//! Voice interviews against the Vapi simulator over real HTTP: assistants, scheduling, the call
//! lifecycle to an analysis, webhooks (secret, duplicates, drops) and provider failures.

mod grading;
mod webhooks;

use jiff::SignedDuration;
use reqwest::Method;
use serde_json::{Map, Value, json};
use vapi_sim::{ApiFault, Faults, WebhookAction, WebhookFault};

use crate::helpers::{TestApp, WEBHOOK_SECRET, on_each_db, on_each_db_configured};

fn assistant_form() -> Value {
    json!({
        "assistantName": "Ava Backend Screen",
        "candidateName": "Jane Pass",
        "role": "Backend Engineer",
        "experience": "5 years",
        "interviewTime": "30",
        "topics": ["Rust", "PostgreSQL", "APIs", "Testing"],
        "questions": [
            "Tell me about a Rust service you built",
            "How do you design a database schema?",
            "How do you test an HTTP API?"
        ],
        "tools": ["Git", "Docker", "", ""]
    })
}

async fn create_assistant(app: &TestApp, token: &str) -> String {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Voice/assistants",
            token,
            Some(&assistant_form()),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["id"].as_str().expect("id").to_owned()
}

async fn schedule(app: &TestApp, token: &str, assistant: &str, name: &str) -> String {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Voice/calls",
            token,
            Some(&json!({ "assistantId": assistant, "candidateName": name,
                          "phone": "919876543210", "date": "2026-03-02", "time": "15:00" })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["id"].as_str().expect("call id").to_owned()
}

/// Runs the simulator (and our clock) until the interview scheduled at 15:00 IST has ended.
async fn run_interview(app: &TestApp) {
    for _ in 0..12 {
        app.advance_both(SignedDuration::from_mins(10)).await;
    }
}

#[tokio::test]
async fn assistant_crud() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Voice/assistants",
                &token,
                Some(&json!({ "assistantName": "Ava", "candidateName": "" })),
            )
            .await;
        assert_eq!(status, 400);
        assert_eq!(body["message"], "Candidate Name is required.");

        let id = create_assistant(&app, &token).await;
        let (status, list) = app
            .call(Method::GET, "/api/Voice/assistants", &token, None)
            .await;
        assert_eq!(status, 200);
        assert_eq!(list[0]["id"], id.as_str());
        assert_eq!(list[0]["name"], "Ava Backend Screen");
        assert_eq!(list[0]["voice"]["voiceId"], "Neha");
        let text = list.to_string();
        assert!(!text.contains(WEBHOOK_SECRET), "secret leaked: {text}");

        let (status, one) = app
            .call(
                Method::GET,
                &format!("/api/Voice/assistants/{id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(one["model"]["model"], "gpt-4o");
        assert_eq!(one["silenceTimeoutSeconds"], 60);
        assert_eq!(one["analysisPlan"]["structuredData"], true);
        assert_eq!(one["metadata"]["tools"], json!(["Git", "Docker"]));
        let prompt = one["model"]["messages"][0]["content"]
            .as_str()
            .expect("prompt");
        assert!(prompt.contains("Topics: Rust, PostgreSQL, APIs, Testing"));

        let (status, done) = app
            .call(
                Method::DELETE,
                &format!("/api/Voice/assistants/{id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{done}");
        assert_eq!(done["message"], "Assistant deleted successfully");
        let (status, missing) = app
            .call(
                Method::GET,
                &format!("/api/Voice/assistants/{id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404);
        assert_eq!(missing["message"], "Assistant not found");
        let (status, _) = app
            .call(
                Method::GET,
                "/api/Voice/assistants/not-a-uuid",
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn scheduled_call_runs_to_an_analysis() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let assistant = create_assistant(&app, &token).await;
        let refused = |date: &'static str, time: &'static str| {
            let body = json!({ "assistantId": assistant, "candidateName": "Jane",
                               "phone": "919876543210", "date": date, "time": time });
            let (app, token) = (&app, &token);
            async move {
                let (status, body) = app.call(Method::POST, "/api/Voice/calls", token, Some(&body)).await;
                assert_eq!(status, 400, "{body}");
                body["message"].as_str().unwrap_or_default().to_owned()
            }
        };
        assert_eq!(
            refused("2026-13-02", "15:00").await,
            "Invalid date or time format. Please check your input."
        );
        // It is 14:30 in IST: an earlier time today is refused, not placed at once.
        assert_eq!(refused("2026-03-02", "14:00").await, "The time cannot be in the past.");

        let call_id = schedule(&app, &token, &assistant, "Jane Pass").await;
        let (status, call) = app
            .call(Method::GET, &format!("/api/Voice/calls/{call_id}"), &token, None)
            .await;
        assert_eq!(status, 200, "{call}");
        assert_eq!(call["status"], "scheduled");
        assert_eq!(call["scheduledAt"], "2026-03-02T09:30:00Z");
        assert_eq!(call["customer"]["number"], "+919876543210");
        assert_eq!(call["metadata"]["candidateName"], "Jane Pass");
        let (status, _) = app
            .call(
                Method::GET,
                &format!("/api/Interview/InterviewAnalysis/{call_id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404);

        run_interview(&app).await;
        let token = app.token().await;
        // The report came by webhook, not by a poll.
        let row = hirelane::voice::repo::find(&app.state.db, &call_id)
            .await
            .expect("db")
            .expect("stored");
        assert!(row.report_received_at.is_some(), "{row:?}");
        assert_eq!(row.status, "ended");

        let (status, analysis) = app
            .call(
                Method::GET,
                &format!("/api/Interview/InterviewAnalysis/{call_id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{analysis}");
        assert_eq!(analysis["callId"], call_id.as_str());
        assert_eq!(analysis["interviewStatus"], "Pass");
        assert_eq!(analysis["candidateName"], "Jane Pass");
        for key in ["technicalScore", "communicationScore", "problemSolvingScore"] {
            let score = analysis[key].as_i64().expect(key);
            assert!((70..=100).contains(&score), "{key} {score}");
        }
        assert!(!analysis["summary"].as_str().unwrap_or("").is_empty());
        assert!(analysis["keySkills"].as_str().unwrap_or("").contains(", "));
        assert!(analysis.get("keyTakeways").is_some());
        assert!(!analysis["transcript"].as_str().unwrap_or("").is_empty());

        // The recording streams through our signed link, ranges included.
        let link = analysis["audioLink"].as_str().expect("audio link").to_owned();
        assert!(link.starts_with(&format!("/api/Voice/recordings/{call_id}?")));
        let audio = app.client.get(app.url(&link)).send().await.expect("audio");
        assert_eq!(audio.status(), 200);
        assert_eq!(audio.headers()["content-type"], "audio/wav");
        let bytes = audio.bytes().await.expect("bytes");
        assert_eq!(&bytes[..4], b"RIFF");
        let part = app
            .client
            .get(app.url(&link))
            .header("range", "bytes=0-99")
            .send()
            .await
            .expect("range");
        assert_eq!(part.status(), 206);
        assert_eq!(part.bytes().await.expect("bytes").len(), 100);
        let forged = link.replace("signature=", "signature=0");
        let (status, _) = app.get_with_token(&forged, &token).await;
        assert_eq!(status, 401);

        // History lists it with its analysis; the date filter excludes it outside the range.
        let (status, calls) = app
            .call(
                Method::GET,
                "/api/Voice/calls?limit=100&createdAtGt=2026-03-02T00:00:00Z&createdAtLt=2026-03-03T00:00:00Z",
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{calls}");
        let listed = calls
            .as_array()
            .expect("array")
            .iter()
            .find(|c| c["id"] == call_id.as_str())
            .expect("listed");
        assert_eq!(listed["analysis"]["successEvaluation"], "true");
        assert!(listed["analysis"]["structuredData"]["additionalInterviewMetrics"].is_object());
        assert!(listed["endedAt"].is_string());
        let (_, none) = app
            .call(
                Method::GET,
                "/api/Voice/calls?createdAtGt=2026-03-03T00:00:00Z",
                &token,
                None,
            )
            .await;
        assert_eq!(none, json!([]));
    })
    .await;
}

#[tokio::test]
async fn provider_failures_are_retried_then_reported() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let fault = |status: u16, count: u32, path: &str, method: &str| ApiFault {
            status,
            count,
            path: Some(path.into()),
            method: Some(method.into()),
            retry_after_seconds: None,
        };
        // Two failures, then success: the caller never notices.
        app.sim.set_faults(Faults {
            webhooks: vec![],
            api: vec![
                fault(500, 1, "/assistant", "GET"),
                ApiFault {
                    retry_after_seconds: Some(1),
                    ..fault(429, 1, "/assistant", "GET")
                },
            ],
        });
        let (status, _) = app
            .call(Method::GET, "/api/Voice/assistants", &token, None)
            .await;
        assert_eq!(status, 200);
        assert!(app.sim.faults().api.iter().all(|f| f.count == 0));

        // Failing for good: the spec's message after the retries.
        app.sim.set_faults(Faults {
            webhooks: vec![],
            api: vec![fault(503, 10, "/assistant", "GET")],
        });
        let (status, body) = app
            .call(Method::GET, "/api/Voice/assistants", &token, None)
            .await;
        assert_eq!(status, 502);
        assert_eq!(body["message"], "Failed to load assistants.");
        assert_eq!(app.sim.faults().api[0].count, 6, "one try and three retries");

        // A POST answered 500 may have been acted on: no retry, no second call.
        app.sim.set_faults(Faults::default());
        let assistant = create_assistant(&app, &token).await;
        app.sim.set_faults(Faults {
            webhooks: vec![],
            api: vec![fault(500, 5, "/call", "POST")],
        });
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Voice/calls",
                &token,
                Some(&json!({ "assistantId": assistant, "candidateName": "Jane",
                              "phone": "919876543210", "date": "2026-03-02", "time": "15:00" })),
            )
            .await;
        assert_eq!(status, 502);
        assert_eq!(body["message"], "Failed to schedule call.");
        assert_eq!(app.sim.faults().api[0].count, 4);
        // A 503 means it was not acted on: retried, then scheduled.
        app.sim.set_faults(Faults {
            webhooks: vec![],
            api: vec![fault(503, 1, "/call", "POST")],
        });
        schedule(&app, &token, &assistant, "Jane").await;

        // The provider's own words for a request it refuses.
        app.sim.set_faults(Faults::default());
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Voice/calls",
                &token,
                Some(&json!({ "assistantId": "3f1c2e8a-6b0d-4c4e-9a55-0f1d2c3b4a5e", "candidateName": "Jane",
                              "phone": "919876543210", "date": "2026-03-02", "time": "15:00" })),
            )
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "provider_rejected");
    })
    .await;
}

#[tokio::test]
async fn web_calls_are_created_and_reported() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let assistant = create_assistant(&app, &token).await;
        let who = hirelane::voice::setup::CallFor {
            candidate_name: "Jane Pass",
            ..Default::default()
        };
        let web = hirelane::voice::create_web_call(&app.state, &assistant, &who, Map::new())
            .await
            .expect("web call");
        assert!(web.url.starts_with("http"), "{}", web.url);
        let sim = app.sim.base_url().to_owned();
        let start = app
            .client
            .post(format!("{sim}/web-call/{}/start", web.id))
            .send()
            .await
            .expect("start");
        assert!(start.status().is_success());
        app.advance_both(SignedDuration::from_mins(3)).await;
        let end = app
            .client
            .post(format!("{sim}/web-call/{}/end", web.id))
            .send()
            .await
            .expect("end");
        assert!(end.status().is_success());
        app.sim.idle().await;
        let row = hirelane::voice::repo::find(&app.state.db, &web.id)
            .await
            .expect("db")
            .expect("row");
        assert_eq!(row.kind, "webCall");
        assert!(row.report_received_at.is_some(), "{row:?}");
        assert!(row.transcript.is_some());
    })
    .await;
}

#[tokio::test]
async fn the_quick_start_runs_the_simulator_in_process() {
    let dir = tempfile::tempdir().expect("temp dir");
    let settings = hirelane::config::Settings {
        data_dir: dir.path().to_path_buf(),
        ..Default::default()
    };
    let db = hirelane::store::Db::connect(
        &format!("sqlite://{}", dir.path().join("voice.db").display()),
        1,
    )
    .await
    .expect("database");
    let files = hirelane::store::files::FileStore::local(&dir.path().join("files")).expect("files");
    let clock: hirelane_core::clock::SharedClock =
        std::sync::Arc::new(hirelane_core::clock::SystemClock);
    let stores = || hirelane::voice::client::Stores {
        db: &db,
        files: &files,
        clock: &clock,
    };
    // A command-line tool neither starts a simulator nor writes its address.
    hirelane::voice::Voice::start(&settings, 8080, false, stores())
        .await
        .expect("tool voice");
    let info = dir.path().join(hirelane::voice::SIM_INFO_FILE);
    assert!(!info.exists());

    let voice = hirelane::voice::Voice::start(&settings, 8080, true, stores())
        .await
        .expect("voice with the bundled simulator");
    let written: Value =
        serde_json::from_str(&std::fs::read_to_string(&info).expect("sim info")).expect("json");
    let base = written["baseUrl"].as_str().expect("base url");
    assert!(base.starts_with("http://127.0.0.1:"), "{base}");
    assert_eq!(
        voice.webhook().url,
        "http://127.0.0.1:8080/api/webhooks/vapi"
    );
    // The generated webhook secret is kept for the next start.
    let secret = std::fs::read_to_string(dir.path().join("voice-webhook.secret")).expect("secret");
    assert_eq!(voice.webhook().secret, secret.trim());
    assert!(
        voice
            .provider
            .list_assistants()
            .await
            .expect("reachable")
            .is_empty()
    );

    // A restart forgets nothing the recruiter made (issue 29 §7: before, every assistant was
    // gone and the autopilot silently stopped inviting).
    let created = voice
        .provider
        .create_assistant(&serde_json::json!({"name": "Kept across restarts"}))
        .await
        .expect("assistant created");
    let id = created["id"].as_str().expect("id");
    let restarted = hirelane::voice::Voice::start(&settings, 8080, true, stores())
        .await
        .expect("voice after a restart");
    let kept = restarted
        .provider
        .get_assistant(id)
        .await
        .expect("still there");
    assert_eq!(kept["name"], "Kept across restarts");
    assert!(
        dir.path().join(hirelane::voice::SIM_STATE_FILE).exists(),
        "kept in the data directory"
    );
}
