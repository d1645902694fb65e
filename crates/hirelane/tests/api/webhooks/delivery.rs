//! What an endpoint receives: signed bodies, retries on the schedule, each candidate's events in
//! order, pausing after repeated failures, no redirect followed, endless answers cut off.

use jiff::SignedDuration;
use reqwest::Method;
use serde_json::json;

use super::receiver::{Answer, Receiver, verify};
use super::{deliver_all, local_receivers, log, subscribe};
use crate::helpers::{ADMIN_EMAIL, TestApp, on_each_db_configured};
use crate::interviews::support::{create_job, import};

#[tokio::test]
async fn deliveries_are_signed_and_carry_personal_data_only_when_chosen() {
    on_each_db_configured(local_receivers, |app: TestApp| async move {
        let token = app.token().await;
        let plain = Receiver::start().await;
        let personal = Receiver::start().await;
        let (plain_id, secret) =
            subscribe(&app, &token, &plain.url, &["candidate.uploaded"], false).await;
        assert!(secret.starts_with("whsec_"), "{secret}");
        let (_, personal_secret) =
            subscribe(&app, &token, &personal.url, &["candidate.uploaded"], true).await;
        let jd = create_job(&app, &token, "2026-04-30").await;
        let ids = import(&app, &token, jd, &[("Ana Lima", "ana@example.com")]).await;
        assert!(
            plain.got().is_empty(),
            "nothing is sent by the request itself"
        );

        assert_eq!(deliver_all(&app).await, 2);
        let got = plain.got();
        assert_eq!(got.len(), 1);
        assert!(verify(&secret, &got[0]), "the documented check accepts it");
        assert!(
            !verify(&personal_secret, &got[0]),
            "another endpoint's secret does not"
        );
        let body = got[0].json();
        assert_eq!(
            body["id"],
            got[0].id.as_str(),
            "the event id is the webhook-id"
        );
        assert_eq!(body["type"], "candidate.uploaded");
        assert_eq!(body["timestamp"], "2026-03-02T09:00:00Z");
        assert_eq!(body["data"]["candidateId"], ids[0]);
        assert_eq!(body["data"]["candidate"]["resumeId"], ids[0]);
        assert!(
            body["data"]["candidate"].get("candidateName").is_none(),
            "{body}"
        );
        assert!(!got[0].body.contains("ana@example.com"), "{body}");
        let with_personal = personal.got()[0].json();
        assert_eq!(
            with_personal["id"], body["id"],
            "one event, one id everywhere"
        );
        assert_eq!(
            with_personal["data"]["candidate"]["candidateName"],
            "Ana Lima"
        );
        assert!(verify(&personal_secret, &personal.got()[0]));

        let entries = log(&app, &token, plain_id).await;
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0]["status"], "delivered");
        assert_eq!(entries[0]["responseCode"], 200);
        assert_eq!(entries[0]["attempts"], 1);
        assert_eq!(entries[0]["nextAttemptAt"], json!(null));

        // A rotated secret signs from then on; the old one no longer verifies.
        let (status, rotated) = app
            .call(
                Method::POST,
                &format!("/api/Settings/Webhooks/{plain_id}/Secret"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{rotated}");
        let new_secret = rotated["secret"].as_str().expect("secret").to_owned();
        assert_ne!(new_secret, secret);
        let resend = format!(
            "/api/Settings/Webhooks/{plain_id}/Deliveries/{}/Resend",
            entries[0]["id"]
        );
        let (status, _) = app.call(Method::POST, &resend, &token, None).await;
        assert_eq!(status, 204);
        assert_eq!(deliver_all(&app).await, 1);
        let again = &plain.got()[1];
        assert_eq!(again.id, got[0].id, "sent again under the same event id");
        assert!(verify(&new_secret, again) && !verify(&secret, again));
    })
    .await;
}

#[tokio::test]
async fn failures_are_retried_on_the_schedule_then_fail_and_pause_the_endpoint() {
    // The admin's session outlasts the 17 hours the clock moves.
    let configure = |s: &mut hirelane::config::Settings| {
        local_receivers(s);
        s.auth.access_token_minutes = 24 * 60;
    };
    on_each_db_configured(configure, |app: TestApp| async move {
        let token = app.token().await;
        let receiver = Receiver::start().await;
        receiver.always(Answer::Status(500));
        let (id, _) = subscribe(&app, &token, &receiver.url, &["candidate.uploaded"], false).await;
        let jd = create_job(&app, &token, "2026-04-30").await;
        import(&app, &token, jd, &[("Ana Lima", "ana@example.com")]).await;

        // Seven attempts: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h.
        let waits = [5, 300, 1800, 7200, 18000, 36000];
        assert_eq!(deliver_all(&app).await, 1);
        for (n, wait) in waits.iter().enumerate() {
            let entry = &log(&app, &token, id).await[0];
            assert_eq!(entry["status"], "pending", "{entry}");
            assert_eq!(entry["attempts"], n + 1);
            assert_eq!(entry["responseCode"], 500);
            let due: jiff::Timestamp = entry["nextAttemptAt"]
                .as_str()
                .expect("a next attempt")
                .parse()
                .expect("an instant");
            let now = hirelane_core::clock::Clock::now(app.clock.as_ref());
            let after = due.duration_since(now);
            assert_eq!(after, SignedDuration::from_secs(*wait), "attempt {}", n + 1);
            app.advance(SignedDuration::from_secs(wait - 1));
            assert_eq!(deliver_all(&app).await, 0, "not before it is due");
            app.advance(SignedDuration::from_secs(1));
            assert_eq!(deliver_all(&app).await, 1);
        }
        let entry = &log(&app, &token, id).await[0];
        assert_eq!(
            (entry["status"].as_str(), entry["attempts"].as_i64()),
            (Some("failed"), Some(7))
        );
        assert_eq!(receiver.got().len(), 7);

        // Seven failures in a row over more than an hour paused it and told the admin.
        let (_, list) = app.get_with_token("/api/Settings/Webhooks", &token).await;
        assert_eq!(list["endpoints"][0]["state"], "paused", "{list}");
        let mails = app.outbox_mails(ADMIN_EMAIL);
        assert!(
            mails
                .iter()
                .any(|m| m.contains("A Hirelane webhook endpoint was paused")),
            "the admin is told"
        );
        // While paused nothing goes out, even what is due; resumed, the next event goes.
        import(&app, &token, jd, &[("Ben Okafor", "ben@example.com")]).await;
        assert_eq!(deliver_all(&app).await, 0);
        receiver.always(Answer::Status(204));
        let (status, resumed) = app
            .call(
                Method::POST,
                &format!("/api/Settings/Webhooks/{id}/Resume"),
                &token,
                None,
            )
            .await;
        assert_eq!((status, resumed["state"].as_str()), (200, Some("active")));
        assert_eq!(deliver_all(&app).await, 1);
        assert_eq!(log(&app, &token, id).await[0]["status"], "delivered");
    })
    .await;
}

