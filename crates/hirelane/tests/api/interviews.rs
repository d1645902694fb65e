//! The candidate interview flow on both databases with an injected clock: invites, the invite
//! page's state machine, slot rules, reschedule with calendar updates, the join window, the web
//! call through the simulator to the end-of-call report, next-step details, reminders (once
//! each) and the dashboard's counts.

use base64::Engine;
use jiff::{SignedDuration, Timestamp};
use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, on_each_db};

/// A JD without resumes (candidates come by CSV) whose applications close on `last_date`.
async fn create_job(app: &TestApp, token: &str, last_date: &str) -> i64 {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Drive/CreateJobFolder",
            token,
            Some(&json!({
                "jdname": "Platform Engineer",
                "jddescription": "<p>Run our Rust services.</p>",
                "keySkills": "Rust, SQL, Linux",
                "experience": "3+ years",
                "resumeRequired": false,
                "applyLastDate": last_date,
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["jobDescId"].as_i64().expect("id")
}

/// Imports candidates by CSV; returns `{name: resumeId}` in CSV order.
async fn import(app: &TestApp, token: &str, jd: i64, rows: &[(&str, &str)]) -> Vec<i64> {
    let mut csv = String::from("Name,Email,Phone\n");
    for (name, email) in rows {
        csv.push_str(&format!("{name},{email},9811223344\n"));
    }
    let form = Form::new().part(
        "csvFile",
        Part::bytes(csv.into_bytes()).file_name("candidates.csv"),
    );
    let response = app
        .client
        .post(app.url(&format!("/api/Drive/UploadCandidatesCsv?jobDescId={jd}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(response.status().as_u16(), 200);
    let (status, list) = app
        .get_with_token(&format!("/api/Drive/ViewJDResumes?JdID={jd}"), token)
        .await;
    assert_eq!(status, 200, "{list}");
    rows.iter()
        .map(|(name, _)| {
            row_named(&list, name)["resumeId"]
                .as_i64()
                .unwrap_or_else(|| panic!("{name} imported"))
        })
        .collect()
}

/// The row of a candidate list (`ViewJDResumes`, `GetAllCandidates`) with this name.
fn row_named(list: &Value, name: &str) -> Value {
    list.as_array()
        .unwrap_or_else(|| panic!("a list: {list}"))
        .iter()
        .find(|r| r["candidateName"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} in {list}"))
}

async fn create_assistant(app: &TestApp, token: &str) -> String {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Voice/assistants",
            token,
            Some(&json!({
                "assistantName": "Platform screen", "candidateName": "Candidate",
                "role": "Platform Engineer", "experience": "3 years", "interviewTime": "15",
                "topics": ["Rust", "SQL", "Linux", "Testing"],
                "questions": ["Tell me about a service you run"], "tools": []
            })),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body["id"].as_str().expect("id").to_owned()
}

async fn send_invites(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.call(
        Method::POST,
        "/api/Interview/SendInvites",
        token,
        Some(&body),
    )
    .await
}

/// The text of a message with every base64 or quoted-printable part decoded.
fn decoded(eml: &str) -> String {
    let eml = eml.replace("\r\n", "\n");
    let mut out = String::new();
    let mut encoding = String::new();
    let mut lines = eml.lines().peekable();
    while let Some(line) = lines.next() {
        if let Some(enc) = line
            .to_ascii_lowercase()
            .strip_prefix("content-transfer-encoding: ")
        {
            encoding = enc.trim().to_owned();
        } else if line.is_empty() && !encoding.is_empty() {
            let mut body = Vec::new();
            while let Some(next) = lines.peek() {
                if next.starts_with("--") {
                    break;
                }
                body.push(lines.next().unwrap_or_default());
            }
            match encoding.as_str() {
                "base64" => {
                    let bytes = base64::engine::general_purpose::STANDARD
                        .decode(body.concat())
                        .expect("base64 part");
                    out.push_str(&String::from_utf8_lossy(&bytes));
                }
                "quoted-printable" => out.push_str(&quoted_printable(&body.join("\n"))),
                _ => out.push_str(&body.join("\n")),
            }
            out.push('\n');
            encoding.clear();
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

fn quoted_printable(text: &str) -> String {
    let joined = text.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let escaped = (bytes[i] == b'=' && i + 2 < bytes.len())
            .then(|| u8::from_str_radix(&joined[i + 1..i + 3], 16).ok())
            .flatten();
        if let Some(b) = escaped {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Decoded messages to `email` whose subject starts with `subject`.
fn mails(app: &TestApp, email: &str, subject: &str) -> Vec<String> {
    app.outbox_mails(email)
        .iter()
        .map(|m| decoded(m))
        .filter(|m| {
            m.lines().any(|l| {
                l.strip_prefix("Subject: ")
                    .is_some_and(|s| s.starts_with(subject))
            })
        })
        .collect()
}

/// The invite token from the newest invitation to `email`.
fn invite_token(app: &TestApp, email: &str) -> String {
    let mail = mails(app, email, "Interview invitation")
        .pop()
        .unwrap_or_else(|| panic!("an invitation to {email}"));
    let at = mail
        .find("/nextstep?inviteId=")
        .expect("link in the invitation");
    mail[at + "/nextstep?inviteId=".len()..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

async fn next_step(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(&format!("/api/Interview/NextStep/{token}")))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn book(
    app: &TestApp,
    path: &str,
    token: &str,
    at: &str,
    zone: &str,
    gmt: &str,
) -> (u16, Value) {
    app.post_json(
        &format!("/api/Interview/{path}"),
        &json!({ "inviteId": token, "candidateName": "ignored", "JobRole": "ignored",
                 "interviewStartUtc": at, "timeZoneName": zone, "gmtValue": gmt }),
    )
    .await
}

async fn start(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(&format!("/api/Interview/StartInterview/{token}")))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn set_clock(app: &TestApp, to: &str) {
    app.clock.set(to.parse::<Timestamp>().expect("instant"));
}

/// Everything a test needs: a signed-in recruiter, a JD, candidates, an assistant.
struct Setup {
    token: String,
    jd: i64,
    ids: Vec<i64>,
    assistant: String,
}

async fn setup(app: &TestApp, last_date: &str, rows: &[(&str, &str)]) -> Setup {
    let token = app.token().await;
    let jd = create_job(app, &token, last_date).await;
    let ids = import(app, &token, jd, rows).await;
    let assistant = create_assistant(app, &token).await;
    Setup {
        token,
        jd,
        ids,
        assistant,
    }
}

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
        hirelane::with_db!(&app.state.db, |pool| {
            sqlx::query("UPDATE candidates SET recommendation = 'Pass' WHERE id = $1")
                .bind(s.ids[1])
                .execute(pool)
                .await
                .map(drop)
        })
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

        let (status, page) = next_step(&app, &jane).await;
        assert_eq!(status, 200, "{page}");
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
        let room: Value = app
            .client
            .get(call["webCallUrl"].as_str().expect("url"))
            .header("accept", "application/json")
            .send()
            .await
            .expect("room")
            .json()
            .await
            .expect("json");
        let started = app
            .client
            .post(room["startUrl"].as_str().expect("startUrl"))
            .send()
            .await
            .expect("start");
        assert_eq!(started.status().as_u16(), 200);
        for _ in 0..30 {
            app.advance_both(SignedDuration::from_mins(1)).await;
            if next_step(&app, &jane).await.1["showPageId"] == 3 {
                break;
            }
        }
        let (_, page) = next_step(&app, &jane).await;
        assert_eq!(page["showPageId"], 3, "{page}");
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
    })
    .await;
}

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
