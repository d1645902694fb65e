//! Request validation with Vapi's (class-validator's) wording.
//!
//! Vapi whitelists properties: an unknown one fails with "property X should not exist". The
//! allowed sets are the union of the 2024-10 and 2026-08 documents, so both the mid-2024 shape
//! the product was written for (`silenceTimeoutSeconds`, `serverUrl`, flat `analysisPlan`) and
//! the current one are accepted. Only the fields the product uses are checked in depth.

use serde_json::{Map, Value};

pub(crate) const ASSISTANT_KEYS: &[&str] = &[
    "analysisPlan",
    "artifactPlan",
    "backchannelingEnabled",
    "backgroundDenoisingEnabled",
    "backgroundSound",
    "backgroundSpeechDenoisingPlan",
    "clientMessages",
    "compliancePlan",
    "credentialIds",
    "credentials",
    "endCallMessage",
    "endCallPhrases",
    "firstMessage",
    "firstMessageInterruptionsEnabled",
    "firstMessageMode",
    "hipaaEnabled",
    "hooks",
    "keypadInputPlan",
    "maxDurationSeconds",
    "messagePlan",
    "metadata",
    "model",
    "modelOutputInMessagesEnabled",
    "monitorPlan",
    "name",
    "observabilityPlan",
    "server",
    "serverMessages",
    "serverUrl",
    "serverUrlSecret",
    "silenceTimeoutSeconds",
    "startSpeakingPlan",
    "stopSpeakingPlan",
    "transcriber",
    "transportConfigurations",
    "voice",
    "voicemailDetection",
    "voicemailMessage",
];

pub(crate) const CALL_KEYS: &[&str] = &[
    "assistant",
    "assistantId",
    "assistantOverrides",
    "assistantVersion",
    "customer",
    "customerId",
    "customers",
    "name",
    "phoneNumber",
    "phoneNumberId",
    "schedulePlan",
    "squad",
    "squadId",
    "squadOverrides",
    "transport",
    "workflow",
    "workflowId",
    "workflowOverrides",
];

pub(crate) const WEB_CALL_KEYS: &[&str] = &[
    "assistant",
    "assistantId",
    "assistantOverrides",
    "assistantVersion",
    "roomDeleteOnUserLeaveEnabled",
    "squad",
    "squadId",
    "squadOverrides",
    "workflow",
    "workflowId",
    "workflowOverrides",
];

const CUSTOMER_KEYS: &[&str] = &[
    "assistantOverrides",
    "email",
    "extension",
    "externalId",
    "name",
    "number",
    "numberE164CheckEnabled",
    "sipUri",
    "squadOverrides",
];

/// Collects problems the way class-validator reports them.
#[derive(Debug, Default)]
pub(crate) struct Problems(pub Vec<String>);

impl Problems {
    fn push(&mut self, m: String) {
        self.0.push(m);
    }

    /// Unknown top-level properties.
    pub(crate) fn whitelist(&mut self, body: &Map<String, Value>, allowed: &[&str], prefix: &str) {
        for key in body.keys() {
            if !allowed.contains(&key.as_str()) {
                self.push(format!("property {prefix}{key} should not exist"));
            }
        }
    }

    fn string(&mut self, body: &Map<String, Value>, key: &str, path: &str, max: Option<usize>) {
        match body.get(key) {
            None => {}
            Some(Value::String(s)) => {
                if let Some(max) = max
                    && s.chars().count() > max
                {
                    self.push(format!(
                        "{path} must be shorter than or equal to {max} characters"
                    ));
                }
            }
            Some(_) => self.push(format!("{path} must be a string")),
        }
    }

    fn number(&mut self, body: &Map<String, Value>, key: &str, path: &str, min: f64, max: f64) {
        match body.get(key) {
            None => {}
            Some(Value::Number(n)) => {
                let v = n.as_f64().unwrap_or(f64::NAN);
                if v < min {
                    self.push(format!("{path} must not be less than {min}"));
                } else if v > max {
                    self.push(format!("{path} must not be greater than {max}"));
                }
            }
            Some(_) => self.push(format!(
                "{path} must be a number conforming to the specified constraints"
            )),
        }
    }

