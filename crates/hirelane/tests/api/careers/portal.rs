//! The candidate's own page: status, withdrawal, their data, erasure requests an admin decides.

use hirelane::auth::Role;

use super::*;

#[tokio::test]
async fn candidates_follow_withdraw_download_and_ask_for_erasure() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        apply(&app, "backend-engineer", &priya).await;
        analysed(&app, &token, jd).await;
        let secret = portal_token(&app, "priya@example.com");
        assert_eq!(
            app.call(
                Method::GET,
                "/api/Application/not-a-real-link-at-all1",
                "",
                None
            )
            .await
            .0,
            404
        );

        // Their data: data.json and the resume they sent, byte for byte.
        let response = app
            .client
            .get(app.url(&format!("/api/Application/{secret}/Data")))
            .send()
            .await
            .expect("data");
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "application/zip");
        let bytes = response.bytes().await.expect("zip");
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes.to_vec())).expect("a zip");
        let mut json_text = String::new();
        zip.by_name("data.json")
            .expect("data.json")
            .read_to_string(&mut json_text)
            .expect("text");
        let data: Value = serde_json::from_str(&json_text).expect("json");
        assert_eq!(data["email"], "priya@example.com");
        let candidacy = &data["candidacies"][0];
        assert_eq!(candidacy["job"], "Backend Engineer");
        assert_eq!(candidacy["source"], "applied");
        assert_eq!(candidacy["application"]["note"], "I can start in April.");
        assert!(
            candidacy["application"]["consentText"]
                .as_str()
                .is_some_and(|t| t.contains("An AI system screens applications"))
        );
        assert!(
            candidacy["atsAssessment"]["atsScore"].is_number(),
            "the data we hold includes the score"
        );
        assert!(
            candidacy["timeline"]
                .as_array()
                .is_some_and(|t| !t.is_empty())
        );
        let file = candidacy["resume"]["file"]
            .as_str()
            .expect("file name")
            .to_owned();
        let mut resume = Vec::new();
        zip.by_name(&file)
            .expect("the resume")
            .read_to_end(&mut resume)
            .expect("bytes");
        assert_eq!(resume, fixture("priya_chromium_2col.pdf"));

        // Withdrawing moves them to Withdrawn, as their own doing; it cannot be done twice.
        let (status, page) = app
            .call(
                Method::POST,
                &format!("/api/Application/{secret}/Withdraw"),
                "",
                None,
            )
            .await;
        assert_eq!(
            (status, page["status"].as_str()),
            (200, Some("withdrawn")),
            "{page}"
        );
        assert_eq!(page["canWithdraw"], false);
        let rows = candidates_of(&app, &token, jd).await;
        assert_eq!(rows[0]["stage"], "withdrawn");
        assert_eq!(
            rows[0]["stageReason"],
            "Withdrawn by the candidate from their application page."
        );
        let (status, _) = app
            .call(
                Method::POST,
                &format!("/api/Application/{secret}/Withdraw"),
                "",
                None,
            )
            .await;
        assert_eq!(status, 409);

        // Erasure: a request the team sees and an admin decides; asking twice is one request.
        let (status, page) = app
            .call(
                Method::POST,
                &format!("/api/Application/{secret}/Erasure"),
                "",
                None,
            )
            .await;
        assert_eq!(
            (status, page["erasureRequested"].as_bool()),
            (200, Some(true))
        );
        app.call(
            Method::POST,
            &format!("/api/Application/{secret}/Erasure"),
            "",
            None,
        )
        .await;
        let (_, requests) = app
            .call(Method::GET, "/api/Settings/ErasureRequests", &token, None)
            .await;
        assert_eq!(requests.as_array().map(Vec::len), Some(1), "{requests}");
        assert_eq!(requests[0]["email"], "priya@example.com");
        assert_eq!(requests[0]["state"], "pending");
        let id = requests[0]["id"].as_i64().expect("id");
        let (_, colleague) = app
            .add_and_sign_in("sam@example.com", "Sam Recruiter", Role::Recruiter)
            .await;
        let confirm = format!("/api/Settings/ErasureRequests/{id}/Confirm");
        assert_eq!(
            app.call(Method::POST, &confirm, &colleague, None).await.0,
            403,
            "admins decide"
        );
        let (status, confirmed) = app.call(Method::POST, &confirm, &token, None).await;
        assert_eq!(status, 200, "{confirmed}");
        assert_eq!(confirmed["candidates"], 1);
        assert_eq!(confirmed["request"]["state"], "erased");
        assert_eq!(
            confirmed["request"]["email"], "",
            "the request forgets whom it was about"
        );
        assert_eq!(confirmed["request"]["decidedBy"], "Admin User");
        assert!(candidates_of(&app, &token, jd).await.is_empty());
        assert_eq!(
            app.call(Method::GET, &format!("/api/Application/{secret}"), "", None)
                .await
                .0,
            404
        );
        assert_eq!(app.call(Method::POST, &confirm, &token, None).await.0, 409);

        // A declined request keeps the data, with the reason.
        let zoe = Applicant::new("Zoë Müller", "zoe@example.com", "zoe_fpdf.pdf");
        apply(&app, "backend-engineer", &zoe).await;
        let zoe_secret = portal_token(&app, "zoe@example.com");
        app.call(
            Method::POST,
            &format!("/api/Application/{zoe_secret}/Erasure"),
            "",
            None,
        )
        .await;
        let (_, requests) = app
            .call(Method::GET, "/api/Settings/ErasureRequests", &token, None)
            .await;
        let id = requests[0]["id"].as_i64().expect("id");
        let decline = format!("/api/Settings/ErasureRequests/{id}/Decline");
        let (status, _) = app
            .call(
                Method::POST,
                &decline,
                &token,
                Some(&json!({ "reason": " " })),
            )
            .await;
        assert_eq!(status, 400);
        let (status, declined) = app
            .call(
                Method::POST,
                &decline,
                &token,
                Some(&json!({ "reason": "A legal claim is open." })),
            )
            .await;
        assert_eq!(
            (status, declined["state"].as_str()),
            (200, Some("declined")),
            "{declined}"
        );
        assert_eq!(declined["email"], "zoe@example.com");
        assert_eq!(candidates_of(&app, &token, jd).await.len(), 1);
    })
    .await;
}