#[tokio::test]
async fn a_candidate_s_events_arrive_in_order() {
    on_each_db_configured(local_receivers, |app: TestApp| async move {
        let token = app.token().await;
        let receiver = Receiver::start().await;
        subscribe(
            &app,
            &token,
            &receiver.url,
            &["candidate.uploaded", "candidate.stageChanged"],
            false,
        )
        .await;
        let jd = create_job(&app, &token, "2026-04-30").await;
        let ids = import(&app, &token, jd, &[("Ana Lima", "ana@example.com")]).await;
        let (status, moved) = app
            .call(
                Method::POST,
                "/api/Pipeline/Move",
                &token,
                Some(
                    &json!({"candidates": [{"resumeId": ids[0], "fromStage": "new"}],
                             "stage": "rejected", "reason": "Not enough Rust"}),
                ),
            )
            .await;
        assert_eq!(status, 200, "{moved}");
        // Ana's first event fails: her second waits for it; Ben's, later, does not wait.
        receiver.script(&[Answer::Status(503)]);
        assert_eq!(deliver_all(&app).await, 1);
        let others = import(&app, &token, jd, &[("Ben Okafor", "ben@example.com")]).await;
        assert_eq!(deliver_all(&app).await, 1);
        let candidates: Vec<i64> = receiver
            .got()
            .iter()
            .filter_map(|r| r.json()["data"]["candidateId"].as_i64())
            .collect();
        assert_eq!(candidates, [ids[0], others[0]], "her first, then his only");
        app.advance(SignedDuration::from_secs(5));
        assert_eq!(deliver_all(&app).await, 2, "the retry, then her next event");
        let types: Vec<String> = receiver
            .got()
            .iter()
            .map(|r| r.json())
            .filter(|b| b["data"]["candidateId"] == ids[0])
            .map(|b| b["type"].as_str().expect("type").to_owned())
            .collect();
        assert_eq!(
            types,
            [
                "candidate.uploaded",
                "candidate.uploaded",
                "candidate.stageChanged"
            ]
        );
    })
    .await;
}

#[tokio::test]
async fn redirects_are_not_followed_and_endless_answers_are_cut_off() {
    on_each_db_configured(local_receivers, |app: TestApp| async move {
        let token = app.token().await;
        let (redirecting, endless, healthy) = (
            Receiver::start().await,
            Receiver::start().await,
            Receiver::start().await,
        );
        redirecting.always(Answer::Redirect("/elsewhere"));
        endless.always(Answer::Endless);
        let types = ["candidate.uploaded"];
        let (redirect_id, _) = subscribe(&app, &token, &redirecting.url, &types, false).await;
        let (endless_id, _) = subscribe(&app, &token, &endless.url, &types, false).await;
        subscribe(&app, &token, &healthy.url, &types, false).await;
        let jd = create_job(&app, &token, "2026-04-30").await;
        import(&app, &token, jd, &[("Ana Lima", "ana@example.com")]).await;

        let worker = tokio::spawn({
            let state = app.state.clone();
            async move { hirelane::webhooks::deliver_due(&state).await }
        });
        // The healthy endpoint gets its delivery while the endless answer is still streaming,
        // and a request that causes an event is answered meanwhile.
        endless.wait_for(1).await;
        healthy.wait_for(1).await;
        import(&app, &token, jd, &[("Ben Okafor", "ben@example.com")]).await;
        assert_eq!(worker.await.expect("worker").expect("deliveries"), 3);

        // The oldest entry: Ben's event has queued a newer one meanwhile.
        let cut = &log(&app, &token, endless_id).await[1];
        assert_eq!(cut["status"], "pending", "retried later: {cut}");
        assert_eq!(cut["error"], "no complete answer within 2 s");
        let redirected = &log(&app, &token, redirect_id).await[1];
        assert_eq!(redirected["responseCode"], 307);
        assert!(
            redirected["error"]
                .as_str()
                .expect("error")
                .contains("redirects are not followed"),
            "{redirected}"
        );
        assert!(
            redirecting.got().iter().all(|r| r.path == "/hooks"),
            "the redirect's target was never asked"
        );
    })
    .await;
}
