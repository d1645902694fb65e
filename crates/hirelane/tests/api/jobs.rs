//! Job descriptions: the spec's /Drive calls, validation, sanitising, the bin and the purge.

use jiff::SignedDuration;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, on_each_db};

fn create_payload() -> Value {
    json!({
        "jobDescId": 0,
        "jdid": "",
        "jdname": "Senior Rust Engineer",
        "jddescription": "<h1 class=\"ql-align-center\">About</h1><p>Build <strong>APIs</strong><script>alert(1)</script></p><p><a href=\"javascript:alert(1)\">x</a></p>",
        "keySkills": "Rust, PostgreSQL, Kubernetes",
        "experience": "5+ years\nLed a team",
        "resumeRequired": true,
        "applyLastDate": "2026-04-30",
        "additionalNotes": "Remote friendly\nEU time zones",
        "createdOn": "2026-03-02T09:00:00.000Z"
    })
}

async fn create(app: &TestApp, token: &str, payload: &Value) -> Value {
    let (status, body) = app
        .call(
            Method::POST,
            "/api/Drive/CreateJobFolder",
            token,
            Some(payload),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn create_list_get_edit_delete_restore() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let created = create(&app, &token, &create_payload()).await;
        assert_eq!(created["message"], "Job Description created successfully!");
        let id = created["jobDescId"].as_i64().expect("id");
        let jdid = created["jdid"].as_str().expect("jdid").to_owned();

        let (status, folders) = app
            .call(Method::GET, "/api/Drive/JDFolders", &token, None)
            .await;
        assert_eq!(status, 200);
        let folder = &folders[0];
        assert_eq!(folder["jdid"], jdid.as_str());
        assert_eq!(folder["jobDescId"], id);
        assert_eq!(folder["jdname"], "Senior Rust Engineer");
        assert_eq!(folder["numberOfResumes"], 0);
        assert_eq!(folder["resumesAnalyzed"], 0);
        assert_eq!(folder["createdOn"], "2026-03-02T09:00:00Z");

        // Either id names the JD, under any casing of the parameter.
        for query in [
            format!("jdID={id}"),
            format!("JdID={jdid}"),
            format!("jdId={jdid}"),
        ] {
            let (status, detail) = app
                .call(
                    Method::GET,
                    &format!("/api/Drive/GetJDByID?{query}"),
                    &token,
                    None,
                )
                .await;
            assert_eq!(status, 200, "{query}: {detail}");
            assert_eq!(detail["jobDescId"], id);
            assert_eq!(detail["applyLastDate"], "2026-04-30");
            assert_eq!(detail["resumeRequired"], true);
            assert_eq!(detail["experience"], "5+ years\nLed a team");
            let html = detail["jddescription"].as_str().expect("html");
            assert!(
                html.contains("<h1 class=\"ql-align-center\">About</h1>"),
                "{html}"
            );
            assert!(
                !html.contains("script") && !html.contains("javascript"),
                "{html}"
            );
        }

        // The spec's edit payload: PascalCase, no date (keeps the stored one), resumeRequired ignored.
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/EditJDFolder",
                &token,
                Some(&json!({
                    "JobDescId": id, "Jdid": jdid, "Jdname": "Staff Rust Engineer",
                    "Jddescription": "<p onmouseover=\"x()\">Lead</p>", "KeySkills": "Rust",
                    "AdditionalNotes": "", "Experience": "8 years", "applyLastDate": "",
                    "CreatedOn": "", "resumeRequired": false
                })),
            )
            .await;
        assert_eq!(
            (status, &body["message"]),
            (200, &json!("JD updated successfully!")),
            "{body}"
        );
        let (_, detail) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetJDByID?jdID={id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(detail["jdname"], "Staff Rust Engineer");
        assert_eq!(detail["jddescription"], "<p>Lead</p>");
        assert_eq!(
            detail["applyLastDate"], "2026-04-30",
            "an empty date keeps the stored one"
        );
        assert_eq!(
            detail["resumeRequired"], true,
            "Resume Required cannot change"
        );

        // Delete with a reason: gone from the folders, visible in the bin.
        app.advance(SignedDuration::from_mins(20));
        let (status, body) = app
            .call(
                Method::DELETE,
                &format!("/api/Drive/DeleteJD?id={id}&reason=Position%20filled"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            (status, &body["message"]),
            (200, &json!("JD deleted successfully."))
        );
        let (_, folders) = app
            .call(Method::GET, "/api/Drive/JDFolders", &token, None)
            .await;
        assert_eq!(folders, json!([]));
        let (status, detail) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetJDByID?jdID={id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            (status, &detail["message"]),
            (404, &json!("Invalid JD ID."))
        );
        let (_, bin) = app.call(Method::GET, "/api/Drive/Bin", &token, None).await;
        assert_eq!(bin[0]["jobDescId"], id);
        assert_eq!(bin[0]["deleteReason"], "Position filled");
        assert_eq!(bin[0]["deletedBy"], "Admin User");
        assert_eq!(bin[0]["deletedAt"], "2026-03-02T09:20:00Z");
        assert_eq!(bin[0]["purgeAt"], "2026-04-01T09:20:00Z");
        assert_eq!(bin[0]["daysLeft"], 30);

        let (status, body) = app
            .call(
                Method::POST,
                &format!("/api/Drive/RestoreJD?id={jdid}"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            (status, &body["message"]),
            (200, &json!("JD restored successfully."))
        );
        let (_, folders) = app
            .call(Method::GET, "/api/Drive/JDFolders", &token, None)
            .await;
        assert_eq!(folders[0]["jdname"], "Staff Rust Engineer");
        let (_, bin) = app.call(Method::GET, "/api/Drive/Bin", &token, None).await;
        assert_eq!(bin, json!([]));
    })
    .await;
}

#[tokio::test]
async fn delete_reason_may_come_in_the_body() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let id = create(&app, &token, &create_payload()).await["jobDescId"].clone();
        // A reason too long is refused wherever it is, even beside a short one in the query.
        let (status, body) = app
            .call(
                Method::DELETE,
                &format!("/api/Drive/DeleteJD?id={id}&reason=short"),
                &token,
                Some(&json!({ "reason": "x".repeat(2001) })),
            )
            .await;
        assert_eq!(
            (status, &body["message"]),
            (400, &json!("The reason cannot exceed 2000 characters."))
        );
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/Drive/DeleteJD?id={id}"),
                &token,
                Some(&json!({ "Reason": "Budget cut" })),
            )
            .await;
        assert_eq!(status, 200);
        let (_, bin) = app.call(Method::GET, "/api/Drive/Bin", &token, None).await;
        assert_eq!(bin[0]["deleteReason"], "Budget cut");
        let (status, body) = app
            .call(
                Method::DELETE,
                &format!("/api/Drive/DeleteJD?id={id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            (status, &body["message"]),
            (404, &json!("Invalid JD ID.")),
            "already in the bin"
        );
    })
    .await;
}

