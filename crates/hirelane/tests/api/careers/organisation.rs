//! The organisation's name an admin saves in Settings: it replaces the configuration's default
//! on the careers pages and in the e-mails candidates get, and only admins change it.

use super::*;

#[tokio::test]
async fn an_admins_organisation_name_is_what_candidates_read() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let (status, org) = app
            .get_with_token("/api/Settings/Organization", &token)
            .await;
        assert_eq!(status, 200, "{org}");
        assert_eq!(
            org,
            json!({"organizationName": "Hirelane", "defaultName": "Hirelane"})
        );
        assert!(
            get_text(&app, "/careers")
                .await
                .1
                .contains("Jobs at Hirelane")
        );

        // Refused with the form's words; nothing saved.
        for (name, words) in [
            ("  ", "Please enter the organisation's name."),
            (&*"A".repeat(101), "cannot exceed 100 characters"),
            ("Acme\nHealth", "one line"),
        ] {
            let (status, answer) = app
                .call(
                    Method::PUT,
                    "/api/Settings/Organization",
                    &token,
                    Some(&json!({"organizationName": name})),
                )
                .await;
            assert_eq!(
                (status, answer["code"].clone()),
                (400, json!("invalid_body")),
                "{answer}"
            );
            assert!(
                answer["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(words)),
                "{answer}"
            );
        }

        let (status, saved) = app
            .call(
                Method::PUT,
                "/api/Settings/Organization",
                &token,
                Some(&json!({"organizationName": " Acme Health "})),
            )
            .await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(
            saved,
            json!({"organizationName": "Acme Health", "defaultName": "Hirelane"})
        );

        // The careers pages and an applicant's receipt use it.
        let jobs = get_text(&app, "/careers").await.1;
        assert!(
            jobs.contains("<title>Jobs at Acme Health</title>"),
            "{jobs}"
        );
        let job = get_text(&app, "/careers/backend-engineer").await.1;
        assert!(
            job.contains("<title>Backend Engineer at Acme Health</title>"),
            "{job}"
        );
        assert_eq!(
            structured_data(&job)["hiringOrganization"]["name"],
            "Acme Health"
        );
        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        assert_eq!(apply(&app, "backend-engineer", &priya).await.0, 200);
        let receipt = mails(&app, "priya@example.com", "We received your application")
            .pop()
            .expect("receipt");
        assert!(
            receipt.contains("Backend Engineer at Acme Health"),
            "{receipt}"
        );

        // A recruiter reads it but cannot change it.
        app.call(
            Method::POST,
            "/api/Team",
            &token,
            Some(&json!({"email": "rae@example.com", "fullName": "Rae"})),
        )
        .await;
        let rae = app.sign_in_as("rae@example.com").await["token"]
            .as_str()
            .expect("token")
            .to_owned();
        let (status, read) = app.get_with_token("/api/Settings/Organization", &rae).await;
        assert_eq!(
            (status, read["organizationName"].clone()),
            (200, json!("Acme Health"))
        );
        let (status, answer) = app
            .call(
                Method::PUT,
                "/api/Settings/Organization",
                &rae,
                Some(&json!({"organizationName": "Rae Co"})),
            )
            .await;
        assert_eq!((status, answer["code"].clone()), (403, json!("forbidden")));
    })
    .await;
}
