//! The self-hosted interview, over a WebSocket from the candidate's join page.
//!
//! The page sends the microphone as 16 kHz mono 16-bit PCM (binary messages, any whole number
//! of samples; 20 ms frames in practice) and these text messages: `{"type":"played"}` when the
//! interviewer's last turn finished playing, `{"type":"done"}` when the candidate presses
//! "I'm done", `{"type":"end"}` when they leave the interview (it ends at once). The server sends
//! the interviewer's speech as binary PCM of the same format and these text messages:
//! `{"type":"state","state":"speaking"|"listening"|"thinking"}`,
//! `{"type":"caption","text":…,"step":n,"steps":N,"kind":"greeting"|"question"|"followUp"|"topic"|
//! "closing"|"acknowledgement","question":n|null}` (what the interviewer says; an
//! acknowledgement, "Okay.", is said as each answer is over, in the step of the answer:
//! [`super::acknowledging`]), `{"type":"audio-end","samples":N}` after the
//! turn's last audio (none when no voice could be made: the caption stands alone),
//! `{"type":"heard","text":…}` (the answer as transcribed), `{"type":"ended"}`,
//! `{"type":"latency","endOfTurnMs":…,"transcriptionMs":…,"decisionMs":…,"synthesisMs":…,
//! "sendMs":…,"totalMs":…,"lastWordSeconds":…}` right after the first audio of a turn that
//! follows an answer (the voice-to-voice latency from the candidate's last word, by stage:
//! [`super::latency`]; stored too as `latency` on that turn's message), and
//! `{"type":"warning","code":"audio_too_fast"}` once per answer whose audio arrives more than
//! ten seconds ahead of real time (the excess is not accepted: [`super::pacing`]).
//!
//! The interview follows its plan one step at a time: speak, wait for the page to play it,
//! listen until the answer ends ([`TurnDetector`]), acknowledge it while transcribing it,
//! store the step ([`super::session_store`]). The interview outlives its socket and its
//! instance: a page that reconnects within a minute (the same link, a fresh token from
//! WebCall), to any instance, takes it up again at the step in progress, asked again from its
//! start; otherwise it ends with what was stored. One socket runs it at a time ([`Lease`]): a
//! newer socket takes it over and the older one is closed with the reason `taken over` (close
//! code 4001), and an instance that stops closes its interviews' sockets with `moving` (1012)
//! so their pages reconnect at once, elsewhere. At the end the call is stored the way a
//! provider's end-of-call report is, and assessed by the same code as every other interview
//! ([`super::lifecycle`]).

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::watch;
use utoipa::IntoParams;

use super::acknowledging;
use super::answering::Answer;
use super::follow_up;
use super::latency::Turnaround;
use super::lease::{COME_BACK_WITHIN, Lease, Lost, Waited};
use super::lines::assistant_of;
use super::pacing::Pacing;
use super::plan::StepKind;
use super::provider::provider_failure;
use super::recording::Recording;
use super::runtime::{Runtime, Session};
use super::session_store::{self, StoredStep};
use super::socket::{Cut, page_says, send_json};
use super::speaking::{self, Line};
use super::turns::{FRAME, Heard, TurnDetector};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::interviews::repo as invites;
use crate::state::AppState;
use crate::voice::provider::ProviderError;
use crate::voice::vapi::Call;

/// The largest message a page may send: a frame of microphone audio is 640 bytes.
const MAX_MESSAGE_BYTES: usize = 64 * 1024;
/// How long a new socket waits for the one before it to let go (it expires sooner).
const LEASE_WAIT: Duration = Duration::from_secs(15);
/// Close codes the page acts on: another socket took the interview over (the page stops),
/// the instance is stopping or lost the interview's storage (it reconnects at once), the
/// interview is busy elsewhere (it reconnects as after any drop).
const TAKEN_OVER: (u16, &str) = (4001, "taken over");
const MOVING: (u16, &str) = (1012, "moving");
const TRY_AGAIN: (u16, &str) = (1013, "try again");

/// How a conversation on one socket ended.
enum Stopped {
    /// Every step was run.
    Done,
    /// A newer socket took the interview over.
    TakenOver,
    /// The instance is stopping, or cannot keep the interview (its storage failed): the page
    /// goes on elsewhere.
    Moving,
    /// The socket went away mid-interview.
    Disconnected,
    /// The candidate left the interview (`{"type":"end"}`).
    HungUp,
}

