//! The self-hosted interview, over a WebSocket from the candidate's join page.
//!
//! The page sends the microphone as 16 kHz mono 16-bit PCM (binary messages, any whole number
//! of samples; 20 ms frames in practice) and these text messages: `{"type":"played"}` when the
//! interviewer's last turn finished playing, `{"type":"done"}` when the candidate presses
//! "I'm done", `{"type":"end"}` when they leave the interview (it ends at once). The server sends
//! the interviewer's speech as binary PCM of the same format and these text messages:
//! `{"type":"state","state":"speaking"|"listening"|"thinking"}`,
//! `{"type":"caption","text":…,"step":n,"steps":N,"kind":"greeting"|"question"|"topic"|"closing",
//! "question":n|null}` (what the interviewer says), `{"type":"audio-end","samples":N}` after the
//! turn's last audio (none when no voice could be made: the caption stands alone),
//! `{"type":"heard","text":…}` (the answer as transcribed), `{"type":"ended"}`,
//! `{"type":"latency","endOfTurnMs":…,"transcriptionMs":…,"decisionMs":…,"synthesisMs":…,
//! "sendMs":…,"totalMs":…,"lastWordSeconds":…}` right after the first audio of a turn that
//! follows an answer (the voice-to-voice latency from the candidate's last word, by stage:
//! [`super::latency`]; stored too as `latency` on that turn's message), and
//! `{"type":"warning","code":"audio_too_fast"}` once per answer whose audio arrives more than
//! ten seconds ahead of real time (the excess is not accepted: [`super::pacing`]).
//!
//! The interview follows its [`Plan`] one step at a time: speak, wait for the page to play it,
//! listen until the answer ends ([`TurnDetector`]), transcribe it. The session outlives its
//! socket: a page that reconnects within a minute (the same link, a fresh token from WebCall)
//! takes the interview up again at the step it was on; otherwise it ends with what was said.
//! At the end the call is stored the way a provider's end-of-call report is, and assessed by
//! the same code as every other interview.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use hirelane_core::clock::to_iso;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use utoipa::IntoParams;

use super::answering::{Answer, Listened};
use super::follow_up;
use super::grading::{self, Answered};
use super::hearing::{NOT_TRANSCRIBED, message};
use super::latency::Turnaround;
use super::lines::assistant_of;
use super::pacing::Pacing;
use super::plan::{Plan, StepKind};
use super::provider::recording_key;
use super::recording::Recording;
use super::runtime::{Runtime, Session};
use super::socket::{Cut, page_says, send_json, wait_played};
use super::speech::SAMPLE_RATE;
use super::turns::{FRAME, Heard, TurnDetector};
use crate::error::{Error, ErrorBody, ErrorCode, Result};
use crate::interviews::repo as invites;
use crate::state::AppState;
use crate::voice::conclusions::reports;
use crate::voice::provider::{ProviderError, VoiceProvider};
use crate::voice::repo;
use crate::voice::rubric::{self, question_key};
use crate::voice::vapi::Call;

