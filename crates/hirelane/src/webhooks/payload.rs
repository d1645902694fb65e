//! A delivery's JSON body: `{id, type, timestamp, data}`. The data is built when the delivery is
//! sent, from the candidate (or, for a `job.*` event, the job) as the API returns them then, so
//! an erased candidate's personal data never leaves after the erasure; it carries personal
//! fields only for endpoints that include personal data.

use hirelane_core::clock::{from_millis, to_iso};
use serde_json::{Map, Value, json};

use super::deliveries::Claimed;
use crate::candidates::details;
use crate::error::Result;
use crate::jobs::descriptions;
use crate::state::AppState;

/// The fields, at any depth, that name or reach a person: left out for endpoints without
/// personal data.
const PERSONAL: [&str; 9] = [
    "candidateName",
    "candidateEmail",
    "candidatePhone",
    "fileName",
    "filePath",
    "resumeFileId",
    "nextStepDetails",
    "application",
    "analysisSummary",
];

/// The body of `claimed`, as sent.
pub async fn body(state: &AppState, claimed: &Claimed) -> Result<String> {
    let detail = serde_json::from_str(&claimed.detail).unwrap_or_else(|_| json!({}));
    let mut data = if claimed.event_type.starts_with("job.") {
        let job = match claimed.job_id {
            Some(id) => descriptions::as_api(&state.db, id).await?,
            None => None,
        };
        json!({"jobId": claimed.job_id, "detail": detail, "job": job})
    } else {
        let candidate = match claimed.candidate_id {
            Some(id) => details::as_api(state, id).await?,
            None => None,
        };
        json!({
            "candidateId": claimed.candidate_id,
            "jobId": claimed.job_id,
            "detail": detail,
            "candidate": candidate,
        })
    };
    if !claimed.include_personal {
        strip_personal(&mut data);
    }
    let body = json!({
        "id": claimed.event_id,
        "type": claimed.event_type,
        "timestamp": to_iso(from_millis(claimed.created_at)),
        "data": data,
    });
    Ok(body.to_string())
}

fn strip_personal(value: &mut Value) {
    match value {
        Value::Object(fields) => strip_fields(fields),
        Value::Array(items) => items.iter_mut().for_each(strip_personal),
        _ => {}
    }
}

fn strip_fields(fields: &mut Map<String, Value>) {
    for key in PERSONAL {
        fields.remove(key);
    }
    fields.values_mut().for_each(strip_personal);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn personal_fields_go_at_every_depth_and_the_rest_stays() {
        let mut data = json!({
            "candidateId": 7,
            "detail": {"fileName": "cv.pdf", "replaced": false},
            "candidate": {
                "candidateName": "Ada", "candidateEmail": "ada@example.com", "atsScore": 80,
                "boardCard": {"candidateName": "Ada", "stage": "screened"},
                "history": [{"candidatePhone": "1", "kept": true}]
            }
        });
        strip_personal(&mut data);
        assert_eq!(
            data,
            json!({
                "candidateId": 7,
                "detail": {"replaced": false},
                "candidate": {
                    "atsScore": 80,
                    "boardCard": {"stage": "screened"},
                    "history": [{"kept": true}]
                }
            })
        );
    }
}