impl From<Cut> for Stopped {
    fn from(cut: Cut) -> Stopped {
        match cut {
            Cut::Disconnected => Stopped::Disconnected,
            Cut::HungUp => Stopped::HungUp,
        }
    }
}

/// Closes the socket with a code and reason the page acts on.
async fn close_with(socket: &mut WebSocket, (code, reason): (u16, &str)) {
    let frame = CloseFrame {
        code,
        reason: reason.into(),
    };
    let _ = socket.send(Message::Close(Some(frame))).await;
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SocketParams {
    /// The secret from `POST /Interview/WebCall/{inviteId}` (`callToken`).
    #[serde(default)]
    #[param(required = true)]
    token: String,
}

/// The self-hosted interview's audio socket (WebSocket; see the module's documentation for
/// what travels on it). Opened by the join page with the token its web call came with.
#[utoipa::path(
    get, path = "/Interview/Voice/{inviteId}", tag = "interviews",
    params(("inviteId" = String, Path, description = "The invite's token"), SocketParams),
    responses(
        (status = 101, description = "The interview's socket is open"),
        (status = 400, body = ErrorBody, description = "Not a WebSocket request (`invalid_body`)"),
        (status = 404, body = ErrorBody, description = "No self-hosted interview has this invite and token (`not_found`)"),
        (status = 409, body = ErrorBody, description = "The interview is over (`interview_completed`)"),
    )
)]
pub async fn interview_socket(
    State(state): State<AppState>,
    Path(invite_id): Path<String>,
    Query(params): Query<SocketParams>,
    upgrade: std::result::Result<
        WebSocketUpgrade,
        axum::extract::ws::rejection::WebSocketUpgradeRejection,
    >,
) -> Result<Response> {
    let not_found = || Error::not_found(ErrorCode::NotFound, "No interview has this link.");
    let runtime = crate::voice::client::of(&state)?
        .selfhosted
        .clone()
        .ok_or_else(not_found)?;
    let invite = invites::find_by_token(&state.db, &invite_id)
        .await?
        .ok_or_else(not_found)?;
    let call_id = invite.call_id.ok_or_else(not_found)?;
    let found = runtime
        .provider
        .call_for_token(&call_id, params.token.trim())
        .await
        .map_err(|e| match e {
            ProviderError::NotFound => not_found(),
            other => provider_failure(other),
        })?;
    if found.status == "ended" {
        return Err(Error::Conflict {
            code: ErrorCode::InterviewCompleted,
            message: "The interview is already completed.".into(),
        });
    }
    let upgrade = upgrade.map_err(|_| {
        Error::bad_request(ErrorCode::InvalidBody, "Open this address as a WebSocket.")
    })?;
    let body = found.body;
    let call = found.call;
    Ok(upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            runtime.run(state, call, body, socket).await;
        })
        .into_response())
}

impl Runtime {
    /// Runs the interview on this socket until it ends, is taken over, moves elsewhere or the
    /// socket drops.
    async fn run(self: Arc<Self>, state: AppState, call: Call, body: Value, mut socket: WebSocket) {
        let _running = self.running();
        if let Err(err) = self.start(&state, &call, body).await {
            tracing::error!(error = %err, call_id = %call.id, "self-hosted interview cannot start");
            let _ = socket.send(Message::Close(None)).await;
            return;
        }
        let lease = match Lease::claim(&state.db, &state.clock, &call.id, &self.instance).await {
            Ok(Some(lease)) => lease,
            // Ended (and its progress forgotten) since the socket opened.
            Ok(None) => return ended(&mut socket).await,
            Err(err) => {
                tracing::error!(error = %err, call_id = %call.id, "self-hosted interview: cannot claim it");
                return close_with(&mut socket, TRY_AGAIN).await;
            }
        };
        match lease.wait(LEASE_WAIT).await {
            Ok(Waited::Held) => {}
            Ok(Waited::Superseded) => return close_with(&mut socket, TAKEN_OVER).await,
            Ok(Waited::Busy) => return close_with(&mut socket, TRY_AGAIN).await,
            Err(err) => {
                tracing::error!(error = %err, call_id = %call.id, "self-hosted interview: cannot take its lease");
                return close_with(&mut socket, TRY_AGAIN).await;
            }
        }
        let stopped = self.hold(&state, &lease, &mut socket).await;
        match stopped {
            Stopped::Done => {
                ended(&mut socket).await;
                self.finish(&state, &call.id, "assistant-ended-call").await;
            }
            Stopped::HungUp => {
                let _ = socket.send(Message::Close(None)).await;
                self.finish(&state, &call.id, "customer-ended-call").await;
            }
            Stopped::TakenOver => close_with(&mut socket, TAKEN_OVER).await,
            Stopped::Moving => close_with(&mut socket, MOVING).await,
            Stopped::Disconnected => {
                tracing::info!(call_id = %call.id, "self-hosted interview: the page went away; waiting for it");
                self.clone().end_unless_back(state.clone(), lease.clone());
            }
        }
        lease.release().await;
    }

