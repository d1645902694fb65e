//! The join window, next-step details, reminders (once each), the dashboard's counts and the
//! candidate routes' rate limit.

use jiff::SignedDuration;
use serde_json::{Value, json};

use super::support::*;
use crate::helpers::{TestApp, on_each_db, on_each_db_configured};

#[tokio::test]
async fn the_join_window_opens_at_minus_five_and_closes_after_thirty_minutes() {
    on_each_db(|app: TestApp| async move {
        let s = setup(&app, "", &[("Jane Pass", "jane@example.com")]).await;
        send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        let jane = invite_token(&app, "jane@example.com");
        let (status, page) = next_step(&app, &jane).await;
        assert_eq!((status, page["bookableUntil"].clone()), (200, Value::Null));
        let (status, body) = book(
            &app,
            "ScheduleInterview",
            &jane,
            "2026-03-02T12:00:00Z",
            "America/New_York",
            "GMT-05:00",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let cases = [
            ("2026-03-02T11:54:59Z", 409),
            ("2026-03-02T11:55:00Z", 200),
            ("2026-03-02T12:30:00Z", 200),
            ("2026-03-02T12:30:01Z", 409),
        ];
        for (at, want) in cases {
            set_clock(&app, at);
            let (status, body) = start(&app, &jane).await;
            assert_eq!(status, want, "{at}: {body}");
            let (status, _) = app.post(&format!("/api/Interview/WebCall/{jane}")).await;
            assert_eq!(status, want, "web call at {at}");
        }
        // The join page shows the notice with its version; joining recorded that version.
        let (_, page) = next_step(&app, &jane).await;
        let version = page["notice"]["version"]
            .as_str()
            .expect("notice")
            .to_owned();
        assert!(
            page["notice"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("alternative process"))
        );
        let shown: Vec<String> = hirelane::fetch_scalar!(
            &app.state.db,
            fetch_all,
            "SELECT version FROM notices_given WHERE channel = 'interview'"
        )
        .expect("notices");
        assert_eq!(
            shown,
            [version],
            "one row per version, however often they joined"
        );
        let (_, body) = start(&app, &jane).await;
        assert_eq!(body["message"], "The meeting link has been disabled.");
        // Missed, with no apply-last date: still view 2, and rescheduling works.
        let (_, page) = next_step(&app, &jane).await;
        assert_eq!(page["showPageId"], 2);
        let (status, body) = book(
            &app,
            "ReScheduleInterview",
            &jane,
            "2026-03-03T12:00:00Z",
            "America/New_York",
            "GMT-05:00",
        )
        .await;
        assert_eq!(status, 200, "{body}");
    })
    .await;
}

fn details_form(invite: &str) -> Value {
    json!({
        "inviteId": invite, "totalExp": 6, "relevantExp": "4.5", "currentCTC": 14,
        "expectedCTC": 20.5, "noticePeriod": 60, "servingNotice": "No", "organization": "Acme",
        "reasonForLeaving": "Growth", "lastWorkingDate": "2026-04-30", "currentLocation": "Pune",
        "hometown": "Nagpur", "faridabadOffice": "Yes", "relocateDays": 30,
        "skills": "Rust, PostgreSQL", "additionalInfo": "Prefers mornings"
    })
}

#[tokio::test]
async fn next_step_details_are_validated_and_shown_to_the_recruiter() {
    on_each_db(|app: TestApp| async move {
        let s = setup(&app, "2026-03-10", &[("Jane Pass", "jane@example.com")]).await;
        send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        let jane = invite_token(&app, "jane@example.com");

        let mut bad = details_form(&jane);
        bad["totalExp"] = json!(-2);
        bad["reasonForLeaving"] = json!("");
        bad.as_object_mut().map(|o| o.remove("faridabadOffice"));
        let (status, body) = app
            .post_json("/api/Interview/AddCandidateDetails", &bad)
            .await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["code"], "invalid_details");
        assert_eq!(
            body["fields"]["totalExp"],
            "Total experience cannot be negative."
        );
        assert_eq!(
            body["fields"]["reasonForLeaving"],
            "Reason for leaving is required."
        );
        assert!(body["fields"]["faridabadOffice"].is_string());
        let (_, page) = next_step(&app, &jane).await;
        assert_eq!(
            page["detailsSubmitted"], false,
            "a refused form stores nothing"
        );

        let (status, body) = app
            .post_json(
                "/api/Interview/AddCandidateDetails",
                &details_form("AAAAAAAAAAAAAAAAAAAAAA"),
            )
            .await;
        assert_eq!(
            (status, body["message"].clone()),
            (404, json!("No data found."))
        );

        let (status, body) = app
            .post_json("/api/Interview/AddCandidateDetails", &details_form(&jane))
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, page) = next_step(&app, &jane).await;
        assert_eq!(page["detailsSubmitted"], true);

        let (_, details) = app
            .get_with_token(
                &format!("/api/Interview/ResumeDetails?resumeId={}", s.ids[0]),
                &s.token,
            )
            .await;
        let answers = &details[0]["nextStepDetails"];
        assert_eq!(answers["relevantExp"], 4.5);
        assert_eq!(answers["expectedCTC"], 20.5);
        assert_eq!(answers["faridabadOffice"], "Yes");
        assert_eq!(answers["lastWorkingDate"], "2026-04-30");
        assert!(answers["submittedAt"].is_string());
        assert_eq!(details[0]["inviteStatus"], "Invited");

        // Once the window closed (the apply-last date was the 10th), the answers are locked.
        set_clock(&app, "2026-03-11T00:00:00Z");
        let mut late = details_form(&jane);
        late["expectedCTC"] = json!(99);
        let (status, body) = app
            .post_json("/api/Interview/AddCandidateDetails", &late)
            .await;
        assert_eq!(
            (status, &body["code"]),
            (409, &json!("window_closed")),
            "{body}"
        );
        let (status, page) = next_step(&app, &jane).await;
        assert_eq!((status, &page["showPageId"]), (200, &json!(4)));
        // Thirty days later the link names nothing any more.
        set_clock(&app, "2026-04-09T23:59:59Z");
        assert_eq!(next_step(&app, &jane).await.0, 200);
        set_clock(&app, "2026-04-10T00:00:00Z");
        let (status, body) = next_step(&app, &jane).await;
        assert_eq!((status, &body["message"]), (404, &json!("No data found.")));
        let (status, _) = app
            .post_json("/api/Interview/AddCandidateDetails", &late)
            .await;
        assert_eq!(status, 404);
        let (_, details) = app
            .get_with_token(
                &format!("/api/Interview/ResumeDetails?resumeId={}", s.ids[0]),
                &app.token().await,
            )
            .await;
        assert_eq!(
            details[0]["nextStepDetails"]["expectedCTC"], 20.5,
            "the answers kept"
        );
    })
    .await;
}

