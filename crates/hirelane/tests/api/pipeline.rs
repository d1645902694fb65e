//! Hiring decisions on both databases: stages that move on their own and by people's rules,
//! the board, decisions with e-mails, the conflict of two recruiters, scorecards after an
//! interview, roles and the team, and the activity log of every step.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{ADMIN_EMAIL, TestApp, on_each_db};
use crate::interviews::support::*;

async fn move_to(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.call(Method::POST, "/api/Pipeline/Move", token, Some(&body))
        .await
}

async fn stage_of(app: &TestApp, token: &str, jd: i64, name: &str) -> String {
    let (status, list) = app
        .get_with_token(&format!("/api/Drive/ViewJDResumes?JdID={jd}"), token)
        .await;
    assert_eq!(status, 200, "{list}");
    row_named(&list, name)["stage"]
        .as_str()
        .expect("a stage")
        .to_owned()
}

async fn put_card(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.call(Method::PUT, "/api/Pipeline/Scorecards", token, Some(&body))
        .await
}

async fn board(app: &TestApp, token: &str, jd: i64) -> Value {
    let (status, body) = app
        .get_with_token(&format!("/api/Pipeline/Board?jdId={jd}"), token)
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn count(board: &Value, stage: &str) -> i64 {
    board["columns"]
        .as_array()
        .expect("columns")
        .iter()
        .find(|c| c["stage"] == stage)
        .and_then(|c| c["count"].as_i64())
        .unwrap_or_else(|| panic!("{stage} in {board}"))
}

async fn timeline(app: &TestApp, token: &str, resume_id: i64) -> Vec<Value> {
    let (status, body) = app
        .get_with_token(&format!("/api/Activity?resumeId={resume_id}"), token)
        .await;
    assert_eq!(status, 200, "{body}");
    body["events"].as_array().expect("events").clone()
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events
        .iter()
        .map(|e| e["kind"].as_str().expect("kind"))
        .collect()
}

#[tokio::test]
async fn stages_follow_the_process_and_only_people_decide() {
    on_each_db(|app: TestApp| async move {
        let s = setup(
            &app,
            "2026-03-10",
            &[
                ("Ana Lima", "ana@example.com"),
                ("Ben Okafor", "ben@example.com"),
                ("Cara Diaz", "cara@example.com"),
            ],
        )
        .await;
        let (ana, ben, cara) = (s.ids[0], s.ids[1], s.ids[2]);
        assert_eq!(stage_of(&app, &s.token, s.jd, "Cara Diaz").await, "new");

        // The system's steps: an invite, then the candidate's booking.
        let (status, body) = send_invites(
            &app,
            &s.token,
            json!({"jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": [ana, ben]}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let ana_invite = invite_token(&app, "ana@example.com");
        let (status, body) = book(
            &app,
            "ScheduleInterview",
            &ana_invite,
            "2026-03-04T10:00:00.000Z",
            "UTC",
            "GMT",
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let b = board(&app, &s.token, s.jd).await;
        assert_eq!(b["total"], 3);
        assert_eq!(
            (
                count(&b, "new"),
                count(&b, "invited"),
                count(&b, "scheduled")
            ),
            (1, 1, 1),
            "{b}"
        );
        // A card says how the candidate came: these three are rows of a CSV list.
        let new_column = b["columns"]
            .as_array()
            .and_then(|columns| columns.iter().find(|c| c["stage"] == "new"))
            .expect("the New column");
        assert_eq!(new_column["cards"][0]["candidateName"], "Cara Diaz");
        assert_eq!(new_column["cards"][0]["source"], "csv", "{b}");
        let ana_events = timeline(&app, &s.token, ana).await;
        assert_eq!(
            kinds(&ana_events),
            [
                "stageChanged",
                "booked",
                "emailSent",
                "stageChanged",
                "invited",
                "uploaded"
            ],
            "newest first: {ana_events:?}"
        );
        assert_eq!(ana_events[1]["actor"]["kind"], "candidate");
        assert_eq!(
            ana_events[2]["summary"], "E-mail sent: Interview invitation: Platform Engineer",
            "the subject the invite went with"
        );
        assert_eq!(ana_events[0]["actor"]["kind"], "system");
        assert_eq!(ana_events[0]["summary"], "Moved from Invited to Scheduled");
        assert_eq!(ana_events[4]["actor"]["name"], "Admin User");
        assert_eq!(
            ana_events[4]["summary"], "Invited to an AI interview with Platform screen",
            "the assistant by its name"
        );

        // Moves that make no sense change nothing.
        for (body, wanted) in [
            (
                json!({"candidates": [{"resumeId": ben, "fromStage": "invited"}], "stage": "hired"}),
                "cannot move to Hired",
            ),
            (
                json!({"candidates": [{"resumeId": cara, "fromStage": "new"}], "stage": "shortlisted"}),
                "cannot move to Shortlisted",
            ),
            (
                json!({"candidates": [{"resumeId": ben, "fromStage": "invited"}], "stage": "rejected"}),
                "Please give a reason.",
            ),
            (
                json!({"candidates": [{"resumeId": ben, "fromStage": "invited"}], "stage": "invited"}),
                "already in Invited",
            ),
        ] {
            let (status, answer) = move_to(&app, &s.token, body).await;
            assert_eq!(status, 400, "{answer}");
            assert_eq!(answer["code"], "invalid_stage_move");
            assert!(
                answer["message"].as_str().expect("message").contains(wanted),
                "{answer}"
            );
        }
        // A bad e-mail refuses the whole decision, before anything moves.
        let (status, answer) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": ben, "fromStage": "invited"}], "stage": "rejected",
                   "reason": "Not enough Rust", "email": {"subject": "Hi", "body": "{{salary}}"}}),
        )
        .await;
        assert_eq!((status, answer["code"].clone()), (400, json!("invalid_template")));
        // One candidate of many that cannot move refuses the whole move.
        let (status, _) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": ben, "fromStage": "invited"},
                                  {"resumeId": 999999, "fromStage": "new"}],
                   "stage": "rejected", "reason": "x"}),
        )
        .await;
        assert_eq!(status, 404);
        assert_eq!(stage_of(&app, &s.token, s.jd, "Ben Okafor").await, "invited");

        // A stage that changed since it was shown is a conflict naming the current stage.
        let (status, answer) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": ben, "fromStage": "screened"}],
                   "stage": "rejected", "reason": "Not enough Rust"}),
        )
        .await;
        assert_eq!(status, 409, "{answer}");
        assert_eq!(answer["code"], "stage_changed");
        assert_eq!(answer["currentStage"], "invited");
        assert_eq!(answer["resumeId"], ben);

        // A rejection with an e-mail: shown first, then sent; the invite is cancelled.
        let email = json!({
            "subject": "Your application for {{jobTitle}}",
            "body": "Dear {{candidateName}},\n\nWe will not move forward.",
        });
        let (status, preview) = app
            .call(
                Method::POST,
                "/api/Pipeline/EmailPreview",
                &s.token,
                Some(&json!({"resumeId": ben, "subject": email["subject"], "body": email["body"]})),
            )
            .await;
        assert_eq!(status, 200, "{preview}");
        assert_eq!(preview["to"], "ben@example.com");
        assert_eq!(preview["subject"], "Your application for Platform Engineer");
        assert!(preview["body"].as_str().expect("body").starts_with("Dear Ben Okafor,"));
        let (status, moved) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": ben, "fromStage": "invited"}],
                   "stage": "rejected", "reason": "Not enough Rust", "email": email}),
        )
        .await;
        assert_eq!(status, 200, "{moved}");
        assert_eq!(moved["emailsSent"], 1);
        assert_eq!(moved["moved"][0]["inviteCancelled"], true);
        let sent = mails(&app, "ben@example.com", "Your application for Platform Engineer");
        assert_eq!(sent.len(), 1);
        assert!(decoded(&sent[0]).contains("Dear Ben Okafor,"));
        // After a rejection: where to read why, and how to ask for a person's review.
        assert!(
            decoded(&sent[0]).contains("you would like a person to review your application"),
            "{}",
            decoded(&sent[0])
        );
        let ben_invite = invite_token(&app, "ben@example.com");
        assert_eq!(next_step(&app, &ben_invite).await.1["showPageId"], 4);
        let (status, list) = app
            .get_with_token(
                &format!("/api/Drive/ViewJDResumes?JdID={}&stage=rejected", s.jd),
                &s.token,
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
        assert_eq!(list[0]["stageReason"], "Not enough Rust");
        // The candidate's own record carries the card, so their page needs no board lookup.
        let (_, details) = app
            .get_with_token(&format!("/api/Interview/ResumeDetails?resumeId={ben}"), &s.token)
            .await;
        let card = &details[0]["boardCard"];
        assert_eq!(
            (&card["stage"], &card["systemStage"], &card["stageReason"]),
            (&json!("rejected"), &json!("new"), &json!("Not enough Rust")),
            "{details}"
        );
        assert!(card["stageChangedAt"].is_string(), "{details}");
        let ben_events = timeline(&app, &s.token, ben).await;
        assert_eq!(kinds(&ben_events)[..2], ["emailSent", "stageChanged"]);
        assert_eq!(ben_events[0]["summary"], "E-mail sent: Your application for Platform Engineer");
        assert_eq!(
            ben_events[1]["summary"],
            "Moved from Invited to Rejected: Not enough Rust"
        );
        // A rejected candidate is not invited again until a person moves them back.
        let (_, again) = send_invites(
            &app,
            &s.token,
            json!({"jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": [ben]}),
        )
        .await;
        assert_eq!(again["sent"], 0, "{again}");
        let (status, undo) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": ben, "fromStage": "rejected"}], "stage": "new"}),
        )
        .await;
        assert_eq!(status, 200, "{undo}");

        // Two recruiters move the same candidate from what they both saw: the later one is told.
        let (status, _) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": cara, "fromStage": "new"}],
                   "stage": "withdrawn", "reason": "Took another offer"}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, late) = move_to(
            &app,
            &s.token,
            json!({"candidates": [{"resumeId": cara, "fromStage": "new"}],
                   "stage": "rejected", "reason": "Too junior"}),
        )
        .await;
        assert_eq!(status, 409, "{late}");
        assert_eq!(late["currentStage"], "withdrawn");
        assert_eq!(stage_of(&app, &s.token, s.jd, "Cara Diaz").await, "withdrawn");

        // The JD's feed and the organisation's feed, filtered.
        let (status, feed) = app
            .get_with_token(
                &format!("/api/Activity?jdId={}&kind=stageChanged&actor=recruiter", s.jd),
                &s.token,
            )
            .await;
        assert_eq!(status, 200, "{feed}");
        let events = feed["events"].as_array().expect("events");
        assert_eq!(events.len(), 3, "{feed}");
        assert!(events.iter().all(|e| e["actor"]["name"] == "Admin User"));
        let (status, page) = app
            .get_with_token("/api/Activity?limit=2", &s.token)
            .await;
        assert_eq!(status, 200);
        let before = page["nextBefore"].as_i64().expect("more pages");
        let (_, older) = app
            .get_with_token(&format!("/api/Activity?limit=2&before={before}"), &s.token)
            .await;
        assert!(older["events"][0]["id"].as_i64() < Some(before));
        let (status, bad) = app
            .get_with_token("/api/Activity?kind=dropTables", &s.token)
            .await;
        assert_eq!((status, bad["code"].clone()), (400, json!("invalid_query")));
    })
    .await;
}

