//! Assistants and calls as Vapi answers them, and a call's recorded artifact.

use jiff::Timestamp;
use serde_json::{Map, Value, json};

use super::{AssistantRec, CallRec, Kind, Store};
use crate::clock::iso;
use crate::script::Line;

impl Store {
    pub(crate) fn render_assistant(&self, a: &AssistantRec) -> Value {
        let mut out = a.fields.clone();
        out.insert("id".into(), json!(a.id));
        out.insert("orgId".into(), json!(self.ctx.org_id));
        out.insert("createdAt".into(), json!(iso(a.created_at)));
        out.insert("updatedAt".into(), json!(iso(a.updated_at)));
        Value::Object(out)
    }

    /// A call as Vapi answers it (`GET /call/{id}` and inside webhooks).
    pub(crate) fn render_call(&self, c: &CallRec) -> Value {
        let mut out = Map::new();
        out.insert("id".into(), json!(c.id));
        out.insert("orgId".into(), json!(self.ctx.org_id));
        let kind = match c.kind {
            Kind::Phone => "outboundPhoneCall",
            Kind::Web => "webCall",
        };
        out.insert("type".into(), json!(kind));
        out.insert("status".into(), json!(c.status.as_str()));
        out.insert("createdAt".into(), json!(iso(c.created_at)));
        out.insert("updatedAt".into(), json!(iso(c.updated_at)));
        for (k, v) in &c.request {
            if k != "metadata" {
                out.insert(k.clone(), v.clone());
            }
        }
        match c.kind {
            Kind::Phone => {
                out.insert("phoneCallProvider".into(), json!("twilio"));
                out.insert("phoneCallTransport".into(), json!("pstn"));
            }
            Kind::Web => {
                let url = format!("{}/web-call/{}", self.ctx.base_url, c.id);
                out.insert("webCallUrl".into(), json!(url));
                out.insert(
                    "transport".into(),
                    json!({"provider": "daily", "callUrl": url, "conversationType": "voice"}),
                );
            }
        }
        if let Some(s) = c.started_at {
            out.insert("startedAt".into(), json!(iso(s)));
        }
        if let Some(e) = c.ended_at {
            out.insert("endedAt".into(), json!(iso(e)));
        }
        if let Some(r) = &c.ended_reason {
            out.insert("endedReason".into(), json!(r));
        }
        if let Some(cost) = c.cost {
            out.insert("cost".into(), json!(cost));
            out.insert("costBreakdown".into(), json!({"transport": 0.0, "stt": 0.0, "llm": cost, "tts": 0.0, "vapi": 0.0, "total": cost}));
        }
        if let Some(a) = &c.artifact {
            out.insert("messages".into(), a["messages"].clone());
            out.insert("artifact".into(), a.clone());
        }
        if let Some(a) = &c.analysis {
            out.insert("analysis".into(), a.clone());
        }
        if self.ctx.legacy {
            let metadata = c.request.get("metadata").or_else(|| {
                c.request
                    .get("assistantOverrides")
                    .and_then(|o| o.get("metadata"))
            });
            if let Some(m) = metadata {
                out.insert("metadata".into(), m.clone());
            }
            if let Some(a) = &c.artifact {
                out.insert("transcript".into(), a["transcript"].clone());
                if let Some(u) = a.get("recordingUrl") {
                    out.insert("recordingUrl".into(), u.clone());
                }
            }
            if let Some(s) = c.analysis.as_ref().and_then(|a| a.get("summary")) {
                out.insert("summary".into(), s.clone());
            }
        }
        Value::Object(out)
    }
}

/// `subscriptionLimits` as `POST /call` answers it.
pub(crate) fn subscription_limits(active: usize) -> Value {
    json!({"concurrencyBlocked": false, "concurrencyLimit": 10, "remainingConcurrentCalls": 10usize.saturating_sub(active)})
}

/// `call.artifact` for the lines that were spoken.
pub(super) fn artifact(
    heard: &[Line],
    system: Option<&str>,
    started: Timestamp,
    base: &str,
    id: &str,
) -> Value {
    let t0 = started.as_millisecond() as f64;
    let mut messages = Vec::new();
    let mut openai = Vec::new();
    if let Some(s) = system {
        messages.push(json!({"role": "system", "message": s, "time": t0, "secondsFromStart": 0}));
        openai.push(json!({"role": "system", "content": s}));
    }
    let mut transcript = Vec::new();
    for l in heard {
        let (role, label, oa) = if l.bot {
            ("bot", "AI", "assistant")
        } else {
            ("user", "User", "user")
        };
        let time = t0 + l.start * 1000.0;
        messages.push(json!({
            "role": role,
            "message": l.text,
            "time": time.round(),
            "endTime": (time + l.duration * 1000.0).round(),
            "secondsFromStart": (l.start * 100.0).round() / 100.0,
            "duration": (l.duration * 1000.0).round(),
        }));
        openai.push(json!({"role": oa, "content": l.text}));
        transcript.push(format!("{label}: {}", l.text));
    }
    let url = format!("{base}/recordings/{id}.wav");
    json!({
        "messages": messages,
        "messagesOpenAIFormatted": openai,
        "transcript": transcript.join("\n"),
        "recordingUrl": url,
        "recording": {"mono": {"combinedUrl": url}},
    })
}