#[tokio::test]
async fn reminders_go_out_once_a_day_and_an_hour_before() {
    on_each_db(|app: TestApp| async move {
        let s = setup(
            &app,
            "",
            &[
                ("Jane Pass", "jane@example.com"),
                ("Rita Review", "rita@example.com"),
            ],
        )
        .await;
        send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        let jane = invite_token(&app, "jane@example.com");
        let rita = invite_token(&app, "rita@example.com");
        // Jane books two days ahead; Rita three hours ahead (no day-before reminder for her).
        book(
            &app,
            "ScheduleInterview",
            &jane,
            "2026-03-04T09:00:00Z",
            "UTC",
            "GMT",
        )
        .await;
        book(
            &app,
            "ScheduleInterview",
            &rita,
            "2026-03-02T12:00:00Z",
            "UTC",
            "GMT",
        )
        .await;

        let run_twice_at_once = || async {
            let (a, b) = tokio::join!(
                hirelane::interviews::send_due_reminders(&app.state),
                hirelane::interviews::send_due_reminders(&app.state)
            );
            a.expect("reminders") + b.expect("reminders")
        };
        assert_eq!(run_twice_at_once().await, 0);
        set_clock(&app, "2026-03-02T11:00:00Z");
        assert_eq!(run_twice_at_once().await, 1, "Rita's hour-before reminder");
        set_clock(&app, "2026-03-03T09:00:00Z");
        assert_eq!(run_twice_at_once().await, 1, "Jane's day-before reminder");
        set_clock(&app, "2026-03-04T08:00:00Z");
        assert_eq!(run_twice_at_once().await, 1, "Jane's hour-before reminder");
        assert_eq!(run_twice_at_once().await, 0);
        assert_eq!(
            mails(
                &app,
                "jane@example.com",
                "Reminder: your interview tomorrow"
            )
            .len(),
            1
        );
        assert_eq!(
            mails(
                &app,
                "jane@example.com",
                "Reminder: your interview in one hour"
            )
            .len(),
            1
        );
        assert_eq!(mails(&app, "rita@example.com", "Reminder:").len(), 1);
    })
    .await;
}

