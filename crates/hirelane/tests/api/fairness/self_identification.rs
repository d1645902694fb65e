//! Voluntary self-identification: given while applying, changed and deleted from the candidate's
//! own page, refused outside the deployment's categories (with nothing stored), gone with an
//! erasure, and never in anything a recruiter can read.

use reqwest::Method;
use serde_json::{Value, json};
use utoipa::openapi::RefOr;
use utoipa::openapi::path::ParameterIn;

use crate::candidates::analysed;
use crate::careers::{Applicant, apply, candidates_of, portal_token, published_job};
use crate::helpers::{TestApp, on_each_db, on_each_db_configured};

const SLUG: &str = "backend-engineer";

fn priya() -> Applicant<'static> {
    Applicant::new(
        "Priya Sharma",
        "priya@example.com",
        "priya_chromium_2col.pdf",
    )
}

async fn stored_rows(app: &TestApp) -> i64 {
    hirelane::fetch_scalar!(
        &app.state.db,
        fetch_one,
        "SELECT COUNT(*) FROM self_identifications"
    )
    .expect("count")
}

#[tokio::test]
async fn a_candidate_answers_while_applying_then_changes_and_deletes_it() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let form = priya().answering(&[("sex", "female"), ("race", "asian")]);
        assert_eq!(apply(&app, SLUG, &form).await.0, 200);
        let page = format!(
            "/api/Application/{}/SelfIdentification",
            portal_token(&app, "priya@example.com")
        );

        let (status, body) = app.call(Method::GET, &page, "", None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["enabled"], true);
        assert_eq!(body["answers"], json!({"sex": "female", "race": "asian"}));
        let keys: Vec<&str> = body["questions"]
            .as_array()
            .expect("questions")
            .iter()
            .filter_map(|q| q["key"].as_str())
            .collect();
        assert_eq!(keys, ["sex", "race"]);
        let last_sex_option = body["questions"][0]["options"]
            .as_array()
            .and_then(|o| o.last())
            .cloned()
            .unwrap_or(Value::Null);
        assert_eq!(last_sex_option["label"], "I prefer not to say");

        let (status, body) = app
            .call(
                Method::PUT,
                &page,
                "",
                Some(&json!({"sex": "declined", "race": "two_or_more"})),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["answers"],
            json!({"sex": "declined", "race": "two_or_more"})
        );

        // A code outside the set changes nothing.
        let (status, body) = app
            .call(Method::PUT, &page, "", Some(&json!({"sex": "robot"})))
            .await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("validation")),
            "{body}"
        );
        let (_, body) = app.call(Method::GET, &page, "", None).await;
        assert_eq!(
            body["answers"],
            json!({"sex": "declined", "race": "two_or_more"})
        );

        let (status, body) = app.call(Method::DELETE, &page, "", None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["answers"], json!({"sex": null, "race": null}));
        assert_eq!(stored_rows(&app).await, 0);
    })
    .await;
}

#[tokio::test]
async fn an_answer_outside_the_categories_refuses_the_application_and_stores_nothing() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let form = priya().answering(&[("race", "martian")]);
        let (status, body) = apply(&app, SLUG, &form).await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("validation")),
            "{body}"
        );
        assert!(candidates_of(&app, &token, jd).await.is_empty());
        assert_eq!(stored_rows(&app).await, 0);
    })
    .await;
}

#[tokio::test]
async fn with_self_identification_off_nothing_is_asked_or_taken() {
    on_each_db_configured(
        |settings| {
            settings.fairness.self_identification = hirelane::config::CategoryChoice::Off;
        },
        |app: TestApp| async move {
            let token = app.token().await;
            published_job(&app, &token).await;
            let (status, html) = crate::careers::get_text(&app, &format!("/careers/{SLUG}")).await;
            assert_eq!(status, 200);
            assert!(
                !html.contains("self-identification"),
                "no questions on the page"
            );
            let form = priya().answering(&[("sex", "female")]);
            assert_eq!(apply(&app, SLUG, &form).await.0, 400, "answers are refused");
            assert_eq!(apply(&app, SLUG, &priya()).await.0, 200);
            let page = format!(
                "/api/Application/{}/SelfIdentification",
                portal_token(&app, "priya@example.com")
            );
            let (status, body) = app.call(Method::GET, &page, "", None).await;
            assert_eq!(status, 200);
            assert_eq!(body["enabled"], false);
            assert_eq!(body["questions"], json!([]));
            let (status, _) = app
                .call(Method::GET, "/api/Reports/BiasAudit", &token, None)
                .await;
            assert_eq!(status, 404, "nothing to audit by");
        },
    )
    .await;
}

