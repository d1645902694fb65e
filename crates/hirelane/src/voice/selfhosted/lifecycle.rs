//! An interview's beginning and end on the instance running it: the first socket stores its
//! session (the plan for this candidate, built from the assistant and its rubric) and marks the
//! call in progress; the last one stores it as ended, from what was stored of it
//! ([`super::ending`]), analysed by the language model when one is configured, and reports it
//! like any other interview.

use hirelane_core::clock::{to_iso, to_millis};
use serde_json::{Map, Value, json};

use super::ending::{self, Ending};
use super::plan::Plan;
use super::provider::provider_failure;
use super::runtime::Runtime;
use super::session_store::{self, Durable};
use crate::error::{Error, Result};
use crate::state::AppState;
use crate::voice::conclusions::reports;
use crate::voice::provider::VoiceProvider;
use crate::voice::repo;
use crate::voice::rubric::{self, question_key};
use crate::voice::vapi::Call;

impl Runtime {
    /// Stores the session of `call` if it has none yet (its first socket), and marks the call
    /// in progress.
    pub(super) async fn start(&self, state: &AppState, call: &Call, body: Value) -> Result<()> {
        if session_store::load(&state.db, &call.id).await?.is_some() {
            return Ok(());
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
        let durable = Durable {
            call: body.clone(),
            plan,
            step: 0,
            answers: vec![String::new(); questions],
            asked: vec![false; questions],
            key_points,
            followed_up: vec![false; questions],
            not_transcribed: vec![false; questions],
            started_at: to_millis(now),
            max_seconds,
            recorded_frames: 0,
        };
        if session_store::create(&state.db, &call.id, &durable, now).await? {
            self.provider
                .save_call(&call.id, "in-progress", &body)
                .await
                .map_err(provider_failure)?;
            repo::apply_status(&state.db, &call.id, "in-progress", None, now).await?;
        }
        Ok(())
    }

    /// Ends the interview with what was stored of it: the recording and the call as a provider
    /// reports it are stored, and the report is assessed like any other interview's. Whoever
    /// ends it first does; later attempts (another instance, the reconciler) change nothing.
    pub(super) async fn finish(&self, state: &AppState, call_id: &str, reason: &str) {
        let now = state.clock.now();
        let ending = match ending::ending(&state.db, &state.files, call_id, reason, now).await {
            Ok(Some(ending)) => ending,
            Ok(None) => return,
            Err(err) => {
                tracing::error!(error = %err, call_id, "self-hosted interview: cannot read what was stored of it");
                return;
            }
        };
        let Ending {
            mut body,
            wav,
            transcript,
            role,
            questions,
            chunk_keys,
        } = ending;
        if let Some(llm) = &self.llm {
            match llm.analyse(&role, &questions, &transcript).await {
                Ok(analysis) => body["analysis"] = analysis,
                Err(err) => {
                    tracing::warn!(error = %err, call_id, "self-hosted interview: the language model gave no analysis; the heuristic one stands in");
                }
            }
        }
        let stored = async {
            self.provider
                .save_recording(call_id, wav)
                .await
                .map_err(provider_failure)?;
            if !self
                .provider
                .end_call(call_id, &body)
                .await
                .map_err(provider_failure)?
            {
                return Ok(false);
            }
            repo::apply_status(&state.db, call_id, "ended", Some(reason), now).await?;
            let call: Call = serde_json::from_value(body.clone())
                .map_err(|e| Error::Internal(anyhow::anyhow!("the ended call: {e}")))?;
            reports::store(state, call_id, &call.report()).await?;
            Ok::<_, Error>(true)
        }
        .await;
        match stored {
            Ok(true) => {
                tracing::info!(call_id, reason, "self-hosted interview ended and stored");
                session_store::forget(&state.db, &state.files, call_id, &chunk_keys).await;
            }
            Ok(false) => {}
            Err(err) => {
                tracing::error!(error = %err, call_id, "self-hosted interview: cannot store its end")
            }
        }
    }
}
