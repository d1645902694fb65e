//! A call's life: queued, ringing, in progress, ended, each transition at its scheduled instant.

use std::sync::Arc;

use jiff::{SignedDuration, Timestamp};
use serde_json::{Map, Value, json};

use super::render::artifact;
use super::{CallRec, Event, Kind, Status, Store};
use crate::ids::hash;
use crate::script::{Interview, Line, Outcome};

/// Vapi's default when an assistant sets no `maxDurationSeconds`.
const DEFAULT_MAX_DURATION: u64 = 600;
/// How long a web call waits for the browser to join before it gives up.
const WEB_JOIN_TIMEOUT: SignedDuration = SignedDuration::from_secs(10 * 60);

impl Store {
    pub(crate) fn next_id(&mut self) -> (String, u64) {
        self.seq += 1;
        (self.ids.next_uuid(), self.seq)
    }

    /// Runs every transition due at `now`, each at its own scheduled instant.
    pub(super) fn tick(&mut self, now: Timestamp) {
        loop {
            let due = self
                .calls
                .values()
                .filter_map(|c| {
                    c.next_at
                        .filter(|at| *at <= now)
                        .map(|at| (at, c.seq, c.id.clone()))
                })
                .min();
            let Some((at, _, id)) = due else { return };
            self.step(&id, at);
        }
    }

    /// One transition of one call, at `at`.
    fn step(&mut self, id: &str, at: Timestamp) {
        let Some(call) = self.calls.get(id) else {
            return;
        };
        let (kind, status, outcome) = (call.kind, call.status, call.outcome);
        match (kind, status) {
            (_, Status::Scheduled) => {
                // Resolved first so the "queued" webhook knows where to go.
                if self.resolve_assistant(id, at) {
                    self.set_status(id, Status::Queued, at, Some(secs(at, 1)));
                }
            }
            (Kind::Phone, Status::Queued) => {
                let ring = match outcome {
                    Outcome::NoAnswer => 30,
                    Outcome::Busy => 3,
                    _ => 5,
                };
                self.set_status(id, Status::Ringing, at, Some(secs(at, ring)));
            }
            (Kind::Phone, Status::Ringing) => {
                if outcome.answers() {
                    self.start_conversation(id, at);
                } else {
                    let reason = if outcome == Outcome::Busy {
                        "customer-busy"
                    } else {
                        "customer-did-not-answer"
                    };
                    self.end(id, at, reason);
                }
            }
            // The browser never joined.
            (Kind::Web, Status::Queued) => {
                self.end(id, at, "customer-did-not-give-microphone-permission")
            }
            (_, Status::InProgress) => {
                let reason = self.natural_end_reason(id);
                self.end(id, at, reason);
            }
            (Kind::Web, Status::Ringing) | (_, Status::Ended) => {
                if let Some(c) = self.calls.get_mut(id) {
                    c.next_at = None;
                }
            }
        }
    }

    fn set_status(&mut self, id: &str, status: Status, at: Timestamp, next_at: Option<Timestamp>) {
        if let Some(c) = self.calls.get_mut(id) {
            c.status = status;
            c.updated_at = at;
            c.next_at = next_at;
            let out = self.webhooks_for(&Event::Status {
                call: id.into(),
                at,
            });
            self.outgoing.extend(out);
        }
    }

    /// Fixes the assistant the call will use (Vapi reads a saved assistant at call time, so a
    /// deleted one makes the call fail).
    pub(crate) fn resolve_assistant(&mut self, id: &str, at: Timestamp) -> bool {
        let Some(call) = self.calls.get(id) else {
            return false;
        };
        let base = match call.request.get("assistantId").and_then(Value::as_str) {
            Some(aid) => self.assistants.get(aid).map(|a| a.fields.clone()),
            None => call
                .request
                .get("assistant")
                .and_then(Value::as_object)
                .cloned(),
        };
        let Some(mut assistant) = base else {
            if let Some(c) = self.calls.get_mut(id) {
                c.status = Status::Ended;
                c.ended_at = Some(at);
                c.updated_at = at;
                c.next_at = None;
                c.ended_reason = Some("assistant-not-found".into());
                c.artifact =
                    Some(json!({"messages": [], "messagesOpenAIFormatted": [], "transcript": ""}));
                c.analysis = Some(json!({}));
            }
            return false;
        };
        let scripted = assistant
            .get("metadata")
            .and_then(|m| m.get("questions"))
            .cloned();
        if let Some(o) = call
            .request
            .get("assistantOverrides")
            .and_then(Value::as_object)
        {
            for (k, v) in o {
                if k != "variableValues" {
                    assistant.insert(k.clone(), v.clone());
                }
            }
        }
        if let Some(c) = self.calls.get_mut(id) {
            c.assistant = Some(assistant);
            c.scripted = scripted;
        }
        true
    }

