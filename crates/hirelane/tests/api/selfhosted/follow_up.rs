//! The self-hosted interviewer listens: an answer that misses most of its question's key
//! points gets one follow-up, and the reply is graded as part of the answer.

use reqwest::Method;
use serde_json::json;

use super::{Conversation, analysis_of, booked, converse, selfhosted};
use crate::helpers::{TestApp, on_each_db_configured};

#[tokio::test]
async fn an_answer_that_misses_the_key_points_gets_one_follow_up() {
    on_each_db_configured(selfhosted, |app: TestApp| async move {
        let runtime = hirelane::voice::client::of(&app.state)
            .expect("the voice provider")
            .selfhosted
            .clone()
            .expect("the self-hosted interviewer");
        let booked = booked(&app, &["How do you keep a service reliable?"], &[]).await;
        let token = app.token().await;
        let rubric = json!({ "questions": [{ "number": 1, "keyPoints": [
            "Watch the dashboards for errors", "Roll back a bad deploy quickly"] }] });
        let path = format!("/api/Voice/assistants/{}/rubric", booked.assistant);
        let (status, body) = app.call(Method::PUT, &path, &token, Some(&rubric)).await;
        assert_eq!(status, 200, "{body}");
        let mut spoken = Vec::new();
        for text in [
            "Yes, I am ready.",
            "I write clean code and I review every pull request carefully.",
            "I watch our dashboards for errors, and I page the engineer on call.",
        ] {
            spoken.push(runtime.speech.synthesize(text).await.expect("speech"));
        }
        let Conversation {
            captions, heard, ..
        } = converse(&booked, &spoken).await;
        // Greeting, the question, one follow-up about what was missing, the closing.
        assert_eq!(captions.len(), 4, "{captions:?}");
        assert_eq!(captions[1], "How do you keep a service reliable?");
        assert!(
            captions[2].ends_with('?'),
            "a follow-up question: {captions:?}"
        );
        assert_ne!(captions[2], captions[1]);
        assert!(captions[3].contains("Thank you"), "{captions:?}");
        assert_eq!(heard.len(), 3, "{heard:?}");

        // The reply to the follow-up is graded as part of the answer, quoted where it was said.
        let analysis = analysis_of(&app, &booked.call_id).await;
        let turns = analysis["turns"].as_array().expect("turns");
        let follow_up = turns
            .iter()
            .position(|t| t["text"] == captions[2].as_str())
            .unwrap_or_else(|| panic!("the follow-up in {turns:?}"));
        let grade = &analysis["grading"]["questions"][0];
        let alert = grade["covered"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| c["point"] == "Watch the dashboards for errors")
            .unwrap_or_else(|| panic!("covered by the reply: {grade} in {turns:?}"));
        assert!(
            alert["quote"]["turn"]
                .as_u64()
                .is_some_and(|t| t as usize > follow_up),
            "{alert}"
        );
    })
    .await;
}
