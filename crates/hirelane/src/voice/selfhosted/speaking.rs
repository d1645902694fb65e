//! Saying one line on the socket: the page is told a turn is starting and shown its caption,
//! the line goes into the conversation and the recording, its audio goes out in pieces, and
//! the page plays it before anything else happens.

use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use serde_json::{Value, json};

use super::hearing::message;
use super::latency::Turnaround;
use super::runtime::Session;
use super::socket::{Cut, send_json, wait_played};
use super::speech::SAMPLE_RATE;

/// The interviewer's audio goes out in pieces of this many samples (100 ms).
const AUDIO_CHUNK: usize = (SAMPLE_RATE as usize) / 10;
/// Extra time the page gets to play a turn before we listen anyway.
const PLAY_GRACE: Duration = Duration::from_secs(10);

/// Tells the page the interviewer is speaking, with the `caption` of what it says.
pub(super) async fn announce(socket: &mut WebSocket, caption: Value) -> Result<(), Cut> {
    let speaking = json!({ "type": "state", "state": "speaking" });
    send_json(socket, speaking)
        .await
        .map_err(|_| Cut::Disconnected)?;
    send_json(socket, caption)
        .await
        .map_err(|_| Cut::Disconnected)
}

/// What the interviewer says.
pub(super) struct Line<'a> {
    pub text: &'a str,
    pub audio: &'a [i16],
    /// An acknowledgement of an answer ([`super::acknowledging`]), marked so in the transcript.
    pub acknowledgement: bool,
}

/// Says `line` and waits until the page has played it. A `turnaround` from the candidate's
/// last word is reported as soon as the first audio is on the socket.
pub(super) async fn say(
    session: &tokio::sync::Mutex<Session>,
    socket: &mut WebSocket,
    line: Line<'_>,
    mut turnaround: Option<Turnaround>,
) -> Result<(), Cut> {
    let audio = line.audio;
    let index = {
        let mut s = session.lock().await;
        let at = s.recording.seconds();
        let seconds = audio.len() as f64 / f64::from(SAMPLE_RATE);
        let started = s.state.started_at();
        let mut said = message("bot", line.text, started, at, seconds);
        if line.acknowledgement {
            said["acknowledgement"] = json!(true);
        }
        s.messages.push(said);
        s.recording.interviewer_says(audio);
        s.messages.len() - 1
    };
    for chunk in audio.chunks(AUDIO_CHUNK) {
        let bytes: Vec<u8> = chunk.iter().flat_map(|s| s.to_le_bytes()).collect();
        socket
            .send(Message::Binary(bytes.into()))
            .await
            .map_err(|_| Cut::Disconnected)?;
        if let Some(t) = turnaround.take() {
            t.report(session, index, socket)
                .await
                .map_err(|_| Cut::Disconnected)?;
        }
    }
    if audio.is_empty() {
        return Ok(());
    }
    let end = json!({ "type": "audio-end", "samples": audio.len() });
    send_json(socket, end)
        .await
        .map_err(|_| Cut::Disconnected)?;
    let playing = Duration::from_secs_f64(audio.len() as f64 / f64::from(SAMPLE_RATE));
    wait_played(socket, playing + PLAY_GRACE).await
}
