//! Invites (one per candidate, re-sent with the same link) and the invite page's state machine
//! through booking, rescheduling with calendar updates, the web call and its end-of-call report.

use jiff::SignedDuration;
use serde_json::{Value, json};

use super::support::*;
use crate::helpers::{TestApp, on_each_db};

#[tokio::test]
async fn invites_are_one_per_candidate_and_resending_mails_the_same_link() {
    on_each_db(|app: TestApp| async move {
        let rows = [
            ("Jane Pass", "jane@example.com"),
            ("Rita Review", "rita@example.com"),
            ("Noah Nomail", ""),
        ];
        let s = setup(&app, "2026-03-10", &rows).await;
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["sent"], 2);
        assert_eq!(body["resent"], 0);
        assert_eq!(body["skipped"][0]["reason"], "No e-mail address");
        assert_eq!(body["skipped"][0]["candidateName"], "Noah Nomail");

        let first = invite_token(&app, "jane@example.com");
        // 128 random bits in URL-safe base64.
        assert!(first.len() >= 22, "{first}");
        let invitation = mails(&app, "jane@example.com", "Interview invitation").remove(0);
        assert!(invitation.contains("Platform Engineer"));
        assert!(invitation.contains("2026-03-10"));
        // The notice about the automated steps comes with its version, kept per candidate.
        let decoded = crate::interviews::support::decoded(&invitation);
        assert!(
            decoded.contains("How we use automated tools (notice "),
            "{decoded}"
        );
        // Jane came on a recruiter's CSV list: she never applied, so is not thanked for it.
        assert!(
            decoded.contains("invite you to a short AI voice interview for Platform Engineer")
                && !decoded.contains("applying"),
            "{decoded}"
        );
        let given: Vec<(String, String)> = hirelane::fetch_as!(
            &app.state.db,
            fetch_all,
            "SELECT version, channel FROM notices_given WHERE candidate_id = $1",
            (s.ids[0])
        )
        .expect("notices");
        assert_eq!(given.len(), 1, "{given:?}");
        assert_eq!(given[0].1, "invite");
        assert!(decoded.contains(&format!("(notice {})", given[0].0)));

        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": [s.ids[0]] }),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (body["sent"].clone(), body["resent"].clone()),
            (json!(0), json!(1))
        );
        assert_eq!(
            mails(&app, "jane@example.com", "Interview invitation").len(),
            2
        );
        assert_eq!(invite_token(&app, "jane@example.com"), first);

        // Lists show the invite; the dashboard counts invites once.
        let (_, list) = app
            .get_with_token(&format!("/api/Drive/ViewJDResumes?JdID={}", s.jd), &s.token)
            .await;
        assert_eq!(row_named(&list, "Jane Pass")["inviteStatus"], "Invited");
        assert_eq!(row_named(&list, "Noah Nomail")["inviteStatus"], Value::Null);
        let (_, dash) = app
            .get_with_token("/api/Interview/Dashboard", &s.token)
            .await;
        assert_eq!(dash[0]["TotalInviteSent"], 2);
        assert_eq!(dash[0]["ResumesUploaded"], 3);

        // Bad requests.
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant }),
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (400, json!("Select at least one candidate."))
        );
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": "nope", "resumeIds": s.ids }),
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (404, json!("Assistant not found"))
        );
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": 999_999, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (404, json!("Invalid JD ID."))
        );

        // "All Pass" picks the candidates whose ATS recommendation is Pass.
        hirelane::execute!(
            &app.state.db,
            "UPDATE candidates SET recommendation = 'Pass' WHERE id = $1",
            (s.ids[1])
        )
        .expect("mark Pass");
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "allPass": true }),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            (body["sent"].clone(), body["resent"].clone()),
            (json!(0), json!(1))
        );
        assert_eq!(
            mails(&app, "rita@example.com", "Interview invitation").len(),
            2
        );
        assert_eq!(
            mails(&app, "jane@example.com", "Interview invitation").len(),
            2
        );
    })
    .await;
}

