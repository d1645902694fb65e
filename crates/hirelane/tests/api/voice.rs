//! Voice interviews against the Vapi simulator over real HTTP: assistants, scheduling, the call
//! lifecycle to an analysis, webhooks (secret, duplicates, drops) and provider failures.

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

async fn post_webhook(app: &TestApp, secret: Option<&str>, body: &Value) -> (u16, Value) {
    let mut request = app.client.post(app.url("/api/webhooks/vapi")).json(body);
    if let Some(secret) = secret {
        request = request.header("x-vapi-secret", secret);
    }
    let response = request.send().await.expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn webhook_checks_its_secret_and_events() {
    on_each_db(|app: TestApp| async move {
        let report = json!({ "message": { "type": "end-of-call-report", "endedReason": "customer-ended-call",
            "call": { "id": "call-x", "assistantOverrides": { "metadata": { "candidateName": "X" } } },
            "startedAt": "2026-03-02T09:00:00Z", "endedAt": "2026-03-02T09:05:00Z",
            "artifact": { "transcript": "AI: Hi\nUser: Hello", "messages": [
                { "role": "bot", "message": "Hi", "secondsFromStart": 1.0, "duration": 800 },
                { "role": "user", "message": "Hello", "secondsFromStart": 2.5, "duration": 700 } ] },
            "analysis": { "successEvaluation": "true", "structuredData": {
                "additionalInterviewMetrics": { "technicalScore": 9, "communicationScore": 8, "problemSolvingScore": 8 } } } } });
        assert_eq!(post_webhook(&app, None, &report).await.0, 401);
        assert_eq!(post_webhook(&app, Some("wrong"), &report).await.0, 401);
        assert!(
            hirelane::voice::repo::find(&app.state.db, "call-x")
                .await
                .expect("db")
                .is_none()
        );
        let (status, body) =
            post_webhook(&app, Some(WEBHOOK_SECRET), &json!({ "message": { "type": "bogus" } })).await;
        assert_eq!(status, 400);
        assert_eq!(body["code"], "unknown_event");
        let malformed = app
            .client
            .post(app.url("/api/webhooks/vapi"))
            .header("x-vapi-secret", WEBHOOK_SECRET)
            .body("{not json")
            .send()
            .await
            .expect("request");
        assert_eq!(malformed.status(), 400);
        let (status, _) = post_webhook(
            &app,
            Some(WEBHOOK_SECRET),
            &json!({ "message": { "type": "status-update", "status": "ended", "call": {} } }),
        )
        .await;
        assert_eq!(status, 400);
        let (status, _) = post_webhook(
            &app,
            Some(WEBHOOK_SECRET),
            &json!({ "message": { "type": "speech-update", "call": { "id": "call-x" } } }),
        )
        .await;
        assert_eq!(status, 200);

        // A report for a call we did not place is stored; a second one changes nothing.
        assert_eq!(post_webhook(&app, Some(WEBHOOK_SECRET), &report).await.0, 200);
        let first = hirelane::voice::repo::find(&app.state.db, "call-x")
            .await
            .expect("db")
            .expect("stored");
        assert_eq!(first.interview_status.as_deref(), Some("Pass"));
        assert_eq!(first.technical_score, Some(90));
        app.advance(SignedDuration::from_mins(1));
        let mut changed = report.clone();
        changed["message"]["analysis"]["successEvaluation"] = json!("false");
        assert_eq!(post_webhook(&app, Some(WEBHOOK_SECRET), &changed).await.0, 200);
        let (_, late_status) = post_webhook(
            &app,
            Some(WEBHOOK_SECRET),
            &json!({ "message": { "type": "status-update", "status": "in-progress", "call": { "id": "call-x" } } }),
        )
        .await;
        assert_eq!(late_status, json!({ "received": true }));
        let second = hirelane::voice::repo::find(&app.state.db, "call-x")
            .await
            .expect("db")
            .expect("stored");
        assert_eq!(second.interview_status.as_deref(), Some("Pass"));
        assert_eq!(second.report_received_at, first.report_received_at);
        assert_eq!(second.status, "ended");
    })
    .await;
}

/// Reports with missing or malformed parts: stored, labelled partial, never a crash or an
/// invented score.
#[tokio::test]
async fn partial_reports_are_labelled_not_invented() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let cases = [
            ("call-bare", json!({})),
            ("call-junk", json!({ "artifact": { "messages": "junk" },
                "analysis": { "structuredData": { "questions": "junk",
                    "additionalInterviewMetrics": { "technicalScore": "ten" } } } })),
            ("call-untimed", json!({ "startedAt": "2026-03-02T09:00:00Z", "endedAt": "2026-03-02T09:05:00Z",
                "artifact": { "messages": [ { "role": "bot", "message": "Hi" }, { "role": "user", "message": "Hello" } ] },
                "analysis": { "successEvaluation": "true", "structuredData": {
                    "questions": [ { "number": 1, "question": "Why Rust?", "asked": true, "score": 17 } ],
                    "additionalInterviewMetrics": { "technicalScore": 9, "communicationScore": 9, "problemSolvingScore": 9 } } } })),
        ];
        for (id, extra) in cases {
            let mut message = json!({ "type": "end-of-call-report", "call": { "id": id } });
            for (k, v) in extra.as_object().expect("object") {
                message[k] = v.clone();
            }
            let (status, body) = post_webhook(&app, Some(WEBHOOK_SECRET), &json!({ "message": message })).await;
            assert_eq!(status, 200, "{id}: {body}");
            let (status, a) = app
                .get_with_token(&format!("/api/Interview/InterviewAnalysis/{id}"), &token)
                .await;
            assert_eq!(status, 200, "{id}: {a}");
            assert_eq!(a["technicalScore"], if id == "call-untimed" { json!(90) } else { Value::Null });
            let gaps: Vec<&str> = a["verdict"]["gaps"]
                .as_array()
                .expect("gaps")
                .iter()
                .filter_map(|g| g["kind"].as_str())
                .collect();
            if id == "call-untimed" {
                assert_eq!(a["turns"][0]["startSeconds"], Value::Null);
                assert!(gaps.contains(&"noTimestamps"), "{gaps:?}");
                assert_eq!(a["questions"][0]["score"], 5, "bounded to 1-5");
                // Times are missing, not evidence: the verdict stands, labelled partial.
                assert_eq!(a["verdict"]["rule"], "metTheBar", "{a}");
                assert_eq!(a["interviewStatus"], "Pass");
                assert_eq!(a["integrity"]["status"], "unchecked", "a call of no invite made elsewhere");
            } else {
                assert_eq!(a["turns"], json!([]));
                assert!(gaps.contains(&"noTranscript") && gaps.contains(&"noScores"), "{gaps:?}");
                assert_eq!(a["verdict"]["rule"], "incompleteEvidence");
                assert_eq!(a["interviewStatus"], "Needs Review", "{id}: {a}");
            }
        }
    })
    .await;
}

