//! "How was my application assessed?" on the candidate's own page: the reasons in plain words,
//! the skills found and not found, and never a score.

use reqwest::Method;

use super::{Applicant, apply, portal_token, published_job};
use crate::candidates::analysed;
use crate::helpers::{TestApp, on_each_db};

#[tokio::test]
async fn a_candidate_reads_why_in_plain_words_without_any_score() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let jd = published_job(&app, &token).await;
        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        assert_eq!(apply(&app, "backend-engineer", &priya).await.0, 200);
        let page = format!(
            "/api/Application/{}/Assessment",
            portal_token(&app, "priya@example.com")
        );
        let candidate = analysed(&app, &token, jd).await.remove(0);

        let (status, body) = app.call(Method::GET, &page, "", None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["assessed"], true);
        let found = body["skillsFound"].as_array().expect("found").len();
        let missing = body["skillsMissing"].as_array().expect("missing").len();
        assert!(found > 0, "{body}");
        let reasons: Vec<&str> = body["reasons"]
            .as_array()
            .expect("reasons")
            .iter()
            .filter_map(|r| r.as_str())
            .collect();
        assert!(
            reasons
                .iter()
                .any(|r| r.contains(&format!("Of the {} skills the job lists", found + missing))),
            "{reasons:?}"
        );
        assert!(
            body["yourRights"]
                .as_str()
                .is_some_and(|r| r.contains("human") || r.contains("person"))
        );
        let text = body.to_string();
        for field in ["atsScore", "skillsMatch", "score\""] {
            assert!(!text.contains(field), "{field} in {text}");
        }
        let score = candidate["atsScore"].as_i64().expect("score");
        assert!(
            !reasons
                .iter()
                .any(|r| r.contains(&format!("{score}%")) || r.contains(&format!(" {score} "))),
            "no score in the reasons: {reasons:?}"
        );
    })
    .await;
}
