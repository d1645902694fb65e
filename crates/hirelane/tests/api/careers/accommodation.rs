//! A candidate asks for an alternative process from their own page; the team sees it, answers
//! once, and the answer reaches the candidate by e-mail.

use reqwest::Method;
use serde_json::json;

use super::{Applicant, apply, portal_token, published_job};
use crate::helpers::{TestApp, on_each_db};
use crate::interviews::support::decoded;

#[tokio::test]
async fn a_request_for_an_alternative_process_is_seen_answered_once_and_mailed() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        published_job(&app, &token).await;
        let priya = Applicant::new(
            "Priya Sharma",
            "priya@example.com",
            "priya_chromium_2col.pdf",
        );
        assert_eq!(apply(&app, "backend-engineer", &priya).await.0, 200);
        let receipt = app
            .outbox_mails("priya@example.com")
            .iter()
            .map(|m| decoded(m))
            .collect::<String>();
        assert!(
            receipt.contains("alternative"),
            "the receipt says how to ask"
        );
        let page = format!(
            "/api/Application/{}",
            portal_token(&app, "priya@example.com")
        );

        let (status, body) = app
            .call(
                Method::POST,
                &format!("{page}/Accommodation"),
                "",
                Some(&json!({"message": "  "})),
            )
            .await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("validation")),
            "{body}"
        );
        let need = "I am deaf: could the interview be in writing instead of by voice?";
        let (status, body) = app
            .call(
                Method::POST,
                &format!("{page}/Accommodation"),
                "",
                Some(&json!({"message": need})),
            )
            .await;
        assert_eq!(
            (status, &body["accommodationRequested"]),
            (200, &json!(true)),
            "{body}"
        );

        let (status, list) = app
            .call(
                Method::GET,
                "/api/Settings/AccommodationRequests",
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{list}");
        let request = list[0].clone();
        assert_eq!(
            (
                request["message"].clone(),
                request["state"].clone(),
                request["candidateName"].clone()
            ),
            (json!(need), json!("pending"), json!("Priya Sharma"))
        );
        let answer_path = format!(
            "/api/Settings/AccommodationRequests/{}/Answer",
            request["id"]
        );
        let answer = "Of course: we will send you the questions in writing this week.";
        let (status, list) = app
            .call(
                Method::POST,
                &answer_path,
                &token,
                Some(&json!({"answer": answer})),
            )
            .await;
        assert_eq!(status, 200, "{list}");
        assert_eq!(list[0]["state"], "answered");
        assert_eq!(list[0]["answer"], answer);
        let (status, body) = app
            .call(
                Method::POST,
                &answer_path,
                &token,
                Some(&json!({"answer": "Again"})),
            )
            .await;
        assert_eq!(
            (status, &body["code"]),
            (409, &json!("state_changed")),
            "{body}"
        );
        let mails = app.outbox_mails("priya@example.com");
        let answered: Vec<String> = mails
            .iter()
            .map(|m| decoded(m))
            .filter(|m| m.contains(answer))
            .collect();
        assert_eq!(answered.len(), 1, "one answer e-mailed");
    })
    .await;
}