#[tokio::test]
async fn the_invite_page_walks_the_state_machine_to_completion() {
    on_each_db(|app: TestApp| async move {
        // The clock starts at 2026-03-02T09:00:00Z.
        let s = setup(
            &app,
            "2026-03-10",
            &[
                ("Jane Pass", "jane@example.com"),
                ("Rita Review", "rita@example.com"),
            ],
        )
        .await;
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let jane = invite_token(&app, "jane@example.com");
        let rita = invite_token(&app, "rita@example.com");

        let (status, body) = next_step(&app, "AAAAAAAAAAAAAAAAAAAAAA").await;
        assert_eq!(
            (status, body["message"].clone()),
            (404, json!("No data found."))
        );
        let (status, _) = next_step(&app, "not a token!").await;
        assert_eq!(status, 404);

        let (status, mut page) = next_step(&app, &jane).await;
        assert_eq!(status, 200, "{page}");
        // Besides the page's data, the notice about the automated steps (the same for everyone).
        let notice = page
            .as_object_mut()
            .and_then(|fields| fields.remove("notice"))
            .expect("the notice");
        assert!(
            notice["version"].is_string() && notice["text"].is_string(),
            "{notice}"
        );
        assert_eq!(
            page,
            json!({ "candidateName": "Jane Pass", "jdName": "Platform Engineer", "showPageId": 1,
                    "applyLastDate": "2026-03-10", "interviewDateTime": null,
                    "detailsSubmitted": false, "timeZoneName": null,
                    "bookableUntil": "2026-03-11T00:00:00Z" }),
            "the page exposes nothing else about the candidate"
        );

        // Slot rules.
        let cases = [
            (
                "2026-03-03T04:37:00.000Z",
                "Asia/Kolkata",
                "GMT+05:30",
                "Please choose a time on the 15-minute grid.",
            ),
            (
                "2026-03-02T08:45:00.000Z",
                "UTC",
                "GMT",
                "Please choose a time in the future.",
            ),
            (
                "2026-03-11T00:00:00.000Z",
                "UTC",
                "GMT",
                "Please choose a time on or before 2026-03-10.",
            ),
            (
                "2026-03-03T04:30:00.000Z",
                "Asia/Calcutta/Nope",
                "GMT+05:30",
                "Unknown time zone.",
            ),
            (
                "2026-03-03T04:30:00.000Z",
                "Asia/Kolkata",
                "GMT+05:00",
                "The GMT offset does not match the time zone.",
            ),
            (
                "tomorrow at ten",
                "UTC",
                "GMT",
                "Please choose a valid date and time.",
            ),
        ];
        for (at, zone, gmt, message) in cases {
            let (status, body) = book(&app, "ScheduleInterview", &jane, at, zone, gmt).await;
            assert_eq!(
                (status, body["message"].clone()),
                (400, json!(message)),
                "{at} {zone} {gmt}"
            );
        }
        let (status, body) = book(
            &app,
            "ReScheduleInterview",
            &jane,
            "2026-03-03T04:30:00.000Z",
            "Asia/Kolkata",
            "GMT+05:30",
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (409, json!("Only a scheduled interview can be rescheduled."))
        );

        // Book 10:00 in Kolkata.
        let (status, body) = book(
            &app,
            "ScheduleInterview",
            &jane,
            "2026-03-03T04:30:00.000Z",
            "Asia/Kolkata",
            "GMT+05:30",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body,
            json!({ "interviewDateTime": "2026-03-03T04:30:00", "showPageId": 2 })
        );
        let (_, page) = next_step(&app, &jane).await;
        assert_eq!(page["showPageId"], 2);
        assert_eq!(page["interviewDateTime"], "2026-03-03T04:30:00");
        assert_eq!(page["timeZoneName"], "Asia/Kolkata");
        let (status, body) = book(
            &app,
            "ScheduleInterview",
            &jane,
            "2026-03-03T05:00:00.000Z",
            "Asia/Kolkata",
            "GMT+05:30",
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (409, json!("Your interview is already scheduled."))
        );

        let confirmation = mails(&app, "jane@example.com", "Interview scheduled")
            .pop()
            .expect("confirmation");
        assert!(
            confirmation.contains("Tuesday, 3 March 2026 at 10:00 AM (Asia/Kolkata, GMT+05:30)"),
            "{confirmation}"
        );
        assert!(confirmation.contains("METHOD:REQUEST"));
        assert!(confirmation.contains("DTSTART:20260303T043000Z"));
        assert!(confirmation.contains("SEQUENCE:0"));
        let uid = confirmation
            .lines()
            .find(|l| l.starts_with("UID:"))
            .expect("UID")
            .to_owned();
        assert!(
            !uid.contains(&jane),
            "the calendar UID must not carry the link secret"
        );

        // Reschedule to 10:00 London time on the 4th (GMT in March before the switch).
        let (status, body) = book(
            &app,
            "ReScheduleInterview",
            &jane,
            "2026-03-04T10:00:00.000Z",
            "Europe/London",
            "GMT",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let moved = mails(&app, "jane@example.com", "Interview rescheduled")
            .pop()
            .expect("reschedule mail");
        assert!(moved.contains("SEQUENCE:1"));
        assert!(moved.contains(&uid), "the same event moves");
        assert!(moved.contains("DTSTART:20260304T100000Z"));

        // The join window.
        let (status, body) = start(&app, &jane).await;
        assert_eq!(
            (status, body["message"].clone()),
            (
                409,
                json!("The interview link will be enabled 5 minutes before the scheduled time.")
            )
        );
        let (status, body) = start(&app, &rita).await;
        assert_eq!(
            (status, body["message"].clone()),
            (409, json!("The interview is not scheduled."))
        );
        set_clock(&app, "2026-03-04T09:55:00Z");
        let (status, body) = start(&app, &jane).await;
        assert_eq!(status, 200, "{body}");
        assert!(
            body["Uri"]
                .as_str()
                .expect("Uri")
                .ends_with(&format!("/interview/join/{jane}"))
        );

        // The web call: created once, reused when asked again.
        let (status, call) = app.post(&format!("/api/Interview/WebCall/{jane}")).await;
        assert_eq!(status, 200, "{call}");
        assert_eq!(call["provider"], "simulator");
        assert_eq!(call["assistantId"], s.assistant.as_str());
        let (_, again) = app.post(&format!("/api/Interview/WebCall/{jane}")).await;
        assert_eq!(again["callId"], call["callId"]);
        let call_id = call["callId"].as_str().expect("call id").to_owned();

        // The candidate joins and talks; the simulator ends the call and reports it.
        join_room(&app, call["webCallUrl"].as_str().expect("url")).await;
        for _ in 0..30 {
            app.advance_both(SignedDuration::from_mins(1)).await;
            if next_step(&app, &jane).await.1["showPageId"] == 3 {
                break;
            }
        }
        let (_, page) = next_step(&app, &jane).await;
        assert_eq!(page["showPageId"], 3, "{page}");
        let completed_at = app.state.clock.now();
        let (status, body) = book(
            &app,
            "ReScheduleInterview",
            &jane,
            "2026-03-05T10:00:00.000Z",
            "UTC",
            "GMT",
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (409, json!("The interview is already completed."))
        );

        // The recruiter sees the call, the outcome and the analysis (signed in again: the
        // clock moved past the first access token's life).
        let recruiter = app.token().await;
        let (_, list) = app
            .get_with_token("/api/Drive/GetAllCandidates", &recruiter)
            .await;
        let row = row_named(&list, "Jane Pass");
        assert_eq!(row["callId"], call_id.as_str());
        assert_eq!(row["interviewStatus"], "Pass");
        assert_eq!(row["inviteStatus"], "Completed");
        let (status, analysis) = app
            .get_with_token(
                &format!("/api/Interview/InterviewAnalysis/{call_id}"),
                &recruiter,
            )
            .await;
        assert_eq!(status, 200, "{analysis}");
        assert_eq!(analysis["interviewStatus"], "Pass");
        let (_, dash) = app
            .get_with_token("/api/Interview/Dashboard", &recruiter)
            .await;
        assert_eq!(dash[0]["BotJoined"], 1);
        assert_eq!(dash[0]["PassCandidates"], 1);
        assert_eq!(dash[0]["MeetingsScheduled"], 1);

        // After the apply-last date, an invite never booked shows the window-closed view.
        set_clock(&app, "2026-03-11T00:00:00Z");
        let (_, page) = next_step(&app, &rita).await;
        assert_eq!(page["showPageId"], 4);
        let (status, body) = book(
            &app,
            "ScheduleInterview",
            &rita,
            "2026-03-12T10:00:00.000Z",
            "UTC",
            "GMT",
        )
        .await;
        assert_eq!(
            (status, body["message"].clone()),
            (409, json!("The interview window is closed."))
        );
        let recruiter = app.token().await;
        let (_, list) = app
            .get_with_token("/api/Drive/GetAllCandidates", &recruiter)
            .await;
        assert_eq!(row_named(&list, "Rita Review")["inviteStatus"], "Closed");

        // Thirty days after the interview completed, its link names nothing any more.
        let days = |n: i64| completed_at + SignedDuration::from_hours(24 * n);
        app.clock.set(days(29));
        assert_eq!(next_step(&app, &jane).await.1["showPageId"], 3);
        app.clock.set(days(30) + SignedDuration::from_mins(1));
        let (status, body) = next_step(&app, &jane).await;
        assert_eq!((status, &body["message"]), (404, &json!("No data found.")));
    })
    .await;
}
