//! Whether a call ran exactly as we set it up. Every call we create (or let a browser start)
//! carries a seal in its metadata: our signature over the invite, the assistant and the
//! template variables. After the call, the provider's own copy of it (the signed webhook's
//! `call`, or `GET /call/{id}` with our private key) must show that assistant, those variables
//! and no other override; otherwise someone changed what the interviewer said or how it graded,
//! and the call is never scored.

use hirelane_core::keys::{Keys, token_digest};
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The metadata key of the seal.
pub const SEAL_KEY: &str = "callSeal";
/// How long a seal stays verifiable (reports can arrive late).
const SEAL_LIFETIME: SignedDuration = SignedDuration::from_hours(7 * 24);
/// The only overrides we send; anything else in a call's `assistantOverrides` came from
/// somewhere else.
const OUR_OVERRIDES: &[&str] = &["variableValues", "metadata"];

/// What the integrity check concluded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum IntegrityStatus {
    /// The call ran with exactly our assistant and variables.
    Verified,
    /// Something outside changed the call: it is shown, never scored.
    Failed,
    /// A call of no invite, made elsewhere (the provider's dashboard, say): nothing to check.
    Unchecked,
}

impl IntegrityStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            IntegrityStatus::Verified => "verified",
            IntegrityStatus::Failed => "failed",
            IntegrityStatus::Unchecked => "unchecked",
        }
    }

    pub fn parse(text: &str) -> Option<IntegrityStatus> {
        [Self::Verified, Self::Failed, Self::Unchecked]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// The check's outcome and, when it failed, what was found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
pub struct Integrity {
    pub status: IntegrityStatus,
    pub detail: Option<String>,
}

impl Integrity {
    fn failed(detail: impl Into<String>) -> Integrity {
        Integrity {
            status: IntegrityStatus::Failed,
            detail: Some(detail.into()),
        }
    }
}

/// The resource a seal signs: the invite (or none), the assistant and a digest of the
/// variables and the rest of the metadata, so changing any of them breaks it.
fn sealed_resource(
    invite_id: Option<i64>,
    assistant_id: &str,
    variables: &Map<String, Value>,
    metadata: &Map<String, Value>,
) -> String {
    // Sorted lines: the same values give the same text whatever the maps' order.
    let mut lines: Vec<String> = variables
        .iter()
        .map(|(k, v)| format!("variable {k}={v}"))
        .chain(
            metadata
                .iter()
                .filter(|(k, _)| k.as_str() != SEAL_KEY)
                .map(|(k, v)| format!("metadata {k}={v}")),
        )
        .collect();
    lines.sort();
    let invite = invite_id.map_or_else(|| "-".to_owned(), |id| id.to_string());
    format!(
        "interview-call:{invite}:{assistant_id}:{}",
        token_digest(&lines.join("\n"))
    )
}

/// The seal of a call we set up: `<expiry, Unix seconds>.<signature>`.
pub fn seal(
    keys: &Keys,
    invite_id: Option<i64>,
    assistant_id: &str,
    variables: &Map<String, Value>,
    metadata: &Map<String, Value>,
    now: Timestamp,
) -> String {
    let expires = (now + SEAL_LIFETIME).as_second();
    let resource = sealed_resource(invite_id, assistant_id, variables, metadata);
    let signature = keys.sign_link(&resource, expires);
    format!("{expires}.{signature}")
}

/// What the provider says a call ran with.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CallOrigin {
    pub assistant_id: Option<String>,
    /// The call's `assistantOverrides`.
    pub overrides: Option<Value>,
    /// A transient assistant (`call.assistant`) instead of a saved one.
    pub transient_assistant: bool,
    /// System messages in the conversation (our prompt is one).
    pub system_messages: usize,
}

/// What we expect of a call.
#[derive(Debug, Clone, Copy)]
pub struct Expected<'a> {
    /// The invite the call belongs to, if any.
    pub invite_id: Option<i64>,
    /// The assistant we created the call with, if we created it.
    pub assistant_id: Option<&'a str>,
}

