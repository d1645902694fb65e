//! Settings › Details form on both databases: admins turn the spec's questions off, make them
//! optional or relabel them, name the office and the pay unit, and add questions of their own;
//! the candidate's page reads the form by invite and submissions are checked against it. (The
//! spec's form, with nothing configured, is `joining_and_after`'s details test, unchanged.)

use reqwest::Method;
use serde_json::{Value, json};

use super::support::*;
use crate::helpers::{TestApp, on_each_db};

const SETTINGS: &str = "/api/Settings/DetailsForm";

async fn public_form(app: &TestApp, invite: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(&format!("/api/Interview/DetailsForm/{invite}")))
        .send()
        .await
        .expect("request");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

fn field<'a>(form: &'a Value, name: &str) -> &'a Value {
    form["fields"]
        .as_array()
        .and_then(|fields| fields.iter().find(|f| f["name"] == name))
        .unwrap_or_else(|| panic!("{name} in {form}"))
}

/// The form with the pay history question off, expected pay optional, the hometown relabelled,
/// another office and unit, and one custom question of each kind.
fn configured() -> Value {
    json!({
        "fields": [
            { "name": "currentCTC", "enabled": false, "required": true },
            { "name": "expectedCTC", "enabled": true, "required": false },
            { "name": "hometown", "enabled": true, "required": true, "label": "Where did you grow up?" },
        ],
        "officeName": "Berlin",
        "payUnit": "EUR a year",
        "customQuestions": [
            { "id": "", "label": "Work permit", "kind": "choice", "required": true,
              "choices": ["EU citizen", "Need a visa"] },
            { "id": "", "label": "Years of Rust", "kind": "number", "required": true, "choices": [] },
            { "id": "", "label": "Earliest start", "kind": "date", "required": false, "choices": [] },
            { "id": "", "label": "Happy to travel", "kind": "yesno", "required": false, "choices": [] },
            { "id": "portfolio", "label": "Portfolio", "kind": "text", "required": false, "choices": [] },
        ],
    })
}

/// A complete answer to [`configured`] (sending `currentCTC`, which is not asked).
fn answers(invite: &str) -> Value {
    json!({
        "inviteId": invite, "totalExp": 6, "relevantExp": 4, "currentCTC": 99,
        "noticePeriod": 30, "servingNotice": "Yes", "organization": "Acme",
        "currentLocation": "Munich", "hometown": "Nagpur", "faridabadOffice": "No",
        "relocateDays": 10, "skills": "Rust",
        "customAnswers": { "q1": "Need a visa", "q2": "3.5", "q4": true }
    })
}

async fn submit(app: &TestApp, body: &Value) -> (u16, Value) {
    app.post_json("/api/Interview/AddCandidateDetails", body)
        .await
}