    fn object<'a>(
        &mut self,
        body: &'a Map<String, Value>,
        key: &str,
        path: &str,
    ) -> Option<&'a Map<String, Value>> {
        match body.get(key) {
            None => None,
            Some(Value::Object(o)) => Some(o),
            Some(_) => {
                self.push(format!("{path} must be an object"));
                None
            }
        }
    }

    fn into_result(self) -> Result<(), Vec<String>> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(self.0)
        }
    }
}

/// `CreateAssistantDTO` / `UpdateAssistantDTO` (all fields optional in both).
pub(crate) fn assistant(body: &Map<String, Value>) -> Result<(), Vec<String>> {
    let mut p = Problems::default();
    p.whitelist(body, ASSISTANT_KEYS, "");
    assistant_fields(&mut p, body, "");
    p.into_result()
}

/// Checks shared by assistants and `assistantOverrides`.
fn assistant_fields(p: &mut Problems, body: &Map<String, Value>, prefix: &str) {
    p.string(body, "name", &format!("{prefix}name"), Some(40));
    p.string(body, "firstMessage", &format!("{prefix}firstMessage"), None);
    p.string(
        body,
        "voicemailMessage",
        &format!("{prefix}voicemailMessage"),
        Some(1000),
    );
    p.string(
        body,
        "endCallMessage",
        &format!("{prefix}endCallMessage"),
        Some(1000),
    );
    p.string(body, "serverUrl", &format!("{prefix}serverUrl"), None);
    p.string(
        body,
        "serverUrlSecret",
        &format!("{prefix}serverUrlSecret"),
        None,
    );
    p.number(
        body,
        "maxDurationSeconds",
        &format!("{prefix}maxDurationSeconds"),
        10.0,
        43200.0,
    );
    // The 2024 schema said 10..600; the current dashboard allows up to 3600.
    p.number(
        body,
        "silenceTimeoutSeconds",
        &format!("{prefix}silenceTimeoutSeconds"),
        10.0,
        3600.0,
    );
    p.object(body, "metadata", &format!("{prefix}metadata"));
    p.object(body, "analysisPlan", &format!("{prefix}analysisPlan"));
    if let Some(model) = p.object(body, "model", &format!("{prefix}model")) {
        for key in ["provider", "model"] {
            if !model.get(key).is_some_and(Value::is_string) {
                p.push(format!("{prefix}model.{key} must be a string"));
            }
        }
        p.number(
            model,
            "temperature",
            &format!("{prefix}model.temperature"),
            0.0,
            2.0,
        );
        if let Some(messages) = model.get("messages") {
            let ok = messages.as_array().is_some_and(|m| {
                m.iter()
                    .all(|x| x.get("role").is_some_and(Value::is_string))
            });
            if !ok {
                p.push(format!(
                    "{prefix}model.messages must be an array of {{role, content}}"
                ));
            }
        }
    }
    if let Some(voice) = p.object(body, "voice", &format!("{prefix}voice")) {
        for key in ["provider", "voiceId"] {
            if !voice.get(key).is_some_and(Value::is_string) {
                p.push(format!("{prefix}voice.{key} must be a string"));
            }
        }
    }
    if let Some(server) = p.object(body, "server", &format!("{prefix}server")) {
        p.string(server, "url", &format!("{prefix}server.url"), None);
        p.number(
            server,
            "timeoutSeconds",
            &format!("{prefix}server.timeoutSeconds"),
            1.0,
            300.0,
        );
    }
    if let Some(messages) = body.get("serverMessages")
        && !messages
            .as_array()
            .is_some_and(|m| m.iter().all(Value::is_string))
    {
        p.push(format!(
            "{prefix}serverMessages must be an array of strings"
        ));
    }
}

/// `assistantOverrides` (on a call, a web call or a customer).
fn overrides(p: &mut Problems, body: &Map<String, Value>, path: &str) {
    if let Some(o) = p.object(body, "assistantOverrides", path) {
        assistant_fields(p, o, &format!("{path}."));
        p.object(o, "variableValues", &format!("{path}.variableValues"));
    }
}