    /// A page that does not come back within a minute (to any instance) has left: the
    /// interview ends with what was stored. (If this instance stops first, the reconciler of
    /// any instance ends it.)
    fn end_unless_back(self: Arc<Self>, state: AppState, lease: Lease) {
        tokio::spawn(async move {
            tokio::time::sleep(COME_BACK_WITHIN.unsigned_abs()).await;
            match lease.still_last().await {
                Ok(true) => {
                    self.finish(&state, lease.call_id(), "customer-ended-call")
                        .await
                }
                Ok(false) => {}
                Err(err) => {
                    tracing::warn!(error = %err, "self-hosted interview: cannot tell whether its page came back")
                }
            }
        });
    }

    /// Runs the interview from where it was stored while this socket holds its lease.
    async fn hold(
        self: &Arc<Self>,
        state: &AppState,
        lease: &Lease,
        socket: &mut WebSocket,
    ) -> Stopped {
        let durable = match session_store::load(&state.db, lease.call_id()).await {
            Ok(Some(durable)) => durable,
            // It ended meanwhile.
            Ok(None) => return Stopped::Done,
            Err(err) => {
                tracing::error!(error = %err, "self-hosted interview: cannot read its progress");
                return Stopped::Moving;
            }
        };
        self.prefetch(&durable);
        let session = tokio::sync::Mutex::new(Session {
            recording: Recording::resumed(durable.recorded_frames),
            state: durable,
            messages: Vec::new(),
            words: Vec::new(),
            transcribing: self.transcriptions.share(),
        });
        let (lost_tx, mut lost) = watch::channel(None);
        let keeper = tokio::spawn(lease.clone().keep(lost_tx));
        let mut draining = self.draining.subscribe();
        // Whichever comes first; the step in progress is dropped with the conversation (a
        // step is stored only once finished, so it is asked again from its start).
        let stopped = tokio::select! {
            stopped = self.converse(state, lease, &session, socket) => stopped,
            lost = lost.wait_for(Option::is_some) => match lost.as_deref().ok().copied().flatten() {
                Some(Lost::Unrenewable) => Stopped::Moving,
                _ => Stopped::TakenOver,
            },
            _ = draining.wait_for(|stopping| *stopping) => Stopped::Moving,
        };
        keeper.abort();
        if matches!(stopped, Stopped::HungUp) {
            // The candidate left: what they said in the step in progress counts.
            if let Err(err) = self.finish_step(state, lease, &session).await {
                tracing::error!(error = %err, "self-hosted interview: cannot store its last step");
            }
        }
        stopped
    }

    /// Stores the step in progress as finished and moves on; `Ok(false)` when this socket no
    /// longer holds the interview.
    async fn finish_step(
        &self,
        state: &AppState,
        lease: &Lease,
        session: &tokio::sync::Mutex<Session>,
    ) -> Result<bool> {
        let mut s = session.lock().await;
        let step = s.state.step;
        let (chunk, frames) = s.recording.take_chunk();
        s.state.recorded_frames += frames;
        s.state.step += 1;
        let stored = StoredStep {
            messages: std::mem::take(&mut s.messages),
            words: std::mem::take(&mut s.words),
        };
        session_store::finish_step(
            &state.db,
            &state.files,
            lease.call_id(),
            lease.generation,
            step,
            &stored,
            chunk,
            &s.state,
            state.clock.now(),
        )
        .await
    }