/// Checks a call against its seal and what we expect of it.
pub fn check(
    keys: &Keys,
    origin: &CallOrigin,
    expected: Expected<'_>,
    now: Timestamp,
) -> Integrity {
    let overrides = origin.overrides.as_ref().and_then(Value::as_object);
    let metadata = overrides
        .and_then(|o| o.get("metadata"))
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let seal = metadata.get(SEAL_KEY).and_then(Value::as_str);
    if seal.is_none() && expected.invite_id.is_none() && expected.assistant_id.is_none() {
        return Integrity {
            status: IntegrityStatus::Unchecked,
            detail: None,
        };
    }
    if origin.transient_assistant {
        return Integrity::failed(
            "The call ran an assistant supplied from outside instead of ours.",
        );
    }
    let Some(assistant_id) = origin.assistant_id.as_deref() else {
        return Integrity::failed("The provider's record of the call names no assistant.");
    };
    if expected.assistant_id.is_some_and(|a| a != assistant_id) {
        return Integrity::failed("The call ran a different assistant than the one we set up.");
    }
    let foreign: Vec<&str> = overrides
        .into_iter()
        .flatten()
        .filter(|(k, v)| !OUR_OVERRIDES.contains(&k.as_str()) && !v.is_null())
        .map(|(k, _)| k.as_str())
        .collect();
    if !foreign.is_empty() {
        return Integrity::failed(format!(
            "The call's settings were overridden from outside ({}).",
            foreign.join(", ")
        ));
    }
    let variables = overrides
        .and_then(|o| o.get("variableValues"))
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let Some((expires, signature)) = seal.and_then(|s| s.split_once('.')) else {
        return Integrity::failed("The call carries no seal of ours.");
    };
    let resource = sealed_resource(expected.invite_id, assistant_id, &variables, &metadata);
    let sealed = expires
        .parse::<i64>()
        .is_ok_and(|e| keys.verify_link(&resource, e, signature, now.as_second()));
    if !sealed {
        return Integrity::failed(
            "The interview's variables or assistant differ from the ones we sealed.",
        );
    }
    if origin.system_messages > 1 {
        return Integrity::failed("An instruction was added to the interviewer during the call.");
    }
    Integrity {
        status: IntegrityStatus::Verified,
        detail: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn keys() -> Keys {
        Keys::from_secret(b"integrity tests")
    }

    fn now() -> Timestamp {
        "2026-11-24T10:00:00Z".parse().expect("instant")
    }

    fn sealed_call(variables: Value) -> CallOrigin {
        let vars = variables.as_object().cloned().unwrap_or_default();
        let mut metadata = Map::new();
        metadata.insert("inviteRef".into(), json!("7.123.abc"));
        let seal = seal(&keys(), Some(7), "asst-1", &vars, &metadata, now());
        metadata.insert(SEAL_KEY.into(), json!(seal));
        CallOrigin {
            assistant_id: Some("asst-1".into()),
            overrides: Some(json!({"variableValues": variables, "metadata": metadata})),
            transient_assistant: false,
            system_messages: 1,
        }
    }

    const EXPECTED: Expected<'static> = Expected {
        invite_id: Some(7),
        assistant_id: Some("asst-1"),
    };

    #[test]
    fn our_call_as_we_set_it_up_is_verified() {
        let call = sealed_call(json!({"candidateName": "Jane", "jobTitle": "Engineer"}));
        assert_eq!(
            check(&keys(), &call, EXPECTED, now()).status,
            IntegrityStatus::Verified
        );
        let browser = Expected {
            assistant_id: None,
            ..EXPECTED
        };
        assert_eq!(
            check(&keys(), &call, browser, now()).status,
            IntegrityStatus::Verified
        );
    }

    #[test]
    fn every_kind_of_tampering_fails() {
        let good = sealed_call(json!({"candidateName": "Jane"}));
        let fails = |call: &CallOrigin, expected: Expected<'_>| {
            check(&keys(), call, expected, now()).status == IntegrityStatus::Failed
        };
        let mut call = good.clone();
        call.overrides.as_mut().expect("overrides")["analysisPlan"] = json!({"summaryPlan": {}});
        assert!(fails(&call, EXPECTED), "a changed analysis plan");
        let mut call = good.clone();
        call.overrides.as_mut().expect("overrides")["model"] = json!({"messages": []});
        assert!(fails(&call, EXPECTED), "a changed prompt");
        let mut call = good.clone();
        call.overrides.as_mut().expect("overrides")["variableValues"]["candidateName"] = json!("X");
        assert!(fails(&call, EXPECTED), "changed variables");
        let mut call = good.clone();
        call.overrides.as_mut().expect("overrides")["metadata"]["simOutcome"] = json!("pass");
        assert!(fails(&call, EXPECTED), "changed metadata");
        let mut call = good.clone();
        call.assistant_id = Some("asst-2".into());
        assert!(
            fails(
                &call,
                Expected {
                    assistant_id: None,
                    ..EXPECTED
                }
            ),
            "another assistant breaks the seal"
        );
        let mut call = good.clone();
        call.transient_assistant = true;
        assert!(fails(&call, EXPECTED), "a transient assistant");
        let mut call = good.clone();
        call.system_messages = 2;
        assert!(fails(&call, EXPECTED), "an injected instruction");
        assert!(
            fails(
                &good,
                Expected {
                    invite_id: Some(8),
                    ..EXPECTED
                }
            ),
            "another invite's seal"
        );
        let unsealed = CallOrigin {
            assistant_id: Some("asst-1".into()),
            ..Default::default()
        };
        assert!(
            fails(&unsealed, EXPECTED),
            "an invite's call without a seal"
        );
        let late = now() + SignedDuration::from_hours(8 * 24);
        assert_eq!(
            check(&keys(), &good, EXPECTED, late).status,
            IntegrityStatus::Failed
        );
    }

    #[test]
    fn a_call_of_no_invite_made_elsewhere_is_unchecked() {
        let call = CallOrigin {
            assistant_id: Some("a".into()),
            overrides: Some(json!({"model": {}})),
            ..Default::default()
        };
        let none = Expected {
            invite_id: None,
            assistant_id: None,
        };
        assert_eq!(
            check(&keys(), &call, none, now()).status,
            IntegrityStatus::Unchecked
        );
    }
}