#[tokio::test]
async fn the_dashboard_counts_a_known_day() {
    on_each_db(|app: TestApp| async move {
        let rows = [
            ("Ann One", "ann@example.com"),
            ("Bob Two", "bob@example.com"),
            ("Cat Three", "cat@example.com"),
            ("Dan Four", "dan@example.com"),
            ("Eve Five", "eve@example.com"),
        ];
        let s = setup(&app, "", &rows).await;
        send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids[..4] }),
        )
        .await;
        // Now 2026-03-02T09:00Z (UTC is the configured zone). Slots: two today, one tomorrow;
        // one invite not booked; one candidate not invited.
        for (email, at) in [
            ("ann@example.com", "2026-03-02T10:00:00Z"),
            ("bob@example.com", "2026-03-02T23:45:00Z"),
            ("cat@example.com", "2026-03-03T00:00:00Z"),
        ] {
            let token = invite_token(&app, email);
            let (status, body) = book(&app, "ScheduleInterview", &token, at, "UTC", "GMT").await;
            assert_eq!(status, 200, "{body}");
        }
        let (status, dash) = app
            .get_with_token("/api/Interview/Dashboard", &s.token)
            .await;
        assert_eq!(status, 200, "{dash}");
        assert_eq!(
            dash,
            json!([{ "ResumesUploaded": 5, "TotalInviteSent": 4, "MeetingsScheduled": 3,
                     "TotalToday": 2, "InterviewedToday": 0, "RemainingToday": 2,
                     "YesterdayCount": 0, "TomorrowCount": 1, "BotJoined": 0,
                     "NeedsReviewCandidates": 0, "PassCandidates": 0 }])
        );
        // A day later, today's slots are yesterday's.
        app.advance(SignedDuration::from_hours(24));
        let token = app.token().await;
        let (_, dash) = app.get_with_token("/api/Interview/Dashboard", &token).await;
        assert_eq!(
            (
                dash[0]["YesterdayCount"].clone(),
                dash[0]["TotalToday"].clone()
            ),
            (json!(2), json!(1))
        );
    })
    .await;
}

#[tokio::test]
async fn candidate_routes_are_rate_limited_per_client() {
    on_each_db(|app: TestApp| async move {
        let mut last = 0;
        for _ in 0..121 {
            last = next_step(&app, "AAAAAAAAAAAAAAAAAAAAAA").await.0;
        }
        assert_eq!(last, 429);
    })
    .await;
}

/// Behind the proxy, a client that writes its own `X-Forwarded-For` entries still counts as the
/// address the proxy appended; another address keeps its own limit.
#[tokio::test]
async fn a_spoofed_forwarded_for_does_not_escape_the_limit() {
    let behind_proxy = |s: &mut hirelane::config::Settings| s.server.trust_forwarded_for = true;
    on_each_db_configured(behind_proxy, |app: TestApp| async move {
        let ask = |forwarded: String| {
            app.client
                .get(app.url("/api/Interview/NextStep/AAAAAAAAAAAAAAAAAAAAAA"))
                .header("x-forwarded-for", forwarded)
                .send()
        };
        let mut last = 0;
        for n in 0..121 {
            let spoofed = format!("10.{}.{}.1, 203.0.113.9", n / 250, n % 250);
            last = ask(spoofed).await.expect("request").status().as_u16();
        }
        assert_eq!(last, 429, "one client, whatever it wrote first");
        let other = ask("203.0.113.10".into()).await.expect("request");
        assert_eq!(
            other.status().as_u16(),
            404,
            "another client is not limited"
        );
        // IPv6 addresses inside one /64 are one client.
        for n in 0..121 {
            last = ask(format!("2001:db8:7:7::{n:x}"))
                .await
                .expect("request")
                .status()
                .as_u16();
        }
        assert_eq!(last, 429);
    })
    .await;
}