#[tokio::test]
async fn duplicate_and_dropped_reports() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let assistant = create_assistant(&app, &token).await;

        // Duplicated: delivered twice, stored once.
        app.sim.set_faults(Faults {
            webhooks: vec![WebhookFault {
                action: WebhookAction::Duplicate,
                count: 1,
                message_type: Some("end-of-call-report".into()),
                delay_seconds: 0,
            }],
            api: vec![],
        });
        let twice = schedule(&app, &token, &assistant, "Rita Review").await;
        run_interview(&app).await;
        let token = app.token().await;
        let delivered = app
            .sim
            .deliveries()
            .into_iter()
            .filter(|d| {
                d.call_id == twice
                    && d.message_type == "end-of-call-report"
                    && d.outcome == "delivered"
            })
            .count();
        assert_eq!(delivered, 2);
        let row = hirelane::voice::repo::find(&app.state.db, &twice)
            .await
            .expect("db")
            .expect("row");
        assert_eq!(row.interview_status.as_deref(), Some("Needs Review"));

        // Dropped: the reconciler fetches the ended call from the provider.
        app.sim.set_faults(Faults {
            webhooks: vec![WebhookFault {
                action: WebhookAction::Drop,
                count: 1,
                message_type: Some("end-of-call-report".into()),
                delay_seconds: 0,
            }],
            api: vec![],
        });
        // Tomorrow at 15:00 IST, since today's slot has passed.
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Voice/calls",
                &token,
                Some(
                    &json!({ "assistantId": assistant, "candidateName": "Fail Test",
                              "phone": "+919876543210", "date": "2026-03-03", "time": "15:00" }),
                ),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let lost = body["id"].as_str().expect("id").to_owned();
        for _ in 0..30 {
            app.advance_both(SignedDuration::from_hours(1)).await;
        }
        let row = hirelane::voice::repo::find(&app.state.db, &lost)
            .await
            .expect("db")
            .expect("row");
        assert!(row.report_received_at.is_none(), "{row:?}");
        assert_eq!(row.status, "ended", "status updates still arrived");
        let token = app.token().await;
        assert_eq!(
            hirelane::voice::reconcile(&app.state)
                .await
                .expect("reconcile"),
            1
        );
        assert_eq!(
            hirelane::voice::reconcile(&app.state).await.expect("again"),
            0
        );
        let (status, analysis) = app
            .call(
                Method::GET,
                &format!("/api/Interview/InterviewAnalysis/{lost}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{analysis}");
        assert_eq!(analysis["interviewStatus"], "Fail");
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
    let clock: hirelane::clock::SharedClock = std::sync::Arc::new(hirelane::clock::SystemClock);
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
}