    /// The interview's steps, from the one the session is on.
    async fn converse(
        &self,
        state: &AppState,
        lease: &Lease,
        session: &tokio::sync::Mutex<Session>,
        socket: &mut WebSocket,
    ) -> Stopped {
        let assistant = assistant_of(&session.lock().await.state);
        // From the candidate's last word to the next turn's first audio, when they answered.
        let mut turnaround: Option<Turnaround> = None;
        loop {
            let (step, number, steps) = {
                let mut s = session.lock().await;
                let s = &mut *s;
                let steps = s.state.plan.steps.len();
                if s.state.step >= steps {
                    return Stopped::Done;
                }
                // Out of time: only the closing is left to say.
                if s.recording.seconds() > s.state.max_seconds {
                    s.state.step = s.state.step.max(steps - 1);
                }
                (
                    s.state.plan.steps[s.state.step].clone(),
                    s.state.step + 1,
                    steps,
                )
            };
            let (kind, question) = match &step.kind {
                StepKind::Greeting => ("greeting", None),
                StepKind::Question(n) => ("question", Some(*n)),
                StepKind::FollowUp(n) => ("followUp", Some(*n)),
                StepKind::Topic(_) => ("topic", None),
                StepKind::Closing => ("closing", None),
            };
            let caption = json!({
                "type": "caption", "text": step.text, "step": number, "steps": steps,
                "kind": kind, "question": question,
            });
            if let Err(cut) = speaking::announce(socket, caption.clone()).await {
                return cut.into();
            }
            let synthesis = std::time::Instant::now();
            let audio = match self.speak(&assistant, &step.text).await {
                Ok(audio) => audio,
                Err(err) => {
                    // Without a voice the caption still asks: the page shows it.
                    tracing::error!(error = %err, "self-hosted interview: cannot speak a turn");
                    Arc::from(Vec::new())
                }
            };
            if let Some(t) = turnaround.as_mut() {
                t.synthesized(synthesis);
            }
            if let StepKind::Question(n) = step.kind {
                session.lock().await.state.asked[n - 1] = true;
            }
            let line = Line {
                text: &step.text,
                audio: &audio,
                acknowledgement: false,
            };
            let said = speaking::say(session, socket, line, turnaround.take());
            if let Err(cut) = said.await {
                return cut.into();
            }
            if step.listen {
                let turn = Turn {
                    kind: &step.kind,
                    number,
                    assistant: &assistant,
                    caption: &caption,
                };
                match self.listen(session, socket, turn).await {
                    Ok(heard) => {
                        if let StepKind::Question(n) = step.kind {
                            follow_up::consider(session, n).await;
                        }
                        turnaround = heard.map(Turnaround::decided);
                    }
                    Err(cut) => return cut.into(),
                }
            }
            match self.finish_step(state, lease, session).await {
                Ok(true) => {}
                Ok(false) => return Stopped::TakenOver,
                Err(err) => {
                    tracing::error!(error = %err, "self-hosted interview: cannot store a step");
                    return Stopped::Moving;
                }
            }
        }
    }