#[tokio::test]
async fn the_bin_is_purged_after_thirty_days() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let old = create(&app, &token, &create_payload()).await["jobDescId"].clone();
        let recent = create(&app, &token, &create_payload()).await["jobDescId"].clone();
        app.call(
            Method::DELETE,
            &format!("/api/Drive/DeleteJD?id={old}&reason=a"),
            &token,
            None,
        )
        .await;
        app.advance(SignedDuration::from_hours(24 * 10));
        let token = app.token().await;
        let (status, _) = app
            .call(
                Method::DELETE,
                &format!("/api/Drive/DeleteJD?id={recent}&reason=b"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200);
        app.advance(SignedDuration::from_hours(24 * 20) - SignedDuration::from_secs(1));
        assert_eq!(
            hirelane::jobs::purge_bin(&app.state).await.expect("purge"),
            0,
            "29d 23h 59m 59s: kept"
        );
        app.advance(SignedDuration::from_secs(1));
        assert_eq!(
            hirelane::jobs::purge_bin(&app.state).await.expect("purge"),
            1
        );
        assert_eq!(
            hirelane::jobs::purge_bin(&app.state).await.expect("purge"),
            0,
            "purged once"
        );
        let token = app.token().await;
        let (_, bin) = app.call(Method::GET, "/api/Drive/Bin", &token, None).await;
        assert_eq!(bin.as_array().map(Vec::len), Some(1));
        assert_eq!(bin[0]["jobDescId"], recent);
        assert_eq!(bin[0]["daysLeft"], 10);
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/Drive/RestoreJD?id={old}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404, "a purged JD cannot come back");
    })
    .await;
}