#[tokio::test]
async fn scorecards_sit_beside_the_ai_after_the_interview() {
    on_each_db(|app: TestApp| async move {
        let s = setup(&app, "2026-03-10", &[("Dee Park", "dee@example.com")]).await;
        let dee = s.ids[0];
        let card = json!({"resumeId": dee, "technical": 4, "communication": 5,
                          "problemSolving": 3, "culture": 4, "recommendation": "yes",
                          "notes": "Clear about trade-offs."});
        let (status, early) = put_card(&app, &s.token, card.clone()).await;
        assert_eq!(
            (status, early["code"].clone()),
            (409, json!("not_interviewed"))
        );

        set_clock(&app, "2026-03-02T09:00:00Z");
        let (status, _) = send_invites(
            &app,
            &s.token,
            json!({"jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": [dee]}),
        )
        .await;
        assert_eq!(status, 200);
        let invite = invite_token(&app, "dee@example.com");
        let (status, _) = book(
            &app,
            "ScheduleInterview",
            &invite,
            "2026-03-04T10:00:00.000Z",
            "UTC",
            "GMT",
        )
        .await;
        assert_eq!(status, 200);
        set_clock(&app, "2026-03-04T09:55:00Z");
        app.sim
            .clock()
            .set("2026-03-04T09:55:00Z".parse().expect("instant"));
        let (status, call) = app.post(&format!("/api/Interview/WebCall/{invite}")).await;
        assert_eq!(status, 200, "{call}");
        join_room(&app, call["webCallUrl"].as_str().expect("room")).await;
        run_until(&app, || completed(&app, &invite)).await;
        // Days passed: a fresh session.
        let token = app.token().await;
        assert_eq!(
            stage_of(&app, &token, s.jd, "Dee Park").await,
            "interviewed"
        );

        for bad in [
            json!({"technical": 6}),
            json!({"culture": 0}),
            json!({"notes": "x".repeat(5001)}),
        ] {
            let mut body = card.clone();
            for (k, v) in bad.as_object().expect("object") {
                body[k] = v.clone();
            }
            let (status, answer) = put_card(&app, &token, body).await;
            assert_eq!(
                (status, answer["code"].clone()),
                (400, json!("invalid_scorecard"))
            );
        }
        let (status, saved) = put_card(&app, &token, card.clone()).await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(saved["interviewed"], true);
        assert!(saved["ai"]["callId"].is_string(), "{saved}");
        assert!(
            saved["ai"]["technical"].is_i64(),
            "the AI's scores beside: {saved}"
        );
        let mine = &saved["scorecards"][0];
        assert_eq!(
            (mine["technical"].clone(), mine["mine"].clone()),
            (json!(4), json!(true))
        );
        // A second scorecard of the same recruiter replaces theirs.
        let mut changed = card.clone();
        changed["recommendation"] = json!("strongYes");
        let (_, saved) = put_card(&app, &token, changed).await;
        assert_eq!(saved["scorecards"].as_array().map(Vec::len), Some(1));
        assert_eq!(saved["scorecards"][0]["recommendation"], "strongYes");

        // Interviewed → Shortlisted → Offer → Hired, by a person.
        for (from, to) in [
            ("interviewed", "shortlisted"),
            ("shortlisted", "offer"),
            ("offer", "hired"),
        ] {
            let (status, body) = move_to(
                &app,
                &token,
                json!({"candidates": [{"resumeId": dee, "fromStage": from}], "stage": to}),
            )
            .await;
            assert_eq!(status, 200, "{from} -> {to}: {body}");
        }
        let events = timeline(&app, &token, dee).await;
        let all = kinds(&events);
        for kind in [
            "scorecard",
            "analysisStored",
            "joined",
            "booked",
            "invited",
            "uploaded",
        ] {
            assert!(all.contains(&kind), "{kind} in {all:?}");
        }
        let scorecard = events
            .iter()
            .find(|e| e["kind"] == "scorecard")
            .expect("scorecard");
        assert!(
            scorecard["summary"]
                .as_str()
                .expect("summary")
                .starts_with("Scorecard: Strong yes"),
            "{scorecard}"
        );
        let (status, funnel) = app
            .get_with_token(&format!("/api/Pipeline/Funnel?jdId={}", s.jd), &token)
            .await;
        assert_eq!(status, 200, "{funnel}");
        let steps = funnel[0]["steps"].as_array().expect("steps");
        assert_eq!(steps.len(), 8);
        assert!(steps.iter().all(|st| st["reached"] == 1), "{funnel}");
        assert_eq!(steps[7]["current"], 1);
    })
    .await;
}

