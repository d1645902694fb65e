//! The provider's webhooks: the secret and signatures, events, partial, duplicate, dropped and
//! replayed reports.

use super::*;

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
