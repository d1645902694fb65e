//! Our own grade of every answer of a simulated Vapi interview: key points set per question on
//! the assistant, each answer graded with quotes traced into the transcript, the bars computed
//! from the grades, the provider's scores kept apart, and a grade that later edits do not move.

use reqwest::Method;
use serde_json::{Value, json};

use super::{create_assistant, run_interview, schedule};
use crate::helpers::{TestApp, on_each_db};

/// Key points that the simulator's strong answers cover (they measure first, test the critical
/// paths, profile and fix a slow query) and its weak answers do not.
fn rubric() -> Value {
    let points = json!([
        "Measured the problem first before changing anything",
        "Added tests around the critical paths",
        "Profiled a slow endpoint and fixed the query"
    ]);
    json!({ "questions": [
        { "number": 1, "keyPoints": points, "competency": "technical" },
        { "number": 2, "keyPoints": points, "competency": "problemSolving" },
        { "number": 3, "keyPoints": points }
    ] })
}

async fn analysis(app: &TestApp, token: &str, call: &str) -> Value {
    let (status, body) = app
        .call(
            Method::GET,
            &format!("/api/Interview/InterviewAnalysis/{call}"),
            token,
            None,
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn mean_score(analysis: &Value) -> f64 {
    let scores: Vec<f64> = analysis["grading"]["questions"]
        .as_array()
        .expect("questions")
        .iter()
        .filter_map(|q| q["score"].as_f64())
        .collect();
    assert!(!scores.is_empty(), "{analysis}");
    scores.iter().sum::<f64>() / scores.len() as f64
}

#[tokio::test]
async fn a_simulated_interview_is_graded_per_question_with_quotes() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let assistant = create_assistant(&app, &token).await;
        let path = format!("/api/Voice/assistants/{assistant}/rubric");

        let (status, empty) = app.call(Method::GET, &path, &token, None).await;
        assert_eq!(status, 200, "{empty}");
        assert_eq!(empty["maxKeyPoints"], 20);
        assert_eq!(empty["questions"].as_array().map(Vec::len), Some(3));
        assert_eq!(empty["questions"][1]["keyPoints"], json!([]));
        assert_eq!(empty["questions"][1]["competency"], "technical");

        // Limits are refused with the message the form shows, and nothing is kept.
        let too_many = json!({ "questions": [
            { "number": 1, "keyPoints": vec!["a point"; 21] } ] });
        let (status, body) = app.call(Method::PUT, &path, &token, Some(&too_many)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            body["message"],
            "A question can have at most 20 key points."
        );
        let too_long = json!({ "questions": [
            { "number": 1, "keyPoints": ["x".repeat(401)] } ] });
        let (status, body) = app.call(Method::PUT, &path, &token, Some(&too_long)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            body["message"],
            "A key point can be at most 400 characters."
        );
        let no_such = json!({ "questions": [ { "number": 4, "keyPoints": ["p"] } ] });
        let (status, body) = app.call(Method::PUT, &path, &token, Some(&no_such)).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["message"], "The assistant has no question 4.");

        let (status, stored) = app.call(Method::PUT, &path, &token, Some(&rubric())).await;
        assert_eq!(status, 200, "{stored}");
        assert_eq!(
            stored["questions"][0]["keyPoints"].as_array().map(Vec::len),
            Some(3)
        );
        assert_eq!(stored["questions"][1]["competency"], "problemSolving");

        let strong = schedule(&app, &token, &assistant, "Jane Pass").await;
        let weak = schedule(&app, &token, &assistant, "John Fail").await;
        run_interview(&app).await;
        let token = app.token().await;
        let strong = analysis(&app, &token, &strong).await;
        let weak = analysis(&app, &token, &weak).await;

        let grading = &strong["grading"];
        assert!(
            grading["version"]
                .as_str()
                .unwrap_or("")
                .starts_with("assess-"),
            "{grading}"
        );
        assert!(
            grading["method"]
                .as_str()
                .unwrap_or("")
                .contains("Communication")
        );
        let turns = strong["turns"].as_array().expect("turns");
        let questions = grading["questions"].as_array().expect("questions");
        assert_eq!(questions.len(), 3);
        let mut quotes = 0;
        for q in questions {
            assert_eq!(q["asked"], true, "{q}");
            let score = q["score"].as_f64().expect("scored");
            assert!((0.0..=5.0).contains(&score), "{q}");
            assert_eq!(q["keyPoints"].as_array().map(Vec::len), Some(3));
            for covered in q["covered"].as_array().expect("covered") {
                let quote = &covered["quote"];
                let turn = &turns[quote["turn"].as_u64().expect("turn") as usize];
                assert_eq!(turn["speaker"], "candidate");
                let text: String = turn["text"]
                    .as_str()
                    .expect("text")
                    .chars()
                    .skip(quote["start"].as_u64().expect("start") as usize)
                    .take(
                        (quote["end"].as_u64().expect("end")
                            - quote["start"].as_u64().expect("start"))
                            as usize,
                    )
                    .collect();
                assert_eq!(text, quote["text"].as_str().expect("quote"));
                assert!(quote["seconds"].as_f64().is_some(), "{quote}");
                quotes += 1;
            }
        }
        assert!(quotes > 0, "no covered point quoted: {grading}");
        assert!(grading["bars"]["technical"].is_i64(), "{grading}");
        assert!(grading["bars"]["problemSolving"].is_i64(), "{grading}");
        assert_eq!(grading["communication"]["answered"], 3);

        // The weak candidate's answers grade lower; the provider's scores stay as they were.
        assert!(
            mean_score(&strong) > mean_score(&weak) + 1.0,
            "strong {} weak {}",
            mean_score(&strong),
            mean_score(&weak)
        );
        assert!(strong["technicalScore"].is_i64());

        // Key points edited later do not regrade an interview already graded.
        let cleared = json!({ "questions": [
            { "number": 1, "keyPoints": [] }, { "number": 2, "keyPoints": [] } ] });
        let (status, _) = app.call(Method::PUT, &path, &token, Some(&cleared)).await;
        assert_eq!(status, 200);
        let again = analysis(&app, &token, strong["callId"].as_str().expect("id")).await;
        assert_eq!(again["grading"], strong["grading"]);
    })
    .await;
}