    /// The call is answered (phone) or joined (web): the interview begins.
    pub(crate) fn start_conversation(&mut self, id: &str, at: Timestamp) {
        let Some(call) = self.calls.get_mut(id) else {
            return;
        };
        let assistant = call.assistant.clone().unwrap_or_default();
        let variables = call
            .request
            .get("assistantOverrides")
            .and_then(|o| o.get("variableValues"))
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        let interview = Interview::new(
            &assistant,
            call.scripted.as_ref(),
            &variables,
            candidate_name(&call.request),
            call.outcome,
            call.call_hash,
        );
        let max = assistant
            .get("maxDurationSeconds")
            .and_then(Value::as_f64)
            .map_or(DEFAULT_MAX_DURATION, |s| s as u64);
        let length = interview.length_seconds().min(max);
        call.interview = Some(interview);
        call.started_at = Some(at);
        self.set_status(id, Status::InProgress, at, Some(secs(at, length as i64)));
    }

    fn natural_end_reason(&self, id: &str) -> &'static str {
        let Some(call) = self.calls.get(id) else {
            return "assistant-ended-call";
        };
        if call.outcome == Outcome::Voicemail {
            return "voicemail";
        }
        let max = call
            .assistant
            .as_ref()
            .and_then(|a| a.get("maxDurationSeconds"))
            .and_then(Value::as_f64)
            .map_or(DEFAULT_MAX_DURATION, |s| s as u64);
        match &call.interview {
            Some(i) if i.length_seconds() > max => "exceeded-max-duration",
            _ => "assistant-ended-call",
        }
    }

    /// Ends a call at `at`: builds the artifact, analysis and recording from what was said.
    pub(crate) fn end(&mut self, id: &str, at: Timestamp, reason: &str) {
        let base = self.ctx.base_url.clone();
        let Some(call) = self.calls.get_mut(id) else {
            return;
        };
        if call.status == Status::Ended {
            return;
        }
        call.ended_at = Some(at);
        call.ended_reason = Some(reason.into());
        let (artifact, analysis, recording, cost) = match (call.heard(), call.started_at) {
            (Some((interview, heard)), Some(started)) => {
                let elapsed = at.duration_since(started).as_secs_f64();
                // The prompt as the model saw it, its template variables filled in.
                let system = Some(interview.system.clone()).filter(|s| !s.is_empty());
                let artifact = artifact(&heard, system.as_deref(), started, &base, id);
                let wav = recording(call.call_hash, &heard);
                let minutes = elapsed / 60.0;
                (
                    artifact,
                    interview.analysis(&heard, reason),
                    Some(Arc::new(wav)),
                    Some((minutes * 0.1 * 100.0).round() / 100.0),
                )
            }
            _ => (
                json!({"messages": [], "messagesOpenAIFormatted": [], "transcript": ""}),
                json!({}),
                None,
                Some(0.0),
            ),
        };
        call.artifact = Some(artifact);
        call.analysis = Some(analysis);
        call.recording = recording;
        call.cost = cost;
        self.set_status(id, Status::Ended, at, None);
        let out = self.webhooks_for(&Event::Report {
            call: id.into(),
            at,
        });
        self.outgoing.extend(out);
    }

    /// Creates a call record and returns its id; `request` holds the echoed create fields.
    pub(crate) fn insert_call(
        &mut self,
        kind: Kind,
        request: Map<String, Value>,
        now: Timestamp,
        seed: u64,
    ) -> String {
        let (id, seq) = self.next_id();
        let call_hash = hash(seed, &id);
        let overrides = request.get("assistantOverrides");
        let hints = [
            overrides
                .and_then(|o| o.get("metadata"))
                .and_then(|m| m.get("simOutcome")),
            overrides
                .and_then(|o| o.get("variableValues"))
                .and_then(|m| m.get("simOutcome")),
            request.get("metadata").and_then(|m| m.get("simOutcome")),
        ];
        let outcome = Outcome::steer(&hints, &candidate_name(&request), call_hash);
        let earliest = request
            .get("schedulePlan")
            .and_then(|p| p.get("earliestAt"))
            .and_then(Value::as_str)
            .and_then(|s| s.parse::<Timestamp>().ok())
            .filter(|t| *t > now);
        let (status, next_at) = match (kind, earliest) {
            (Kind::Phone, Some(at)) => (Status::Scheduled, Some(at)),
            (Kind::Phone, None) => (Status::Queued, Some(secs(now, 1))),
            (Kind::Web, _) => (Status::Queued, now.saturating_add(WEB_JOIN_TIMEOUT).ok()),
        };
        let call = CallRec {
            id: id.clone(),
            seq,
            kind,
            request,
            created_at: now,
            updated_at: now,
            status,
            next_at,
            started_at: None,
            ended_at: None,
            ended_reason: None,
            outcome,
            call_hash,
            assistant: None,
            scripted: None,
            interview: None,
            artifact: None,
            analysis: None,
            cost: None,
            recording: None,
        };
        self.calls.insert(id.clone(), call);
        if status == Status::Queued {
            self.resolve_assistant(&id, now);
        }
        id
    }

    /// Calls currently holding a concurrency slot (Vapi's default limit is 10).
    pub(crate) fn active_calls(&self) -> usize {
        self.calls
            .values()
            .filter(|c| {
                matches!(
                    c.status,
                    Status::Queued | Status::Ringing | Status::InProgress
                )
            })
            .count()
    }
}

