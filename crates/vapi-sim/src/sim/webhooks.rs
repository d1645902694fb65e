//! Which webhooks a call's events produce, and what they carry.

use std::time::Duration;

use serde_json::{Map, Value, json};

use super::{Event, Outgoing, Status, Store};
use crate::clock::iso;

impl Store {
    /// The webhooks an event produces (none if the call's assistant has no server URL or
    /// does not subscribe to that message type).
    pub(super) fn webhooks_for(&self, event: &Event) -> Vec<Outgoing> {
        let (id, at, kind) = match event {
            Event::Status { call, at } => (call, *at, "status-update"),
            Event::Report { call, at } => (call, *at, "end-of-call-report"),
        };
        let Some(call) = self.calls.get(id) else {
            return vec![];
        };
        let Some(assistant) = call.assistant.as_ref() else {
            return vec![];
        };
        let server = assistant.get("server");
        let url = server
            .and_then(|s| s.get("url"))
            .or_else(|| assistant.get("serverUrl"))
            .and_then(Value::as_str);
        let Some(url) = url.filter(|u| !u.is_empty()) else {
            return vec![];
        };
        if let Some(wanted) = assistant.get("serverMessages").and_then(Value::as_array)
            && !wanted.iter().any(|w| w.as_str() == Some(kind))
        {
            return vec![];
        }
        let secret = server
            .and_then(|s| s.get("secret"))
            .or_else(|| assistant.get("serverUrlSecret"))
            .and_then(Value::as_str)
            .map(String::from);
        let headers = server
            .and_then(|s| s.get("headers"))
            .and_then(Value::as_object)
            .map(|h| {
                h.iter()
                    .filter_map(|(k, v)| v.as_str().map(|v| (k.clone(), v.to_string())))
                    .collect()
            })
            .unwrap_or_default();
        let timeout = server
            .and_then(|s| s.get("timeoutSeconds"))
            .and_then(Value::as_f64)
            .unwrap_or(20.0);
        let call_json = self.render_call(call);
        let mut message = Map::new();
        message.insert("type".into(), json!(kind));
        message.insert("timestamp".into(), json!(at.as_millisecond()));
        match event {
            Event::Status { .. } => {
                message.insert("status".into(), json!(call.status.as_str()));
                if call.status == Status::Ended {
                    message.insert("endedReason".into(), json!(call.ended_reason));
                }
            }
            Event::Report { .. } => {
                message.insert("endedReason".into(), json!(call.ended_reason));
                message.insert(
                    "artifact".into(),
                    call.artifact.clone().unwrap_or_else(|| json!({})),
                );
                message.insert(
                    "analysis".into(),
                    call.analysis.clone().unwrap_or_else(|| json!({})),
                );
                if let Some(s) = call.started_at {
                    message.insert("startedAt".into(), json!(iso(s)));
                }
                if let Some(e) = call.ended_at {
                    message.insert("endedAt".into(), json!(iso(e)));
                }
                if let Some(cost) = call.cost {
                    message.insert("cost".into(), json!(cost));
                }
            }
        }
        message.insert("call".into(), call_json);
        message.insert("assistant".into(), Value::Object(assistant.clone()));
        if let Some(c) = call.request.get("customer") {
            message.insert("customer".into(), c.clone());
        }
        vec![Outgoing {
            url: url.into(),
            secret,
            headers,
            timeout: Duration::from_secs_f64(timeout.clamp(1.0, 300.0)),
            body: json!({ "message": message }),
            message_type: kind.into(),
            call_id: id.clone(),
        }]
    }
}