#[tokio::test]
async fn suggestions_come_from_the_jds_key_skills() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let assistant = create_assistant(&app, &token).await;
        let (status, jd) = app
            .call(
                Method::POST,
                "/api/Drive/CreateJobFolder",
                &token,
                Some(
                    &json!({ "jobDescId": 0, "jdid": "", "jdname": "Backend Engineer",
                    "jddescription": "<p>APIs</p>", "keySkills": "Rust, PostgreSQL, Kubernetes",
                    "experience": "5 years", "resumeRequired": false }),
                ),
            )
            .await;
        assert_eq!(status, 200, "{jd}");
        let id = jd["jobDescId"].as_i64().expect("id");
        let (status, rubric) = app
            .call(
                Method::GET,
                &format!("/api/Voice/assistants/{assistant}/rubric?jdId={id}"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 200, "{rubric}");
        // "Tell me about a Rust service you built" names Rust; the others name no skill.
        assert_eq!(rubric["questions"][0]["suggestions"], json!(["Rust"]));
        assert_eq!(
            rubric["questions"][2]["suggestions"],
            json!(["Rust", "PostgreSQL", "Kubernetes"])
        );
        let (status, body) = app
            .call(
                Method::GET,
                &format!("/api/Voice/assistants/{assistant}/rubric?jdId=999999"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 404, "{body}");
        let (status, body) = app
            .call(
                Method::GET,
                &format!("/api/Voice/assistants/{assistant}/rubric?jdId=%20%20"),
                &token,
                None,
            )
            .await;
        assert_eq!(status, 400, "{body}");
    })
    .await;
}

/// An interview reported before grading existed is graded on its first read; readers racing to
/// grade it all see the one grading that was kept.
#[tokio::test]
async fn readers_racing_to_grade_an_interview_keep_one_grading() {
    on_each_db(|app: TestApp| async move {
        let token = app.token().await;
        let assistant = create_assistant(&app, &token).await;
        let path = format!("/api/Voice/assistants/{assistant}/rubric");
        let (status, _) = app.call(Method::PUT, &path, &token, Some(&rubric())).await;
        assert_eq!(status, 200);
        let call = schedule(&app, &token, &assistant, "Jane Pass").await;
        run_interview(&app).await;
        let token = app.token().await;
        let first = analysis(&app, &token, &call).await;
        // As if reported before grading existed.
        let db = &app.state.db;
        hirelane::execute!(db, "DELETE FROM answer_gradings").expect("forgotten");
        let read = || analysis(&app, &token, &call);
        let (a, b, c) = tokio::join!(read(), read(), read());
        assert_eq!(a["grading"], b["grading"]);
        assert_eq!(b["grading"], c["grading"]);
        // The same grade as before, bar the moment it was made.
        let questions = |v: &Value| v["grading"]["questions"].clone();
        assert_eq!(questions(&a), questions(&first));
        let kept: (i64,) =
            hirelane::fetch_as!(db, fetch_one, "SELECT COUNT(*) FROM answer_gradings")
                .expect("count");
        assert_eq!(kept.0, 1);
    })
    .await;
}
