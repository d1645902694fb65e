//! The event types an endpoint may subscribe to: one per activity-log kind, named
//! `candidate.<kind>` (`candidate.stageChanged`), since every change on a candidate is logged,
//! and one per change of a job's public page (`job.published`, `job.closed`).

use strum::VariantArray;

use super::outbox::event_type;
use crate::activity::EventKind;
use crate::careers::job_events::JobEvent;

/// Every type: the candidates' in the activity log's order, then the jobs'.
pub fn all() -> Vec<String> {
    let candidates = EventKind::VARIANTS
        .iter()
        .map(|kind| event_type("candidate", kind.as_str()));
    let jobs = JobEvent::VARIANTS
        .iter()
        .map(|kind| event_type("job", kind.as_str()));
    candidates.chain(jobs).collect()
}

/// The types asked for, checked and without repeats; the first unknown one otherwise.
pub fn parse(asked: &[String]) -> Result<Vec<String>, String> {
    let known = all();
    let mut chosen: Vec<String> = Vec::new();
    for raw in asked {
        let name = raw.trim();
        if !known.iter().any(|k| k == name) {
            return Err(name.to_owned());
        }
        if !chosen.iter().any(|c| c == name) {
            chosen.push(name.to_owned());
        }
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_types_parse_once_and_unknown_ones_are_named() {
        let asked = vec![
            "candidate.invited".to_owned(),
            " candidate.invited ".to_owned(),
            "candidate.stageChanged".to_owned(),
        ];
        assert_eq!(
            parse(&asked),
            Ok(vec![
                "candidate.invited".to_owned(),
                "candidate.stageChanged".to_owned()
            ])
        );
        let unknown = vec!["candidate.invited".to_owned(), "candidate.%".to_owned()];
        assert_eq!(parse(&unknown), Err("candidate.%".to_owned()));
        assert!(all().contains(&"candidate.erased".to_owned()));
        assert!(all().ends_with(&["job.published".to_owned(), "job.closed".to_owned()]));
    }
}