/// `CreateCallDTO`; `legacy` also accepts the mid-2024 top-level `metadata`.
pub(crate) fn call(body: &Map<String, Value>, legacy: bool) -> Result<(), Vec<String>> {
    let mut p = Problems::default();
    if legacy {
        let mut allowed = CALL_KEYS.to_vec();
        allowed.push("metadata");
        p.whitelist(body, &allowed, "");
    } else {
        p.whitelist(body, CALL_KEYS, "");
    }
    p.string(body, "name", "name", Some(40));
    overrides(&mut p, body, "assistantOverrides");
    if let Some(a) = p.object(body, "assistant", "assistant") {
        p.whitelist(a, ASSISTANT_KEYS, "assistant.");
        assistant_fields(&mut p, a, "assistant.");
    }
    if let Some(plan) = p.object(body, "schedulePlan", "schedulePlan") {
        for key in ["earliestAt", "latestAt"] {
            let valid = match plan.get(key) {
                None => key != "earliestAt",
                Some(v) => v
                    .as_str()
                    .and_then(|s| s.parse::<jiff::Timestamp>().ok())
                    .is_some(),
            };
            if !valid {
                p.push(format!(
                    "schedulePlan.{key} must be a valid ISO 8601 date string"
                ));
            }
        }
    }
    if body.contains_key("customer") && body.contains_key("customers") {
        p.push("Only one of `customer` or `customers` may be provided.".into());
    }
    if let Some(c) = p.object(body, "customer", "customer") {
        p.0.extend(customer(c, "customer"));
    }
    if let Some(list) = body.get("customers")
        && !list.is_array()
    {
        p.push("customers must be an array".into());
    }
    p.into_result()
}

/// `CreateWebCallDTO`.
pub(crate) fn web_call(body: &Map<String, Value>) -> Result<(), Vec<String>> {
    let mut p = Problems::default();
    p.whitelist(body, WEB_CALL_KEYS, "");
    overrides(&mut p, body, "assistantOverrides");
    if let Some(a) = p.object(body, "assistant", "assistant") {
        p.whitelist(a, ASSISTANT_KEYS, "assistant.");
        assistant_fields(&mut p, a, "assistant.");
    }
    if body.get("assistantId").is_none() && body.get("assistant").is_none() {
        p.push("Need Either `assistantId` Or `assistant`.".into());
    }
    p.into_result()
}

/// `CreateCustomerDTO`; returns the problems (empty when valid).
pub(crate) fn customer(c: &Map<String, Value>, path: &str) -> Vec<String> {
    let mut p = Problems::default();
    p.whitelist(c, CUSTOMER_KEYS, &format!("{path}."));
    for key in ["name", "email", "externalId"] {
        p.string(c, key, &format!("{path}.{key}"), Some(40));
    }
    p.string(c, "extension", &format!("{path}.extension"), Some(10));
    let e164_check = c.get("numberE164CheckEnabled").and_then(Value::as_bool) != Some(false);
    match c.get("number") {
        Some(Value::String(n)) => {
            if n.len() < 3 || n.len() > 40 {
                p.push(format!("{path}.number must be longer than or equal to 3 and shorter than or equal to 40 characters"));
            } else if e164_check && !is_e164(n) {
                p.push(format!(
                    "Number `{n}` is not a valid E.164 phone number. Set `numberE164CheckEnabled: false` to skip this check."
                ));
            }
        }
        Some(_) => p.push(format!("{path}.number must be a string")),
        None => {
            if !c.contains_key("sipUri") {
                p.push(format!("{path}.number must be a string"));
            }
        }
    }
    overrides(&mut p, c, &format!("{path}.assistantOverrides"));
    p.0
}

/// `+` then 2 to 15 digits, the first not zero.
fn is_e164(n: &str) -> bool {
    n.strip_prefix('+').is_some_and(|d| {
        (2..=15).contains(&d.len()) && d.chars().all(|c| c.is_ascii_digit()) && !d.starts_with('0')
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn assistant_rules() {
        assert!(
            assistant(&obj(
                json!({"name": "Backend screen", "silenceTimeoutSeconds": 60})
            ))
            .is_ok()
        );
        let err = assistant(&obj(
            json!({"name": "x".repeat(41), "bogus": 1, "maxDurationSeconds": 5}),
        ))
        .unwrap_err();
        assert!(
            err.contains(&"property bogus should not exist".to_string()),
            "{err:?}"
        );
        assert!(err.contains(&"name must be shorter than or equal to 40 characters".to_string()));
        assert!(err.contains(&"maxDurationSeconds must not be less than 10".to_string()));
    }

    #[test]
    fn e164() {
        assert!(is_e164("+14155550123"));
        assert!(!is_e164("14155550123"));
        assert!(!is_e164("+0123"));
    }
}
