//! Publishing a JD's page and applying to it: the HTML page with its structured data, the
//! job board API, consent, the honeypot, limits per client and address, hostile forms.

use super::*;

#[tokio::test]
async fn a_published_jd_has_a_public_page_search_engines_can_read() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = create_job(&app, &token, "Backend Engineer", true).await;
        let path = format!("/api/Careers/Posting?jdId={jd}");
        let (status, posting) = app.call(Method::GET, &path, &token, None).await;
        assert_eq!(status, 200, "{posting}");
        assert_eq!(posting["published"], false);
        assert_eq!(posting["slug"], "backend-engineer", "a suggestion from the title");
        assert_eq!(posting["url"], Value::Null);

        // Bad settings are refused, each with what to fix.
        for (body, message) in [
            (json!({ "jobDescId": jd, "published": true, "slug": "Bad Slug", "location": "Pune", "country": "IN" }),
             "The address may use lower-case letters, digits and single hyphens (3 to 80 characters)."),
            (json!({ "jobDescId": jd, "published": true, "country": "IN" }), "Please enter the job's location."),
            (json!({ "jobDescId": jd, "published": true, "location": "Pune", "country": "India" }),
             "Please choose the country (a two-letter code such as IN or DE)."),
        ] {
            let (status, answer) = app.call(Method::PUT, "/api/Careers/Posting", &token, Some(&body)).await;
            assert_eq!((status, answer["message"].as_str()), (400, Some(message)), "{body}");
        }
        let (status, posting) = publish(&app, &token, jd, true).await;
        assert_eq!(status, 200, "{posting}");
        assert_eq!(posting["published"], true);
        assert_eq!(posting["country"], "IN");
        assert!(posting["url"].as_str().is_some_and(|u| u.ends_with("/careers/backend-engineer")));
        assert_eq!(posting["publishedAt"], "2026-03-02T09:00:00Z");

        // Another JD cannot take the address; a JD of CSV lists cannot be published.
        let other = create_job(&app, &token, "Backend Engineer", true).await;
        let taken = json!({ "jobDescId": other, "published": true, "slug": "backend-engineer", "location": "Pune", "country": "IN" });
        let (status, answer) = app.call(Method::PUT, "/api/Careers/Posting", &token, Some(&taken)).await;
        assert_eq!((status, answer["code"].as_str()), (409, Some("slug_taken")), "{answer}");
        let (_, suggestion) = app.call(Method::GET, &format!("/api/Careers/Posting?jdId={other}"), &token, None).await;
        assert_eq!(suggestion["slug"], format!("backend-engineer-{other}"));
        let csv = create_job(&app, &token, "Warehouse staff", false).await;
        let (status, answer) = publish(&app, &token, csv, true).await;
        assert_eq!(status, 400, "{answer}");

        // The list and the job's page, with what link previews and search engines read.
        let (status, list) = get_text(&app, "/careers").await;
        assert_eq!(status, 200);
        assert!(list.contains("<a href=\"/careers/backend-engineer\">Backend Engineer</a>"), "{list}");
        let (status, page) = get_text(&app, "/careers/backend-engineer").await;
        assert_eq!(status, 200);
        assert!(page.contains("<title>Backend Engineer at Hirelane</title>"));
        assert!(page.contains("<meta property=\"og:title\" content=\"Backend Engineer at Hirelane\">"));
        assert!(page.contains("<meta name=\"description\" content=\"Build services in Python and Go"));
        assert!(page.contains("name=\"consent\""), "the application form");
        assert!(page.contains("An AI system screens applications"), "the AI notice before submitting");
        let data = structured_data(&page);
        assert_eq!(data["@context"], "https://schema.org/");
        assert_eq!(data["@type"], "JobPosting");
        assert_eq!(data["title"], "Backend Engineer");
        assert!(data["description"].as_str().is_some_and(|d| d.contains("<strong>Python</strong>")));
        assert_eq!(data["datePosted"], "2026-03-02");
        assert_eq!(data["validThrough"], "2026-03-31T23:59:59Z");
        assert_eq!(data["hiringOrganization"]["@type"], "Organization");
        assert_eq!(data["hiringOrganization"]["name"], "Hirelane");
        assert_eq!(data["jobLocation"]["address"]["addressLocality"], "Pune");
        assert_eq!(data["jobLocation"]["address"]["addressCountry"], "IN");
        assert_eq!(data["employmentType"], "FULL_TIME");
        let (_, jobs) = app.call(Method::GET, "/api/Careers/Jobs", "", None).await;
        assert_eq!(jobs.as_array().map(Vec::len), Some(1), "{jobs}");
        assert_eq!(jobs[0]["slug"], "backend-engineer");

        // Unpublished, the page is the app's not-found page; republished, it keeps its address
        // and first publication date.
        publish(&app, &token, jd, false).await;
        let (status, page) = get_text(&app, "/careers/backend-engineer").await;
        assert_eq!(status, 404);
        assert!(page.contains("<h1>This job is not open</h1>"), "{page}");
        assert!(page.contains("<a href=\"/careers\">See the open jobs</a>"), "{page}");
        app.advance(jiff::SignedDuration::from_mins(20));
        let (_, posting) = publish(&app, &token, jd, true).await;
        assert_eq!(posting["publishedAt"], "2026-03-02T09:00:00Z");
        assert_eq!(get_text(&app, "/careers/no-such-job").await.0, 404);

        // After the apply-last date the page says the job is closed and takes no application.
        set_clock(&app, "2026-04-01T09:00:00Z");
        let token = app.token().await;
        let (status, page) = get_text(&app, "/careers/backend-engineer").await;
        assert_eq!(status, 200);
        assert!(page.contains("This job is closed: applications ended on 31 March 2026."), "{page}");
        assert!(!page.contains("name=\"consent\""));
        assert!(!get_text(&app, "/careers").await.1.contains("/careers/backend-engineer"));
        let priya = Applicant::new("Priya Sharma", "priya@example.com", "priya_chromium_2col.pdf");
        let (status, answer) = apply(&app, "backend-engineer", &priya).await;
        assert_eq!((status, answer["code"].as_str()), (409, Some("applications_closed")));
        assert!(candidates_of(&app, &token, jd).await.is_empty());

        // A JD in the bin has no page.
        set_clock(&app, "2026-03-05T09:00:00Z");
        let token = app.token().await;
        let (status, _) = app
            .call(Method::DELETE, &format!("/api/Drive/DeleteJD?id={jd}&reason=filled"), &token, None)
            .await;
        assert_eq!(status, 200);
        assert_eq!(get_text(&app, "/careers/backend-engineer").await.0, 404);
    })
    .await;
}