#[tokio::test]
async fn submissions_follow_the_form_an_admin_configured() {
    on_each_db(|app: TestApp| async move {
        let s = setup(&app, "", &[("Jane Pass", "jane@example.com")]).await;
        send_invites(
            &app,
            &s.token,
            json!({ "jobDescId": s.jd, "assistantId": s.assistant, "resumeIds": s.ids }),
        )
        .await;
        let jane = invite_token(&app, "jane@example.com");

        // Nothing saved: the spec's form, on both reads.
        let (status, spec) = app.get_with_token(SETTINGS, &s.token).await;
        assert_eq!(status, 200, "{spec}");
        assert_eq!(
            (&spec["customized"], &spec["officeName"], &spec["payUnit"]),
            (&json!(false), &json!("Faridabad"), &json!("LPA"))
        );
        assert_eq!(spec["fields"].as_array().map(Vec::len), Some(15));
        assert_eq!(field(&spec, "additionalInfo")["required"], false);
        let (status, shown) = public_form(&app, &jane).await;
        assert_eq!(status, 200);
        assert_eq!(shown["fields"], spec["fields"]);
        assert_eq!(shown["customQuestions"], json!([]));

        let (status, saved) = app
            .call(Method::PUT, SETTINGS, &s.token, Some(&configured()))
            .await;
        assert_eq!(status, 200, "{saved}");
        assert_eq!(saved["customized"], true);
        let ids: Vec<&Value> = saved["customQuestions"]
            .as_array()
            .expect("questions")
            .iter()
            .map(|q| &q["id"])
            .collect();
        assert_eq!(
            ids,
            [
                &json!("q1"),
                &json!("q2"),
                &json!("q3"),
                &json!("q4"),
                &json!("portfolio")
            ]
        );

        // The candidate's page reads the relabelled office and questions by invite.
        let (_, shown) = public_form(&app, &jane).await;
        assert_eq!(shown["officeName"], "Berlin");
        assert_eq!(shown["payUnit"], "EUR a year");
        assert_eq!(field(&shown, "currentCTC")["enabled"], false);
        assert_eq!(field(&shown, "hometown")["label"], "Where did you grow up?");
        assert_eq!(public_form(&app, "AAAAAAAAAAAAAAAAAAAAAA").await.0, 404);

        // What the form asks as required is required, in the spec's words or the admin's.
        let mut missing = answers(&jane);
        for name in ["hometown", "faridabadOffice", "customAnswers"] {
            missing.as_object_mut().map(|o| o.remove(name));
        }
        let (status, body) = submit(&app, &missing).await;
        assert_eq!((status, &body["code"]), (400, &json!("invalid_details")));
        let fields = &body["fields"];
        assert_eq!(
            fields["hometown"],
            "\"Where did you grow up?\" is required."
        );
        assert_eq!(
            fields["faridabadOffice"],
            "Please choose Yes or No for the Berlin office."
        );
        assert_eq!(fields["customAnswers.q1"], "\"Work permit\" is required.");
        assert_eq!(fields["customAnswers.q2"], "\"Years of Rust\" is required.");
        assert!(fields.get("currentCTC").is_none() && fields.get("expectedCTC").is_none());
        assert!(fields.get("customAnswers.q3").is_none(), "optional");

        // Custom answers are checked by kind.
        let mut wrong = answers(&jane);
        wrong["customAnswers"] = json!({
            "q1": "Citizen of Mars", "q2": "lots", "q3": "next week", "q4": "perhaps"
        });
        let (status, body) = submit(&app, &wrong).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            body["message"],
            "Please choose one of the listed answers for \"Work permit\"."
        );
        let fields = &body["fields"];
        assert_eq!(
            fields["customAnswers.q2"],
            "\"Years of Rust\" must be a number."
        );
        assert_eq!(
            fields["customAnswers.q3"],
            "\"Earliest start\" must be a date (YYYY-MM-DD)."
        );
        assert_eq!(
            fields["customAnswers.q4"],
            "Please choose Yes or No for \"Happy to travel\"."
        );

        let (status, body) = submit(&app, &answers(&jane)).await;
        assert_eq!(status, 200, "{body}");
        let (_, details) = app
            .get_with_token(
                &format!("/api/Interview/ResumeDetails?resumeId={}", s.ids[0]),
                &s.token,
            )
            .await;
        let stored = &details[0]["nextStepDetails"];
        assert_eq!(stored["currentCTC"], Value::Null, "not asked, so not kept");
        assert_eq!(stored["expectedCTC"], Value::Null, "optional and blank");
        assert_eq!(stored["hometown"], "Nagpur");
        assert_eq!(stored["officeName"], "Berlin");
        assert_eq!(stored["payUnit"], "EUR a year");
        assert_eq!(
            stored["customAnswers"],
            json!([
                { "id": "q1", "label": "Work permit", "kind": "choice", "answer": "Need a visa" },
                { "id": "q2", "label": "Years of Rust", "kind": "number", "answer": 3.5 },
                { "id": "q3", "label": "Earliest start", "kind": "date", "answer": null },
                { "id": "q4", "label": "Happy to travel", "kind": "yesno", "answer": "Yes" },
                { "id": "portfolio", "label": "Portfolio", "kind": "text", "answer": null },
            ])
        );

        // Reset: the spec's form again, with its own words.
        let (status, reset) = app.call(Method::DELETE, SETTINGS, &s.token, None).await;
        assert_eq!((status, &reset["customized"]), (200, &json!(false)));
        let (_, shown) = public_form(&app, &jane).await;
        assert_eq!(shown["officeName"], "Faridabad");
        let (status, body) = submit(&app, &answers(&jane)).await;
        assert_eq!(status, 400);
        assert_eq!(body["fields"]["currentCTC"], Value::Null);
        assert_eq!(body["fields"]["expectedCTC"], "Expected CTC is required.");
    })
    .await;
}

#[tokio::test]
async fn only_admins_configure_the_form_and_bad_settings_are_named() {
    on_each_db(|app: TestApp| async move {
        let admin = app.token().await;
        let (status, body) = app
            .call(
                Method::POST,
                "/api/Team",
                &admin,
                Some(&json!({"email": "rae@example.com", "fullName": "Rae"})),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let rae = app.sign_in_as("rae@example.com").await["token"]
            .as_str()
            .expect("token")
            .to_owned();
        for (method, body) in [
            (Method::GET, None),
            (Method::PUT, Some(configured())),
            (Method::DELETE, None),
        ] {
            let (status, answer) = app
                .call(method.clone(), SETTINGS, &rae, body.as_ref())
                .await;
            assert_eq!(
                (status, &answer["code"]),
                (403, &json!("forbidden")),
                "{method}"
            );
        }
        let (status, _) = app.get_with_token(SETTINGS, &admin).await;
        assert_eq!(status, 200);
        assert_eq!(app.call(Method::GET, SETTINGS, "", None).await.0, 401);

        let mut bad = configured();
        bad["customQuestions"][0]["choices"] = json!(["Only one"]);
        bad["fields"][2]["label"] = json!("x".repeat(201));
        let (status, body) = app.call(Method::PUT, SETTINGS, &admin, Some(&bad)).await;
        assert_eq!(
            (status, &body["code"]),
            (400, &json!("validation")),
            "{body}"
        );
        assert_eq!(
            body["fields"]["customQuestions.1"],
            "Question 1: at least 2 choices are required."
        );
        assert_eq!(
            body["fields"]["fields.hometown"],
            "Label cannot exceed 200 characters."
        );
        let mut many = configured();
        many["customQuestions"] = Value::Array(vec![
            json!({"id": "", "label": "Why?", "kind": "text", "required": false, "choices": []});
            21
        ]);
        let (status, body) = app.call(Method::PUT, SETTINGS, &admin, Some(&many)).await;
        assert_eq!(
            (status, &body["message"]),
            (400, &json!("Custom questions cannot exceed 20."))
        );
        let mut unknown = configured();
        unknown["customQuestions"][0]["kind"] = json!("file");
        let (status, _) = app
            .call(Method::PUT, SETTINGS, &admin, Some(&unknown))
            .await;
        assert_eq!(status, 400);
        let (_, kept) = app.get_with_token(SETTINGS, &admin).await;
        assert_eq!(kept["customized"], false, "nothing refused is saved");
    })
    .await;
}