fn secs(at: Timestamp, s: i64) -> Timestamp {
    at.saturating_add(SignedDuration::from_secs(s))
        .unwrap_or(at)
}

/// The candidate's name as the call knows it (customer, then template variables, then
/// metadata), or "Candidate".
fn candidate_name(request: &Map<String, Value>) -> String {
    let overrides = request.get("assistantOverrides");
    [
        request.get("customer").and_then(|c| c.get("name")),
        overrides
            .and_then(|o| o.get("variableValues"))
            .and_then(|v| v.get("candidateName")),
        overrides
            .and_then(|o| o.get("metadata"))
            .and_then(|v| v.get("candidateName")),
        request.get("metadata").and_then(|v| v.get("candidateName")),
    ]
    .into_iter()
    .flatten()
    .find_map(|v| v.as_str().filter(|s| !s.trim().is_empty()))
    .unwrap_or("Candidate")
    .to_string()
}

impl CallRec {
    /// The interview and what was said in it before the call ended (none before it began).
    pub(super) fn heard(&self) -> Option<(&Interview, Vec<Line>)> {
        let interview = self.interview.as_ref()?;
        let elapsed = self
            .ended_at?
            .duration_since(self.started_at?)
            .as_secs_f64();
        let heard = interview
            .conversation()
            .into_iter()
            .filter(|l| l.start < elapsed)
            .collect();
        Some((interview, heard))
    }
}

/// The call's recording: every utterance heard, each voice at its own pitch. Deterministic, so
/// a restarted simulator renders the same bytes again from the saved call.
pub(super) fn recording(call_hash: u64, heard: &[Line]) -> Vec<u8> {
    crate::wav::synthesize(
        &heard
            .iter()
            .map(|l| crate::wav::Utterance {
                bot: l.bot,
                pitch: hash(call_hash, &l.text),
                start: l.start,
                duration: l.duration,
            })
            .collect::<Vec<_>>(),
    )
}