#[tokio::test]
async fn admins_manage_the_team_and_recruiters_cannot() {
    on_each_db(|app: TestApp| async move {
        let admin = app.token().await;
        let (status, team) = app
            .call(
                Method::POST,
                "/api/Team",
                &admin,
                Some(&json!({"email": " Rae@Example.com ", "fullName": "Rae Chen"})),
            )
            .await;
        assert_eq!(status, 200, "{team}");
        let rae = team
            .as_array()
            .expect("team")
            .iter()
            .find(|m| m["email"] == "rae@example.com")
            .cloned()
            .expect("rae");
        assert_eq!(rae["role"], "recruiter");
        let invitation = app.outbox_mails("rae@example.com");
        assert_eq!(invitation.len(), 1);
        assert!(decoded(&invitation[0]).contains("/login"));
        let (status, again) = app
            .call(Method::POST, "/api/Team", &admin, Some(&json!({"email": "rae@example.com", "fullName": "Rae"})))
            .await;
        assert_eq!((status, again["code"].clone()), (409, json!("recruiter_exists")));

        // Rae signs in with the same codes and works, but cannot manage the team or templates.
        let rae_token = app.sign_in_as("rae@example.com").await["token"]
            .as_str()
            .expect("token")
            .to_owned();
        let (status, me) = app.get_with_token("/api/auth/me", &rae_token).await;
        assert_eq!((status, me["role"].clone()), (200, json!("recruiter")));
        let (status, _) = app.get_with_token("/api/Team", &rae_token).await;
        assert_eq!(status, 200);
        let admin_id = app
            .get_with_token("/api/Team", &admin)
            .await
            .1
            .as_array()
            .expect("team")
            .iter()
            .find(|m| m["email"] == ADMIN_EMAIL)
            .and_then(|m| m["id"].as_i64())
            .expect("admin id");
        for (method, path, body) in [
            (Method::POST, "/api/Team".to_owned(), Some(json!({"email": "x@example.com", "fullName": "X"}))),
            (Method::DELETE, format!("/api/Team/{admin_id}"), None),
            (Method::PUT, format!("/api/Team/{admin_id}/Role"), Some(json!({"role": "recruiter"}))),
            (Method::PUT, "/api/Settings/EmailTemplates".to_owned(),
             Some(json!({"kind": "rejection", "subject": "s", "body": "b"}))),
        ] {
            let (status, answer) = app.call(method, &path, &rae_token, body.as_ref()).await;
            assert_eq!((status, answer["code"].clone()), (403, json!("forbidden")), "{path}");
        }
        for (method, path) in [
            (Method::GET, "/api/Team"),
            (Method::GET, "/api/Pipeline/Board?jdId=1"),
            (Method::POST, "/api/Pipeline/Move"),
            (Method::GET, "/api/Activity"),
            (Method::GET, "/api/Settings/EmailTemplates"),
        ] {
            let (status, _) = app.call(method, path, "not-a-token", None).await;
            assert_eq!(status, 401, "{path}");
        }

        // The last admin can be neither demoted nor removed; a second admin changes that.
        let (status, answer) = app
            .call(Method::PUT, &format!("/api/Team/{admin_id}/Role"), &admin, Some(&json!({"role": "recruiter"})))
            .await;
        assert_eq!((status, answer["code"].clone()), (409, json!("last_admin")));
        let (status, answer) = app
            .call(Method::DELETE, &format!("/api/Team/{admin_id}"), &admin, None)
            .await;
        assert_eq!((status, answer["code"].clone()), (409, json!("last_admin")));
        let rae_id = rae["id"].as_i64().expect("id");
        let (status, _) = app
            .call(Method::PUT, &format!("/api/Team/{rae_id}/Role"), &admin, Some(&json!({"role": "admin"})))
            .await;
        assert_eq!(status, 200);
        let (status, _) = app
            .call(Method::PUT, "/api/Settings/EmailTemplates", &rae_token,
                  Some(&json!({"kind": "rejection", "subject": "About {{jobTitle}}", "body": "Dear {{candidateName}}"})))
            .await;
        assert_eq!(status, 200, "an admin now");
        let (status, answer) = app
            .call(Method::PUT, "/api/Settings/EmailTemplates", &rae_token,
                  Some(&json!({"kind": "advance", "subject": "Hi", "body": "{{ salary }}"})))
            .await;
        assert_eq!((status, answer["code"].clone()), (400, json!("invalid_template")));
        let (_, templates) = app.get_with_token("/api/Settings/EmailTemplates", &admin).await;
        assert_eq!(templates[0]["subject"], "About {{jobTitle}}");
        assert_eq!(templates[0]["updatedBy"], "Rae Chen");
        assert_eq!(templates[1]["updatedAt"], Value::Null, "advance keeps the built-in text");

        // Removing a colleague ends their sessions at once.
        let (status, team) = app
            .call(Method::DELETE, &format!("/api/Team/{rae_id}"), &admin, None)
            .await;
        assert_eq!(status, 200);
        assert_eq!(team.as_array().map(Vec::len), Some(1));
        assert_eq!(app.get_with_token("/api/auth/me", &rae_token).await.0, 401);
        let (status, _) = app
            .call(Method::DELETE, "/api/Team/not-a-number", &admin, None)
            .await;
        assert_eq!(status, 404);
    })
    .await;
}