#[tokio::test]
async fn a_uk_employer_asks_the_census_ethnic_groups() {
    on_each_db_configured(
        |settings| {
            settings.fairness.self_identification = hirelane::config::CategoryChoice::UkOns;
        },
        |app: TestApp| async move {
            let token = app.token().await;
            published_job(&app, &token).await;
            let (_, html) = crate::careers::get_text(&app, &format!("/careers/{SLUG}")).await;
            assert!(html.contains("Ethnic group"), "{html}");
            assert!(html.contains("Mixed or Multiple ethnic groups"));
            // A US category is not one of the set's.
            let us = priya().answering(&[("race", "hispanic_latino")]);
            assert_eq!(apply(&app, SLUG, &us).await.0, 400);
            let form = priya().answering(&[("sex", "non_binary"), ("race", "ons_white")]);
            assert_eq!(apply(&app, SLUG, &form).await.0, 200);
            let page = format!(
                "/api/Application/{}/SelfIdentification",
                portal_token(&app, "priya@example.com")
            );
            let (_, body) = app.call(Method::GET, &page, "", None).await;
            assert_eq!(
                body["answers"],
                json!({"sex": "non_binary", "race": "ons_white"})
            );
            assert_eq!(body["questions"][1]["label"], "Ethnic group");
            let (status, audit) = app
                .call(Method::GET, "/api/Reports/BiasAudit", &token, None)
                .await;
            assert_eq!(status, 200, "{audit}");
            assert_eq!(audit["categorySet"], "uk-ons");
        },
    )
    .await;
}

#[tokio::test]
async fn erasure_removes_the_answers() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let form = priya().answering(&[("sex", "female")]);
        assert_eq!(apply(&app, SLUG, &form).await.0, 200);
        assert_eq!(stored_rows(&app).await, 1);
        hirelane::candidates::erase::erase(&app.state, "priya@example.com", "a test")
            .await
            .expect("erased");
        assert_eq!(stored_rows(&app).await, 0);
    })
    .await;
}

/// Every documented GET a recruiter can call, with the ids of a real candidate, JD and call
/// in its path and query: none answers with a self-identification field or value.
#[tokio::test]
async fn no_recruiter_facing_answer_carries_self_identification() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let form = priya().answering(&[("sex", "female"), ("race", "two_or_more")]);
        assert_eq!(apply(&app, SLUG, &form).await.0, 200);
        let candidate = analysed(&app, &token, jd).await.remove(0);
        let resume_id = candidate["resumeId"]
            .as_i64()
            .expect("resume id")
            .to_string();
        let jd = jd.to_string();
        let doc = hirelane::app::openapi();
        let mut read = 0;
        for (path, item) in doc.paths.paths.iter() {
            let Some(op) = &item.get else { continue };
            if op.security.as_ref().is_none_or(|s| s.is_empty()) {
                continue;
            }
            // `GET /Drive/DeleteResume` is the spec's: reading it would delete the candidate.
            if path.contains("Delete") {
                continue;
            }
            // Each documented parameter that names a JD or a candidate gets the real one.
            let value_for = |name: &str| {
                let name = name.to_ascii_lowercase();
                if name.contains("jd") || name.contains("job") {
                    Some(jd.clone())
                } else if name.contains("resume") || name.contains("candidate") || name == "id" {
                    Some(resume_id.clone())
                } else {
                    None
                }
            };
            let concrete: Vec<String> = path
                .split('/')
                .map(
                    |seg| match seg.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                        Some(name) => value_for(name).unwrap_or_else(|| "1".into()),
                        None => seg.to_owned(),
                    },
                )
                .collect();
            let query: Vec<String> = op
                .parameters
                .iter()
                .flatten()
                .filter_map(|p| match p {
                    RefOr::T(p) => Some(p),
                    RefOr::Ref(_) => None,
                })
                .filter(|p| matches!(p.parameter_in, ParameterIn::Query))
                .filter_map(|p| value_for(&p.name).map(|v| format!("{}={v}", p.name)))
                .collect();
            let url = format!("/api{}?{}", concrete.join("/"), query.join("&"));
            let response = app
                .client
                .get(app.url(&url))
                .bearer_auth(&token)
                .send()
                .await
                .expect("request");
            let ok = response.status().is_success();
            let text = response.text().await.unwrap_or_default();
            if path.contains("Audit") {
                continue; // the aggregate report, checked in its own tests
            }
            if ok {
                read += 1;
            }
            for needle in [
                "two_or_more",
                "Two or More Races",
                "selfIdentification",
                "\"race\"",
                "\"sex\"",
            ] {
                assert!(
                    !text.contains(needle),
                    "GET {url} answers with {needle}: {text}"
                );
            }
        }
        assert!(read >= 20, "only {read} recruiter GETs answered");
    })
    .await;
}