/// A captured plain-secret delivery sent again changes nothing, even once what it reported was
/// erased: the server remembers every message it processed (by digest).
#[tokio::test]
async fn a_replayed_webhook_brings_back_nothing_erased() {
    on_each_db(|app: TestApp| async move {
        let report = json!({ "message": { "type": "end-of-call-report", "endedReason": "customer-ended-call",
            "call": { "id": "call-r", "assistantOverrides": { "metadata": { "candidateName": "Replayed" } } },
            "startedAt": "2026-03-02T09:00:00Z", "endedAt": "2026-03-02T09:05:00Z",
            "artifact": { "transcript": "AI: Hi\nUser: Hello" },
            "analysis": { "successEvaluation": "true" } } });
        assert_eq!(post_webhook(&app, Some(WEBHOOK_SECRET), &report).await.0, 200);
        let find = || hirelane::voice::repo::find(&app.state.db, "call-r");
        assert!(find().await.expect("db").is_some());
        // The call is erased (as `hirelane candidate erase` does).
        let mut tx = app.state.db.begin_write().await.expect("tx");
        hirelane::voice::repo::delete_calls(&mut tx, &["call-r".to_owned()])
            .await
            .expect("deleted");
        tx.commit().await.expect("commit");
        let (status, body) = post_webhook(&app, Some(WEBHOOK_SECRET), &report).await;
        assert_eq!((status, body), (200, json!({ "received": true })));
        assert!(find().await.expect("db").is_none(), "the replay brought nothing back");
    })
    .await;
}

/// With a signing secret, signatures are checked with it: one made with the webhook secret (which
/// the plain mode sends in the clear) is refused, and the plain mode keeps working.
#[tokio::test]
async fn signed_webhooks_use_their_own_key() {
    use hmac::{Hmac, Mac};
    const SIGNING: &str = "a-separate-signing-key";
    let configure = |s: &mut hirelane::config::Settings| {
        s.voice.webhook_signing_secret = Some(hirelane::config::Secret::new(SIGNING));
    };
    on_each_db_configured(configure, |app: TestApp| async move {
        let body = json!({ "message": { "type": "speech-update", "call": { "id": "call-s" } } })
            .to_string();
        let timestamp = app.state.clock.now().as_second().to_string();
        let signed = |key: &str| {
            let mut mac = <Hmac<sha2::Sha256> as Mac>::new_from_slice(key.as_bytes()).expect("key");
            mac.update(format!("{timestamp}.{body}").as_bytes());
            hex::encode(mac.finalize().into_bytes())
        };
        let send = |signature: String| {
            app.client
                .post(app.url("/api/webhooks/vapi"))
                .header("content-type", "application/json")
                .header("x-timestamp", timestamp.clone())
                .header("x-signature", signature)
                .body(body.clone())
                .send()
        };
        assert_eq!(send(signed(SIGNING)).await.expect("request").status(), 200);
        assert_eq!(
            send(signed(WEBHOOK_SECRET))
                .await
                .expect("request")
                .status(),
            401
        );
        let plain = json!({ "message": { "type": "speech-update", "call": { "id": "call-s" } } });
        assert_eq!(
            post_webhook(&app, Some(WEBHOOK_SECRET), &plain).await.0,
            200
        );
    })
    .await;
}