/// How long a dropped interview waits for its page to come back.
const RECONNECT_WITHIN: Duration = Duration::from_secs(60);
/// The interviewer's audio goes out in pieces of this many samples (100 ms).
const AUDIO_CHUNK: usize = (SAMPLE_RATE as usize) / 10;
/// Extra time the page gets to play a turn before we listen anyway.
const PLAY_GRACE: Duration = Duration::from_secs(10);
/// The largest message a page may send: a frame of microphone audio is 640 bytes.
const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// How a conversation on one socket ended.
enum Stopped {
    /// Every step was run.
    Done,
    /// A newer socket took the interview over.
    TakenOver,
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

impl Runtime {
    /// The session of `call`, started if it has none yet.
    async fn session(
        &self,
        state: &AppState,
        call: &Call,
        body: Value,
    ) -> Result<Arc<tokio::sync::Mutex<Session>>> {
        if let Some(session) = self.sessions().get(&call.id) {
            return Ok(session.clone());
        }
        let assistant_id = call.assistant_id.as_deref().unwrap_or_default();
        let assistant = self
            .provider
            .get_assistant(assistant_id)
            .await
            .map_err(|e| Error::Internal(anyhow::anyhow!("the interview's assistant: {e}")))?;
        let variables: Map<String, Value> = call
            .assistant_overrides
            .as_ref()
            .and_then(|o| o["variableValues"].as_object())
            .cloned()
            .unwrap_or_default();
        let plan = Plan::of(&assistant, &variables);
        let kept = rubric::of_assistant(&state.db, assistant_id).await?;
        let key_points = plan
            .questions
            .iter()
            .map(|q| {
                kept.get(&question_key(q))
                    .map(|r| r.key_points.clone())
                    .unwrap_or_default()
            })
            .collect();
        let max_seconds = assistant["maxDurationSeconds"]
            .as_f64()
            .unwrap_or(f64::from(state.settings.voice.max_duration_seconds));
        let questions = plan.questions.len();
        let now = state.clock.now();
        let mut body = body;
        body["status"] = json!("in-progress");
        body["startedAt"] = json!(to_iso(now));
        self.provider
            .save_call(&call.id, "in-progress", &body)
            .await
            .map_err(provider_failure)?;
        repo::apply_status(&state.db, &call.id, "in-progress", None, now).await?;
        let session = Arc::new(tokio::sync::Mutex::new(Session {
            call: body,
            plan,
            step: 0,
            recording: Recording::default(),
            messages: Vec::new(),
            answers: vec![String::new(); questions],
            asked: vec![false; questions],
            key_points,
            followed_up: vec![false; questions],
            not_transcribed: vec![false; questions],
            transcribing: self.transcriptions.share(),
            started_at: now,
            max_seconds,
            generation: 0,
            finished: false,
        }));
        Ok(self
            .sessions()
            .entry(call.id.clone())
            .or_insert(session)
            .clone())
    }
}

fn provider_failure(e: ProviderError) -> Error {
    Error::Internal(anyhow::anyhow!("self-hosted interviewer: {e}"))
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
    /// Runs the interview on this socket until it ends, is taken over or the socket drops.
    async fn run(self: Arc<Self>, state: AppState, call: Call, body: Value, mut socket: WebSocket) {
        let session = match self.session(&state, &call, body).await {
            Ok(session) => session,
            Err(err) => {
                tracing::error!(error = %err, call_id = %call.id, "self-hosted interview cannot start");
                let _ = socket.send(Message::Close(None)).await;
                return;
            }
        };
        self.prefetch(&session).await;
        let generation = {
            let mut s = session.lock().await;
            s.generation += 1;
            s.generation
        };
        match self.converse(&session, generation, &mut socket).await {
            Stopped::Done => {
                let _ = send_json(&mut socket, json!({ "type": "ended" })).await;
                let _ = socket.send(Message::Close(None)).await;
                self.finish(&state, &call.id, &session, "assistant-ended-call")
                    .await;
            }
            Stopped::TakenOver => {}
            Stopped::HungUp => {
                let _ = socket.send(Message::Close(None)).await;
                self.finish(&state, &call.id, &session, "customer-ended-call")
                    .await;
            }
            Stopped::Disconnected => {
                tracing::info!(call_id = %call.id, "self-hosted interview: the page went away; waiting for it");
                let runtime = self.clone();
                tokio::spawn(async move {
                    tokio::time::sleep(RECONNECT_WITHIN).await;
                    let abandoned = {
                        let s = session.lock().await;
                        s.generation == generation && !s.finished
                    };
                    if abandoned {
                        runtime
                            .finish(&state, &call.id, &session, "customer-ended-call")
                            .await;
                    }
                });
            }
        }
    }

    /// The interview's steps, from the one the session is on.
    async fn converse(
        &self,
        session: &tokio::sync::Mutex<Session>,
        generation: u64,
        socket: &mut WebSocket,
    ) -> Stopped {
        let (call_id, assistant) = {
            let s = session.lock().await;
            let id = s.call["id"].as_str().unwrap_or_default().to_owned();
            (id, assistant_of(&s))
        };
        // From the candidate's last word to the next turn's first audio, when they answered.
        let mut turnaround: Option<Turnaround> = None;
        loop {
            let (step, number, steps) = {
                let mut s = session.lock().await;
                if s.generation != generation {
                    return Stopped::TakenOver;
                }
                if s.step >= s.plan.steps.len() {
                    return Stopped::Done;
                }
                // Out of time: only the closing is left to say.
                if s.recording.seconds() > s.max_seconds {
                    s.step = s.step.max(s.plan.steps.len() - 1);
                }
                (s.plan.steps[s.step].clone(), s.step + 1, s.plan.steps.len())
            };
            if let Err(err) = self.provider.still_running(&call_id).await {
                tracing::warn!(error = %err, "self-hosted interview: cannot mark a step");
            }
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
            let speaking = json!({ "type": "state", "state": "speaking" });
            if send_json(socket, speaking).await.is_err()
                || send_json(socket, caption).await.is_err()
            {
                return Stopped::Disconnected;
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
            let index = {
                let mut s = session.lock().await;
                let at = s.recording.seconds();
                let seconds = audio.len() as f64 / f64::from(SAMPLE_RATE);
                let started = s.started_at;
                s.messages
                    .push(message("bot", &step.text, started, at, seconds));
                s.recording.interviewer_says(&audio);
                if let StepKind::Question(n) = step.kind {
                    s.asked[n - 1] = true;
                }
                s.messages.len() - 1
            };
            for chunk in audio.chunks(AUDIO_CHUNK) {
                let bytes: Vec<u8> = chunk.iter().flat_map(|s| s.to_le_bytes()).collect();
                if socket.send(Message::Binary(bytes.into())).await.is_err() {
                    return Stopped::Disconnected;
                }
                if let Some(t) = turnaround.take()
                    && t.report(session, index, socket).await.is_err()
                {
                    return Stopped::Disconnected;
                }
            }
            turnaround = None;
            if !audio.is_empty() {
                let end = json!({ "type": "audio-end", "samples": audio.len() });
                if send_json(socket, end).await.is_err() {
                    return Stopped::Disconnected;
                }
                let playing = Duration::from_secs_f64(audio.len() as f64 / f64::from(SAMPLE_RATE));
                if let Err(cut) = wait_played(socket, playing + PLAY_GRACE).await {
                    return cut.into();
                }
            }
            if step.listen {
                match self.listen(session, generation, socket, &step.kind).await {
                    Ok(Listened::Heard(heard)) => {
                        if let StepKind::Question(n) = step.kind {
                            follow_up::consider(session, n).await;
                        }
                        turnaround = heard.map(Turnaround::decided);
                    }
                    Ok(Listened::TakenOver) => return Stopped::TakenOver,
                    Err(cut) => return cut.into(),
                }
            }
            let mut s = session.lock().await;
            if s.generation != generation {
                return Stopped::TakenOver;
            }
            s.step += 1;
        }
    }

    /// Listens to one answer, transcribed while it is spoken ([`Answer`]).
    async fn listen(
        &self,
        session: &tokio::sync::Mutex<Session>,
        generation: u64,
        socket: &mut WebSocket,
        kind: &StepKind,
    ) -> std::result::Result<Listened, Cut> {
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
                    if s.generation != generation {
                        return Ok(Listened::TakenOver);
                    }
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
            return Ok(Listened::Heard(None));
        };
        send_json(socket, json!({ "type": "state", "state": "thinking" }))
            .await
            .map_err(gone)?;
        let (heard, span) = answer.transcript(session).await;
        turnaround.transcribed();
        if let Some(text) = self.keep(session, kind, span, heard).await {
            send_json(socket, json!({ "type": "heard", "text": text }))
                .await
                .map_err(gone)?;
        }
        Ok(Listened::Heard(Some(turnaround)))
    }

    /// Ends the interview: the recording and the call as a provider reports it are stored, and
    /// the report is assessed like any other interview's.
    async fn finish(
        &self,
        state: &AppState,
        call_id: &str,
        session: &tokio::sync::Mutex<Session>,
        reason: &str,
    ) {
        let mut s = session.lock().await;
        if s.finished {
            return;
        }
        s.finished = true;
        let now = state.clock.now();
        let answered: Vec<Answered<'_>> = s
            .plan
            .questions
            .iter()
            .enumerate()
            .map(|(i, q)| Answered {
                question: q,
                asked: s.asked[i],
                answer: &s.answers[i],
                not_transcribed: s.not_transcribed[i],
            })
            .collect();
        let heuristic = grading::analysis(&answered, &s.plan.keywords);
        let transcript: Vec<String> = s
            .messages
            .iter()
            .map(|m| {
                let who = if m["role"] == "bot" { "AI" } else { "User" };
                let said = if m["notTranscribed"] == true {
                    NOT_TRANSCRIBED
                } else {
                    m["message"].as_str().unwrap_or_default()
                };
                format!("{who}: {said}")
            })
            .collect();
        // The interview lasted at least as long as its recording (a test streams faster than
        // real time; a page never does).
        let recorded = jiff::SignedDuration::from_secs_f64(s.recording.seconds());
        let ended_at = now.max(s.started_at + recorded);
        let mut body = s.call.clone();
        body["status"] = json!("ended");
        body["endedReason"] = json!(reason);
        body["endedAt"] = json!(to_iso(ended_at));
        body["updatedAt"] = json!(to_iso(now));
        body["artifact"] = json!({
            "messages": s.messages,
            "transcript": transcript.join("\n"),
            "recordingUrl": format!("{}{}", crate::voice::recordings::SELF_HOSTED_PREFIX, recording_key(call_id)),
        });
        let role = s.call["assistantOverrides"]["variableValues"]["jobTitle"]
            .as_str()
            .unwrap_or("the role")
            .to_owned();
        let questions = s.plan.questions.clone();
        let wav = s.recording.wav();
        drop(s);
        body["analysis"] = match &self.llm {
            None => heuristic,
            Some(llm) => match llm.analyse(&role, &questions, &transcript.join("\n")).await {
                Ok(analysis) => analysis,
                Err(err) => {
                    tracing::warn!(error = %err, call_id, "self-hosted interview: the language model gave no analysis; the heuristic one stands in");
                    heuristic
                }
            },
        };
        let stored = async {
            self.provider
                .save_recording(call_id, wav)
                .await
                .map_err(provider_failure)?;
            self.provider
                .save_call(call_id, "ended", &body)
                .await
                .map_err(provider_failure)?;
            repo::apply_status(&state.db, call_id, "ended", Some(reason), now).await?;
            let call: Call = serde_json::from_value(body.clone())
                .map_err(|e| Error::Internal(anyhow::anyhow!("the ended call: {e}")))?;
            reports::store(state, call_id, &call.report()).await
        }
        .await;
        match stored {
            Ok(_) => tracing::info!(call_id, reason, "self-hosted interview ended and stored"),
            Err(err) => {
                tracing::error!(error = %err, call_id, "self-hosted interview: cannot store its end")
            }
        }
        self.sessions().remove(call_id);
    }
}