#[tokio::test]
async fn applicants_enter_the_jd_with_their_consent_and_nothing_bad_is_stored() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let slug = "backend-engineer";

        // What is refused stores nothing.
        let mut no_consent = Applicant::new(
            "Priya Sharma",
            "priya.s@example.com",
            "priya_chromium_2col.pdf",
        );
        no_consent.consent = false;
        let (status, answer) = apply(&app, slug, &no_consent).await;
        assert_eq!(
            (status, answer["code"].as_str()),
            (400, Some("consent_required")),
            "{answer}"
        );
        let not_a_pdf = Applicant::new("Priya Sharma", "priya.s@example.com", "photo.png");
        let (status, answer) = apply(&app, slug, &not_a_pdf).await;
        assert_eq!(status, 400, "{answer}");
        let no_address = Applicant::new(
            "Priya Sharma",
            "priya at example",
            "priya_chromium_2col.pdf",
        );
        let (status, answer) = apply(&app, slug, &no_address).await;
        assert_eq!(
            answer["message"], "Please enter a valid e-mail address.",
            "{status}"
        );
        let damaged = Applicant::new("Priya Sharma", "priya.s@example.com", "truncated.pdf");
        let (status, answer) = apply(&app, slug, &damaged).await;
        assert_eq!(
            status, 200,
            "a damaged file is taken in and held for review: {answer}"
        );
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows[0]["analysisStatus"], "unreadable");
        let (status, _) = app
            .call(
                Method::GET,
                &format!(
                    "/api/Drive/DeleteResume?resumeFileId={}",
                    rows[0]["resumeFileId"].as_str().expect("file")
                ),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200);
        // A bot filling the honeypot is answered like anyone, and nothing is stored.
        let mut bot = Applicant::new("Buy Now", "bot@spam.example", "priya_chromium_2col.pdf");
        bot.honeypot = "https://spam.example";
        let (status, answer) = apply(&app, slug, &bot).await;
        assert_eq!((status, answer["status"].as_str()), (200, Some("received")));
        assert!(candidates_of(&app, &token, jd).await.is_empty());
        assert!(app.outbox_mails("bot@spam.example").is_empty());

        // A real application: the contacts are what the applicant typed.
        let priya = Applicant::new(
            "Priya S. Sharma",
            "Priya.Applicant@Example.com",
            "priya_chromium_2col.pdf",
        );
        let (status, answer) = apply(&app, slug, &priya).await;
        assert_eq!(
            (status, answer["status"].as_str()),
            (200, Some("received")),
            "{answer}"
        );
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!(row["source"], "applied");
        assert_eq!(row["candidateName"], "Priya S. Sharma");
        assert_eq!(row["candidateEmail"], "priya.applicant@example.com");
        // Typed "+91 98765 43210": stored as E.164, like numbers read from resumes.
        assert_eq!(row["candidatePhone"], "+919876543210");
        assert_eq!(row["nameConfidence"], 1.0);
        assert_eq!(row["stage"], "screened", "analysed like any upload");
        assert_eq!(row["recommendation"], "Pass");
        let id = row["resumeId"].as_i64().expect("id");
        let (_, details) = app
            .call(
                Method::GET,
                &format!("/api/Interview/ResumeDetails?resumeId={id}"),
                &token,
                None,
            )
            .await;
        let application = &details[0]["application"];
        assert_eq!(application["note"], "I can start in April.");
        assert_eq!(application["timesApplied"], 1);
        assert_eq!(application["consentedAt"], "2026-03-02T09:00:00Z");
        assert!(
            application["consentVersion"]
                .as_str()
                .is_some_and(|v| v.len() == 12)
        );
        let (_, source_filter) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetAllCandidates?jdId={jd}&source=applied"),
                &token,
                None,
            )
            .await;
        assert_eq!(source_filter.as_array().map(Vec::len), Some(1));
        let (_, uploaded_only) = app
            .call(
                Method::GET,
                &format!("/api/Drive/GetAllCandidates?jdId={jd}&source=uploaded"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            uploaded_only.as_array().map(Vec::len),
            Some(0),
            "{uploaded_only}"
        );
        let (_, funnel) = app
            .call(
                Method::GET,
                &format!("/api/Pipeline/Funnel?jdId={jd}"),
                &token,
                None,
            )
            .await;
        assert_eq!(
            funnel[0]["sources"],
            json!({ "applied": 1, "uploaded": 0, "csv": 0 })
        );
        let (_, activity) = app
            .call(
                Method::GET,
                &format!("/api/Activity?resumeId={id}"),
                &token,
                None,
            )
            .await;
        let applied = activity["events"]
            .as_array()
            .and_then(|e| e.iter().find(|e| e["kind"] == "uploaded"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(applied["actor"]["kind"], "candidate", "{activity}");
        assert_eq!(
            applied["summary"],
            "Applied on the job page with priya_chromium_2col.pdf"
        );

        // The receipt links the candidate's own page, which never shows a score.
        let receipt = mails(
            &app,
            "priya.applicant@example.com",
            "We received your application",
        );
        assert_eq!(receipt.len(), 1);
        let token_of_page = portal_token(&app, "priya.applicant@example.com");
        let (status, page) = app
            .call(
                Method::GET,
                &format!("/api/Application/{token_of_page}"),
                "",
                None,
            )
            .await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["status"], "inReview");
        assert_eq!(page["jobTitle"], "Backend Engineer");
        assert!(!page.to_string().to_lowercase().contains("score"), "{page}");

        // Applying again from the same address replaces the resume only once confirmed.
        let again = Applicant::new(
            "Priya Sharma",
            "priya.applicant@example.com",
            "zoe_fpdf.pdf",
        );
        let (status, answer) = apply(&app, slug, &again).await;
        assert_eq!(
            (status, answer["status"].as_str()),
            (200, Some("confirmationSent")),
            "{answer}"
        );
        // Words that hold whether the address applied before or a recruiter added it.
        assert!(
            answer["message"]
                .as_str()
                .is_some_and(|m| m.starts_with("This e-mail address is already on record")),
            "{answer}"
        );
        assert_eq!(
            candidates_of(&app, &token, jd).await[0]["fileName"],
            "priya_chromium_2col.pdf"
        );
        let confirm = mails(
            &app,
            "priya.applicant@example.com",
            "Confirm your updated application",
        )
        .pop()
        .expect("confirmation mail");
        let at = confirm
            .find("/careers/backend-engineer/confirm/")
            .expect("link")
            + "/careers/backend-engineer/confirm/".len();
        let secret: String = confirm[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
            .collect();
        let (status, page) =
            get_text(&app, &format!("/careers/backend-engineer/confirm/{secret}")).await;
        assert_eq!(status, 200);
        assert!(page.contains("zoe_fpdf.pdf"));
        let confirm_path = format!("/api/Careers/Jobs/backend-engineer/Confirm/{secret}");
        let (status, _) = app.call(Method::POST, &confirm_path, "", None).await;
        assert_eq!(status, 200);
        let rows = analysed(&app, &token, jd).await;
        assert_eq!(rows.len(), 1, "one candidate, updated");
        assert_eq!(rows[0]["fileName"], "zoe_fpdf.pdf");
        assert_eq!(rows[0]["candidateName"], "Priya Sharma");
        let (_, details) = app
            .call(
                Method::GET,
                &format!("/api/Interview/ResumeDetails?resumeId={id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(details[0]["application"]["timesApplied"], 2);
        let (status, _) = app.call(Method::POST, &confirm_path, "", None).await;
        assert_eq!(status, 404, "a confirmation link works once");
    })
    .await;
}

#[tokio::test]
async fn the_job_page_form_applies_without_any_script() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let mut hostile = Applicant::new("<script>alert(1)</script>", "mia@example.com", "priya_chromium_2col.pdf");
        hostile.consent = false;
        let response = app
            .client
            .post(app.url("/careers/backend-engineer"))
            .multipart(hostile.form())
            .send()
            .await
            .expect("post");
        assert_eq!(response.status().as_u16(), 400);
        let page = response.text().await.expect("page");
        assert!(page.contains("<p class=\"alert\" role=\"alert\" id=\"apply-error\" tabindex=\"-1\">Please agree to the privacy notice to apply.</p>"));
        assert!(page.contains("value=\"mia@example.com\""), "the values sent are kept");
        assert!(page.contains("&#60;script&#62;alert(1)&#60;/script&#62;"));
        assert!(!page.contains("<script>alert(1)"));
        assert!(candidates_of(&app, &token, jd).await.is_empty());

        let mia = Applicant::new("Mia Wong", "mia@example.com", "priya_chromium_2col.pdf");
        let response = app
            .client
            .post(app.url("/careers/backend-engineer"))
            .multipart(mia.form())
            .send()
            .await
            .expect("post");
        assert_eq!(response.status().as_u16(), 303, "sent on, so a reload cannot apply twice");
        assert_eq!(response.headers()["location"], "/careers/backend-engineer/applied#main");
        let (status, page) = get_text(&app, "/careers/backend-engineer/applied").await;
        assert_eq!(status, 200);
        assert!(page.contains("Thank you for applying"));
        assert_eq!(candidates_of(&app, &token, jd).await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn applications_are_limited_per_client_and_per_address() {
    on_each_db_configured(
        |settings| {
            settings.careers.applications_per_ip_per_hour = 3;
            settings.careers.applications_per_email_per_day = 2;
        },
        |app: TestApp| async move {
            let token = app.token().await;
            published_job(&app, &token).await;
            let slug = "backend-engineer";
            let ana = Applicant::new("Ana Lima", "ana@example.com", "priya_chromium_2col.pdf");
            assert_eq!(apply(&app, slug, &ana).await.0, 200);
            assert_eq!(
                apply(&app, slug, &ana).await.0,
                200,
                "a second one waits for confirmation"
            );
            let (status, answer) = apply(&app, slug, &ana).await;
            assert_eq!(
                (status, answer["code"].as_str()),
                (429, Some("rate_limited")),
                "{answer}"
            );
            assert_eq!(
                answer["message"],
                "Too many applications were sent with this e-mail address today. Please try again tomorrow."
            );
            let bo = Applicant::new("Bo Chen", "bo@example.com", "zoe_fpdf.pdf");
            let (status, answer) = apply(&app, slug, &bo).await;
            assert_eq!(
                status, 429,
                "the fourth request from one client this hour was Ana's third"
            );
            assert_eq!(
                answer["message"],
                "Too many applications were sent from here. Please try again later."
            );
            app.advance(jiff::SignedDuration::from_hours(1));
            assert_eq!(apply(&app, slug, &bo).await.0, 200);
        },
    )
    .await;
}

#[tokio::test]
async fn hostile_application_forms_are_refused_and_store_nothing() {
    on_each_db_configured(
        |settings| settings.uploads.max_file_mb = 1,
        |app: TestApp| async move {
            let token = app.token().await;
            let jd = published_job(&app, &token).await;
            let send = |form: Form| {
                app.client
                    .post(app.url("/api/Careers/Jobs/backend-engineer/Apply"))
                    .multipart(form)
                    .send()
            };
            let many = (0..30).fold(Form::new(), |form, n| form.text(format!("f{n}"), "x"));
            let response = send(many).await.expect("sent");
            assert_eq!(response.status(), 400);
            let body: Value = response.json().await.expect("json");
            assert_eq!(body["message"], "The form has too many fields.");

            let long_note =
                Applicant::new("Ana Lima", "ana@example.com", "priya_chromium_2col.pdf")
                    .form()
                    .text("note", "x".repeat(20_000));
            let response = send(long_note).await.expect("sent");
            assert_eq!(response.status(), 400);
            let body: Value = response.json().await.expect("json");
            assert_eq!(body["message"], "A field of the form is too long.");

            let mut huge = b"%PDF-1.7\n".to_vec();
            huge.resize(2 * 1024 * 1024, b' ');
            let oversized = Form::new()
                .text("fullName", "Ana Lima")
                .text("email", "ana@example.com")
                .text("phone", "+91 98765 43210")
                .text("consent", "on")
                .part("resume", Part::bytes(huge).file_name("cv.pdf"));
            let response = send(oversized).await.expect("sent");
            assert_eq!(response.status(), 413);

            assert!(candidates_of(&app, &token, jd).await.is_empty());
            assert!(app.outbox_mails("ana@example.com").is_empty());
        },
    )
    .await;
}
