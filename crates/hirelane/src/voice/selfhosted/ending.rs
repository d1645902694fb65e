//! How an interview ends, from what was stored of it: the transcript of its finished steps, the
//! recording assembled from their chunks, a heuristic analysis, and the call as a provider's
//! end-of-call report describes it. The instance that ran it ends it this way, and so does the
//! reconciler for an interview whose instance died, so both give the same result.

use hirelane_core::clock::to_iso;
use jiff::Timestamp;
use serde_json::{Value, json};

use super::grading::{self, Answered};
use super::hearing::NOT_TRANSCRIBED;
use super::recording::{self, recording_url};
use super::session_store::{self, Durable};
use super::speech::SAMPLE_RATE;
use crate::error::Result;
use crate::store::Db;
use crate::store::files::FileStore;

/// An interview ready to be stored as ended.
#[derive(Debug)]
pub(super) struct Ending {
    /// The call as the provider reports it, ended, with its heuristic analysis.
    pub body: Value,
    pub wav: Vec<u8>,
    /// `AI: …` / `User: …` lines, for a language model's analysis.
    pub transcript: String,
    pub role: String,
    pub questions: Vec<String>,
    /// The chunks the recording was made of (removed once it is stored).
    pub chunk_keys: Vec<String>,
}

/// The interview `call_id` ended for `reason` at `now`, from what was stored; `None` when it
/// has no stored session.
pub(super) async fn ending(
    db: &Db,
    files: &FileStore,
    call_id: &str,
    reason: &str,
    now: Timestamp,
) -> Result<Option<Ending>> {
    let Some(durable) = session_store::load(db, call_id).await? else {
        return Ok(None);
    };
    let steps = session_store::steps(db, call_id).await?;
    let chunk_keys: Vec<String> = steps.iter().map(|(_, key)| key.clone()).collect();
    let chunks = session_store::chunks(files, &chunk_keys).await?;
    let messages: Vec<Value> = steps
        .into_iter()
        .flat_map(|(step, _)| step.messages)
        .collect();
    let wav = recording::wav(&chunks);
    let frames = chunks.iter().map(Vec::len).sum::<usize>() / 4;
    Ok(Some(ended(
        &durable, call_id, messages, wav, frames, chunk_keys, reason, now,
    )))
}

#[allow(clippy::too_many_arguments)]
fn ended(
    s: &Durable,
    call_id: &str,
    messages: Vec<Value>,
    wav: Vec<u8>,
    frames: usize,
    chunk_keys: Vec<String>,
    reason: &str,
    now: Timestamp,
) -> Ending {
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
    let transcript: Vec<String> = messages
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
    let transcript = transcript.join("\n");
    // The interview lasted at least as long as its recording (a test streams faster than
    // real time; a page never does).
    let recorded = jiff::SignedDuration::from_secs_f64(frames as f64 / f64::from(SAMPLE_RATE));
    let ended_at = now.max(s.started_at() + recorded);
    let mut body = s.call.clone();
    body["status"] = json!("ended");
    body["endedReason"] = json!(reason);
    body["endedAt"] = json!(to_iso(ended_at));
    body["updatedAt"] = json!(to_iso(now));
    body["artifact"] = json!({
        "messages": messages,
        "transcript": transcript,
        "recordingUrl": recording_url(call_id),
    });
    body["analysis"] = grading::analysis(&answered, &s.plan.keywords);
    Ending {
        body,
        wav,
        transcript,
        role: s.call["assistantOverrides"]["variableValues"]["jobTitle"]
            .as_str()
            .unwrap_or("the role")
            .to_owned(),
        questions: s.plan.questions.clone(),
        chunk_keys,
    }
}