#[tokio::test]
async fn create_validation_uses_the_spec_messages() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let cases = [
            ("jdname", json!("  "), "Title is required."),
            (
                "keySkills",
                json!("Rust, ,"),
                "Please enter at least 3 comma-separated skills.",
            ),
            ("experience", json!(""), "Experience is required."),
            (
                "additionalNotes",
                json!("x".repeat(301)),
                "Additional notes cannot exceed 300 characters.",
            ),
            (
                "applyLastDate",
                json!("2026-03-01"),
                "Application last date cannot be in the past.",
            ),
        ];
        for (field, value, message) in cases {
            let mut payload = create_payload();
            payload[field] = value;
            let (status, body) = app
                .call(
                    Method::POST,
                    "/api/Drive/CreateJobFolder",
                    &token,
                    Some(&payload),
                )
                .await;
            assert_eq!(status, 400, "{field}");
            assert_eq!(body["message"], message);
            assert_eq!(body["field"], field);
        }
        let (_, folders) = app
            .call(Method::GET, "/api/Drive/JDFolders", &token, None)
            .await;
        assert_eq!(folders, json!([]), "nothing half-written");
        // Today is allowed; no date is allowed.
        let mut payload = create_payload();
        payload["applyLastDate"] = json!("2026-03-02");
        create(&app, &token, &payload).await;
        payload["applyLastDate"] = Value::Null;
        payload["resumeRequired"] = json!(false);
        let created = create(&app, &token, &payload).await;
        let (_, detail) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetJDByID?jdID={}", created["jobDescId"]),
                &token,
                None,
            )
            .await;
        assert_eq!(detail["applyLastDate"], Value::Null);
        assert_eq!(detail["resumeRequired"], false);
    })
    .await;
}

#[tokio::test]
async fn bad_ids_get_invalid_jd_id() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        for path in [
            "/api/Drive/GetJDByID",
            "/api/Drive/GetJDByID?jdID=",
            "/api/Drive/GetJDByID?jdID=9999",
            "/api/Drive/GetJDByID?jdID=jd-nope",
        ] {
            let (status, body) = app.call(Method::GET, path, &token, None).await;
            assert!(status == 400 || status == 404, "{path}: {status}");
            assert_eq!(body["message"], "Invalid JD ID.", "{path}");
        }
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/EditJDFolder",
                &token,
                Some(&json!({ "JobDescId": 77, "Jdname": "x" })),
            )
            .await;
        assert_eq!((status, &body["message"]), (404, &json!("Invalid JD ID.")));
        let id = create(&app, &token, &create_payload()).await["jobDescId"].clone();
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/EditJDFolder",
                &token,
                Some(&json!({ "JobDescId": id, "Jdname": " " })),
            )
            .await;
        assert_eq!(
            (status, &body["message"]),
            (400, &json!("JD Name is required."))
        );
        // A named folder (the create page's ?folder=) is used when free, refused when taken.
        let mut payload = create_payload();
        payload["jdid"] = json!("hiring-2026");
        let created = create(&app, &token, &payload).await;
        assert_eq!(created["jdid"], "hiring-2026");
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/CreateJobFolder",
                &token,
                Some(&payload),
            )
            .await;
        assert_eq!((status, body["code"].as_str()), (409, Some("folder_taken")));
        payload["jdid"] = json!("bad folder/..");
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Drive/CreateJobFolder",
                &token,
                Some(&payload),
            )
            .await;
        assert_eq!((status, &body["message"]), (400, &json!("Invalid JD ID.")));
    })
    .await;
}
