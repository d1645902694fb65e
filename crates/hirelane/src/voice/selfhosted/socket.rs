//! The page's side of the interview's WebSocket: what it says to us (`played`, `done`, `end`),
//! and waiting for it to finish playing the interviewer's turn.

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use serde_json::Value;

/// Why a step was cut short.
pub(super) enum Cut {
    Disconnected,
    HungUp,
}

pub(super) async fn send_json(
    socket: &mut WebSocket,
    value: Value,
) -> std::result::Result<(), axum::Error> {
    socket.send(Message::Text(value.to_string().into())).await
}

/// The `type` of a text message from the page.
pub(super) fn page_says(text: &str) -> Option<&'static str> {
    let value: Value = serde_json::from_str(text).ok()?;
    ["played", "done", "end"]
        .into_iter()
        .find(|kind| value["type"] == *kind)
}

/// Waits until the page says the interviewer's turn has played (or the turn's length and a
/// grace have passed); the candidate's audio meanwhile is not an answer and is dropped.
pub(super) async fn wait_played(
    socket: &mut WebSocket,
    at_most: Duration,
) -> std::result::Result<(), Cut> {
    let deadline = tokio::time::Instant::now() + at_most;
    loop {
        let next = tokio::time::timeout_at(deadline, socket.recv()).await;
        match next {
            Err(_) => return Ok(()),
            Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => {
                return Err(Cut::Disconnected);
            }
            Ok(Some(Ok(Message::Text(text)))) => match page_says(&text) {
                Some("played") => return Ok(()),
                Some("end") => return Err(Cut::HungUp),
                _ => {}
            },
            Ok(Some(Ok(_))) => {}
        }
    }
}
