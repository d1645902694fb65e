//! A simulator with a state file forgets nothing when it is restarted: the quick start's
//! bundled simulator restarts with the server.

use reqwest::StatusCode;
use serde_json::{Value, json};
use vapi_sim::SimConfig;

use crate::helpers::{KEY, TestSim, interview_assistant, spawn_with};

async fn spawn_keeping(file: &std::path::Path) -> TestSim {
    let file = file.to_path_buf();
    spawn_with(move |c: SimConfig| c.with_state_file(file)).await
}

async fn recording(sim: &TestSim, id: &str) -> Vec<u8> {
    let res = sim
        .http
        .get(sim.url(&format!("/call/{id}/mono-recording")))
        .bearer_auth(KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    res.bytes().await.unwrap().to_vec()
}

#[tokio::test]
async fn assistants_calls_and_recordings_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vapi-sim-state.json");
    let first = spawn_keeping(&file).await;
    let kept = first.assistant(interview_assistant(None)).await;
    let removed = first.assistant(interview_assistant(None)).await;
    assert_eq!(
        first.delete(&format!("/assistant/{removed}")).await.0,
        StatusCode::OK
    );
    let ended = first.call(&kept, "Jane Pass", json!({})).await;
    let ended_id = ended["id"].as_str().unwrap().to_string();
    first.advance(3600).await;
    assert_eq!(first.fetch(&ended).await["status"], "ended");
    let before = first.fetch(&ended).await;
    let wav = recording(&first, &ended_id).await;
    let waiting = first
        .call(
            &kept,
            "Ravi Review",
            json!({"schedulePlan": {"earliestAt": "2026-09-01T12:00:00Z"}}),
        )
        .await;
    first.handle.shutdown().await;

    let second = spawn_keeping(&file).await;
    let (status, assistants) = second.get("/assistant").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = assistants
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|a| a["id"].as_str())
        .collect();
    assert_eq!(ids, [kept.as_str()], "the deleted one stays deleted");
    assert_eq!(
        second.fetch(&ended).await,
        before,
        "the ended call as it was"
    );
    assert_eq!(
        recording(&second, &ended_id).await,
        wav,
        "the same recording"
    );
    // A call scheduled before the restart still runs, and new ids never repeat old ones.
    assert_eq!(second.fetch(&waiting).await["status"], "scheduled");
    second.advance(4 * 3600).await;
    assert_eq!(second.fetch(&waiting).await["status"], "ended");
    let another = second.assistant(interview_assistant(None)).await;
    assert!(![kept.as_str(), removed.as_str()].contains(&another.as_str()));
}

#[tokio::test]
async fn an_unreadable_state_file_is_set_aside_not_lost() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vapi-sim-state.json");
    std::fs::write(&file, "{ not json").unwrap();
    let sim = spawn_keeping(&file).await;
    let (status, assistants) = sim.get("/assistant").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(assistants, Value::Array(vec![]));
    let aside = std::fs::read_to_string(file.with_extension("unreadable")).unwrap();
    assert_eq!(aside, "{ not json", "kept for a person to read");
    sim.assistant(interview_assistant(None)).await;
    assert!(file.exists(), "the new state is written in its place");
}
