//! The autopilot (one invite per qualifying applicant, across two instances; never a
//! rejection) and the daily digest.

use super::*;

async fn enable_autopilot(app: &TestApp, token: &str, jd: i64, assistant: &str, digest: bool) {
    let (status, body) = app
        .call(
            Method::PUT,
            "/api/Careers/Autopilot",
            token,
            Some(&json!({ "jobDescId": jd, "enabled": true, "assistantId": assistant, "digest": digest })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

/// Waits until `email` has had `count` interview invitations (the autopilot runs on its own).
async fn invitations(app: &TestApp, email: &str, count: usize) -> usize {
    for _ in 0..200 {
        let n = mails(app, email, "Interview invitation").len();
        if n >= count {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    mails(app, email, "Interview invitation").len()
}

/// The JD's autopilot summary once it has recorded an applicant it did not invite (the
/// autopilot runs on its own too), or as it stands after about five seconds.
async fn not_invited_once(app: &TestApp, token: &str, jd: i64) -> Value {
    let path = format!("/api/Careers/Autopilot?jdId={jd}");
    for _ in 0..200 {
        let (_, autopilot) = app.call(Method::GET, &path, token, None).await;
        if autopilot["notInvited"].as_i64().unwrap_or(0) >= 1 {
            return autopilot;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    app.call(Method::GET, &path, token, None).await.1
}

#[tokio::test]
async fn the_autopilot_invites_qualifying_applicants_once_and_never_rejects() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let assistant = create_assistant(&app, &token).await;
        for (body, code) in [
            (json!({ "jobDescId": jd, "enabled": true }), "no_assistant"),
            (json!({ "jobDescId": jd, "enabled": true, "assistantId": "no-such-assistant" }), "not_found"),
            (json!({ "jobDescId": jd, "enabled": true, "assistantId": assistant, "minScore": 0 }), "validation"),
        ] {
            let (_, answer) = app.call(Method::PUT, "/api/Careers/Autopilot", &token, Some(&body)).await;
            assert_eq!(answer["code"], code, "{body}");
        }
        enable_autopilot(&app, &token, jd, &assistant, false).await;

        let priya = Applicant::new("Priya Sharma", "priya@example.com", "priya_chromium_2col.pdf");
        let zoe = Applicant::new("Zoë Müller", "zoe@example.com", "zoe_fpdf.pdf");
        assert_eq!(apply(&app, "backend-engineer", &priya).await.0, 200);
        assert_eq!(apply(&app, "backend-engineer", &zoe).await.0, 200);
        analysed(&app, &token, jd).await;
        assert_eq!(invitations(&app, "priya@example.com", 1).await, 1);
        let rows = candidates_of(&app, &token, jd).await;
        let stage_of = |email: &str| rows.iter().find(|r| r["candidateEmail"] == email).map(|r| r["stage"].clone());
        assert_eq!(stage_of("priya@example.com"), Some(json!("invited")));
        assert_eq!(stage_of("zoe@example.com"), Some(json!("screened")), "a Fail waits for a person");
        assert!(mails(&app, "zoe@example.com", "Interview invitation").is_empty());
        let invite = mails(&app, "priya@example.com", "Interview invitation").pop().expect("invite");
        assert!(invite.contains("/application/"), "every candidate e-mail links their page");
        assert!(invite.contains("Thank you for applying for"), "an applicant is thanked: {invite}");

        // The invite is the system's, on the candidate's timeline.
        let priya_id = rows.iter().find(|r| r["candidateEmail"] == "priya@example.com").and_then(|r| r["resumeId"].as_i64()).expect("id");
        let (_, activity) = app.call(Method::GET, &format!("/api/Activity?resumeId={priya_id}"), &token, None).await;
        let invited = activity["events"].as_array().and_then(|e| e.iter().find(|e| e["kind"] == "invited")).cloned().unwrap_or_default();
        assert_eq!(invited["actor"]["kind"], "system", "{activity}");
        let (_, autopilot) = app.call(Method::GET, &format!("/api/Careers/Autopilot?jdId={jd}"), &token, None).await;
        assert_eq!(autopilot["invited"], 1);

        // Editing the JD scores everyone again; nobody is invited a second time.
        let (status, body) = app
            .call(Method::POST, "/api/Drive/EditJDFolder", &token, Some(&json!({
                "JobDescId": jd, "Jdname": "Backend Engineer",
                "Jddescription": "<p>Build services in Python and Go on AWS.</p>",
                "KeySkills": "Python, Go, SQL, Docker, Kubernetes, AWS", "Experience": "3+ years",
            })))
            .await;
        assert_eq!(status, 200, "{body}");
        analysed(&app, &token, jd).await;
        hirelane::careers::autopilot::invite_due(&app.state).await.expect("autopilot runs");
        assert_eq!(mails(&app, "priya@example.com", "Interview invitation").len(), 1);

        // From a chosen score up, without Pass.
        let (status, _) = app
            .call(Method::PUT, "/api/Careers/Autopilot", &token, Some(&json!({
                "jobDescId": jd, "enabled": true, "assistantId": assistant, "minScore": 50,
            })))
            .await;
        assert_eq!(status, 200);
        let jose = Applicant::new("José Álvarez-Núñez", "jose@example.com", "jose_reportlab.pdf");
        assert_eq!(apply(&app, "backend-engineer", &jose).await.0, 200);
        analysed(&app, &token, jd).await;
        assert_eq!(invitations(&app, "jose@example.com", 1).await, 1, "51 is at least 50");
    })
    .await;
}

#[tokio::test]
async fn an_applicant_the_autopilot_cannot_invite_is_named_where_the_recruiter_looks() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let assistant = create_assistant(&app, &token).await;
        enable_autopilot(&app, &token, jd, &assistant, false).await;
        // The assistant goes at the provider (before issue 29, a restarted quick start lost
        // every assistant this way): nothing can invite with it any more.
        hirelane::voice::client::of(&app.state)
            .expect("voice")
            .provider
            .delete_assistant(&assistant)
            .await
            .expect("deleted at the provider");

        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        assert_eq!(apply(&app, "backend-engineer", &priya).await.0, 200);
        analysed(&app, &token, jd).await;
        hirelane::careers::autopilot::invite_due(&app.state)
            .await
            .expect("autopilot runs");
        // The autopilot's own loop, woken when the score was stored, may hold the applicant's
        // claim while the call above finds nothing to do: wait for whichever tried to record it.
        let autopilot = not_invited_once(&app, &token, jd).await;
        assert!(mails(&app, "priya@example.com", "Interview invitation").is_empty());

        let reason = "The autopilot's assistant no longer exists.";
        assert_eq!(autopilot["invited"], 0, "{autopilot}");
        assert_eq!(autopilot["notInvited"], 1, "{autopilot}");
        assert_eq!(autopilot["lastNotInvited"]["reason"], reason, "{autopilot}");
        let rows = candidates_of(&app, &token, jd).await;
        let priya_id = rows[0]["resumeId"].as_i64().expect("id");
        assert_eq!(autopilot["lastNotInvited"]["candidateId"], priya_id);
        let (_, activity) = app
            .call(
                Method::GET,
                &format!("/api/Activity?resumeId={priya_id}"),
                &token,
                None,
            )
            .await;
        let skipped = activity["events"]
            .as_array()
            .and_then(|e| e.iter().find(|e| e["kind"] == "autopilotSkipped"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(skipped["actor"]["kind"], "system", "{activity}");
        assert_eq!(
            skipped["summary"],
            format!("The autopilot did not invite them: {reason}")
        );
    })
    .await;
}

#[tokio::test]
async fn two_instances_send_each_autopilot_invite_once() {
    for backend in backends() {
        let (app, teardown) = TestApp::spawn(&backend).await;
        let (other, stop_other, other_server) = app.sibling(&teardown).await;
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let assistant = create_assistant(&app, &token).await;
        enable_autopilot(&app, &token, jd, &assistant, false).await;
        let emails: Vec<String> = (1..=6)
            .map(|n| format!("applicant{n}@example.com"))
            .collect();
        for (n, email) in emails.iter().enumerate() {
            // Half the applications reach each instance.
            let to = if n % 2 == 0 { &app } else { &other };
            let applicant = Applicant::new("Priya Sharma", email, "priya_chromium_2col.pdf");
            assert_eq!(
                apply(to, "backend-engineer", &applicant).await.0,
                200,
                "{email}"
            );
        }
        analysed(&app, &token, jd).await;
        for email in &emails {
            invitations(&app, email, 1).await;
        }
        // Another round on each instance, whichever of their pollers ran last: nothing more
        // may go out.
        hirelane::careers::autopilot::invite_due(&app.state)
            .await
            .expect("runs");
        hirelane::careers::autopilot::invite_due(&other.state)
            .await
            .expect("runs");
        for email in &emails {
            assert_eq!(
                mails(&app, email, "Interview invitation").len(),
                1,
                "{email} on {}",
                app.backend
            );
        }
        let _ = stop_other.send(());
        let _ = other_server.await;
        teardown.run().await;
    }
}

#[tokio::test]
async fn the_daily_digest_goes_once_a_day_to_the_jds_recruiter() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let (status, body) = app
            .call(Method::PUT, "/api/Careers/Autopilot", &token, Some(&json!({ "jobDescId": jd, "enabled": false, "digest": true })))
            .await;
        assert_eq!(status, 200, "{body}");
        for (name, email, file) in [("Priya Sharma", "priya@example.com", "priya_chromium_2col.pdf"), ("Zoë Müller", "zoe@example.com", "zoe_fpdf.pdf")] {
            assert_eq!(apply(&app, "backend-engineer", &Applicant::new(name, email, file)).await.0, 200);
        }
        analysed(&app, &token, jd).await;
        let digests = || mails(&app, ADMIN_EMAIL, "Daily digest: Backend Engineer");
        set_clock(&app, "2026-03-03T07:30:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 0, "before the hour");
        set_clock(&app, "2026-03-03T08:30:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 1);
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 0, "once a day");
        let digest = digests().pop().expect("a digest");
        assert!(digest.contains("New applicants: 2"), "{digest}");
        assert!(digest.contains("Priya Sharma, Zoë Müller"), "{digest}");
        assert!(digest.contains("Waiting for a person (unreadable resumes, interviews to review, Fail applicants): 1"), "{digest}");
        // The next day: nothing new, but the Fail applicant still waits for a person.
        set_clock(&app, "2026-03-04T09:00:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 1);
        assert!(digests().pop().is_some_and(|d| d.contains("New applicants: 0")));
        // Once nobody waits, a day with nothing to say sends nothing.
        let token = app.token().await;
        let rows = candidates_of(&app, &token, jd).await;
        let zoe = rows.iter().find(|r| r["candidateEmail"] == "zoe@example.com").expect("zoe");
        let (status, body) = app
            .call(Method::POST, "/api/Pipeline/Move", &token, Some(&json!({
                "candidates": [{ "resumeId": zoe["resumeId"], "fromStage": "screened" }],
                "stage": "rejected", "reason": "Not enough Go",
            })))
            .await;
        assert_eq!(status, 200, "{body}");
        set_clock(&app, "2026-03-05T09:00:00Z");
        assert_eq!(hirelane::careers::digest::send_due(&app.state).await.expect("runs"), 0);
    })
    .await;
}