    /// Listens to one answer, transcribed while it is spoken ([`Answer`]), and acknowledges
    /// it as soon as it is over ([`acknowledging`]). The turnaround from the candidate's last
    /// word is reported with the acknowledgement, or, when it could not be said, returned for
    /// the next line.
    async fn listen(
        &self,
        session: &tokio::sync::Mutex<Session>,
        socket: &mut WebSocket,
        turn: Turn<'_>,
    ) -> std::result::Result<Option<Turnaround>, Cut> {
        let gone = |_| Cut::Disconnected;
        send_json(socket, json!({ "type": "state", "state": "listening" }))
            .await
            .map_err(gone)?;
        let detector = TurnDetector::new(
            Duration::from_millis(self.timing.end_of_turn_ms),
            Duration::from_secs(self.timing.max_answer_seconds),
            Duration::from_secs(self.timing.answer_wait_seconds),
        );
        let (start, share) = {
            let s = session.lock().await;
            (s.recording.seconds(), s.transcribing.clone())
        };
        let mut answer = Answer::new(self, share, detector, start);
        // The detector counts audio received; this counts time, so a page that keeps its socket
        // open and sends nothing (or trickles) cannot hold the interview in this step for ever.
        let listening = tokio::time::Instant::now();
        let deadline = listening
            + Duration::from_secs(self.timing.answer_wait_seconds + self.timing.max_answer_seconds);
        let mut pacing = Pacing::default();
        let mut pending: Vec<i16> = Vec::with_capacity(FRAME * 2);
        'answer: loop {
            let received = tokio::select! {
                received = tokio::time::timeout_at(deadline, socket.recv()) => received,
                over = answer.transcribed() => if over { break 'answer } else { continue },
            };
            let message = match received {
                Ok(Some(Ok(message))) => message,
                Ok(_) => return Err(Cut::Disconnected),
                Err(_) => {
                    tracing::info!("self-hosted interview: the answer's time ran out");
                    break 'answer;
                }
            };
            match message {
                Message::Binary(bytes) => {
                    let admitted = pacing.admit(listening.elapsed(), bytes.len() / 2);
                    if admitted.first_refusal {
                        send_json(
                            socket,
                            json!({ "type": "warning", "code": "audio_too_fast" }),
                        )
                        .await
                        .map_err(gone)?;
                    }
                    pending.extend(
                        bytes[..admitted.samples * 2]
                            .chunks_exact(2)
                            .map(|pair| i16::from_le_bytes([pair[0], pair[1]])),
                    );
                    let mut s = session.lock().await;
                    while pending.len() >= FRAME {
                        let frame: Vec<i16> = pending.drain(..FRAME).collect();
                        s.recording.candidate_says(&frame);
                        if answer.push(&frame, &s.recording) != Heard::Listening {
                            break 'answer;
                        }
                    }
                }
                Message::Text(text) => match page_says(&text) {
                    Some("done") => break,
                    Some("end") => return Err(Cut::HungUp),
                    _ => {}
                },
                Message::Close(_) => return Err(Cut::Disconnected),
                Message::Ping(_) | Message::Pong(_) => {}
            }
        }
        let Some(mut turnaround) = answer.over() else {
            return Ok(None);
        };
        // The answer ends here in the recording, before the acknowledgement goes into it.
        let end = session.lock().await.recording.seconds();
        let said = acknowledging::after(turn.kind, turn.number);
        let synthesis = std::time::Instant::now();
        let audio = self
            .speak(turn.assistant, said)
            .await
            .unwrap_or_else(|err| {
                tracing::warn!(error = %err, "self-hosted interview: cannot acknowledge an answer");
                Arc::from(Vec::new())
            });
        let thinking = json!({ "type": "state", "state": "thinking" });
        let (heard, unreported) = if audio.is_empty() {
            send_json(socket, thinking).await.map_err(gone)?;
            let heard = answer.transcript(session, end).await;
            turnaround.transcribed();
            (heard, Some(turnaround))
        } else {
            turnaround.synthesized(synthesis);
            let mut caption = turn.caption.clone();
            caption["text"] = json!(said);
            caption["kind"] = json!("acknowledgement");
            let acknowledge = async {
                speaking::announce(socket, caption).await?;
                let line = Line {
                    text: said,
                    audio: &audio,
                    acknowledgement: true,
                };
                speaking::say(session, socket, line, Some(turnaround)).await?;
                send_json(socket, thinking).await.map_err(gone)
            };
            let (heard, acknowledged) = tokio::join!(answer.transcript(session, end), acknowledge);
            acknowledged?;
            (heard, None)
        };
        let text = self.keep(session, turn.kind, (start, end), heard).await;
        // The acknowledgement went into the conversation before the answer's words were known;
        // in the transcript it follows them.
        session
            .lock()
            .await
            .messages
            .sort_by(|a, b| seconds_from_start(a).total_cmp(&seconds_from_start(b)));
        if let Some(text) = text {
            send_json(socket, json!({ "type": "heard", "text": text }))
                .await
                .map_err(gone)?;
        }
        Ok(unreported)
    }
}

/// The step being answered, as [`Runtime::listen`] needs it.
struct Turn<'a> {
    kind: &'a StepKind,
    /// Its number in the plan, from 1.
    number: usize,
    assistant: &'a str,
    /// Its caption, which the acknowledgement's is made from.
    caption: &'a Value,
}

fn seconds_from_start(message: &Value) -> f64 {
    message["secondsFromStart"].as_f64().unwrap_or_default()
}

/// Tells the page the interview is over and closes its socket.
async fn ended(socket: &mut WebSocket) {
    let _ = send_json(socket, json!({ "type": "ended" })).await;
    let _ = socket.send(Message::Close(None)).await;
}
