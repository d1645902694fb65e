//! The autopilot's daily digest: once a day, after `careers.digest_hour` in the organisation's
//! zone, each JD whose autopilot asks for it e-mails its recruiter (whoever created the JD, or
//! the admins when that colleague left) what happened since the last digest: new applicants,
//! interviews completed, and the candidates waiting for a person. A day with nothing to say
//! sends nothing. One instance sends each JD's digest: the day is claimed by inserting its row.

use hirelane_core::clock::to_millis;
use jiff::{SignedDuration, Timestamp};

use crate::error::Result;
use crate::mail::{Email, parts};
use crate::state::AppState;
use crate::store::Db;
use crate::{execute, fetch_as, fetch_scalar};

/// What a digest reports for one JD.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Digest {
    pub job_title: String,
    /// Names of applicants since the last digest (the first few), and how many in all.
    pub new_applicants: Vec<String>,
    pub new_applicant_count: i64,
    pub interviews_completed: i64,
    /// Unreadable resumes, interviews marked Needs Review, and Fail applicants (the autopilot
    /// never rejects: they wait for a person).
    pub needs_review: i64,
}

impl Digest {
    fn is_empty(&self) -> bool {
        self.new_applicant_count == 0 && self.interviews_completed == 0 && self.needs_review == 0
    }
}

/// How many applicant names a digest lists.
const NAMES: i64 = 10;

/// Sends the digests that are due now; answers how many went out.
pub async fn send_due(state: &AppState) -> Result<usize> {
    let now = state.clock.now();
    let local = now.to_zoned(state.time_zone.clone());
    if local.hour() < i8::try_from(state.settings.careers.digest_hour).unwrap_or(8) {
        return Ok(0);
    }
    let day = local.date().to_string();
    let jobs: Vec<(i64, String, String)> = fetch_as!(
        &state.db,
        fetch_all,
        "SELECT j.id, j.jdid, j.jdname FROM job_autopilot p JOIN jobs j ON j.id = p.job_id
         WHERE p.digest AND j.deleted_at IS NULL ORDER BY j.id"
    )?;
    let mut sent = 0;
    for (job_id, jdid, jdname) in jobs {
        let Some(since) = claim(&state.db, job_id, &day, now).await? else {
            continue;
        };
        let digest = compose(&state.db, job_id, jdname, since).await?;
        if digest.is_empty() {
            continue;
        }
        let link = format!("{}/jd/{jdid}", state.settings.public_url());
        for to in recipients(&state.db, job_id).await? {
            match state.mailer.send(&to, email(&digest, &link)).await {
                Ok(()) => sent += 1,
                Err(err) => tracing::warn!(error = %err, job_id, "digest e-mail failed"),
            }
        }
    }
    Ok(sent)
}

/// Claims a JD's digest of `day`; answers since when it reports (the last digest, or a day
/// ago), or nothing when another instance already claimed the day.
async fn claim(db: &Db, job_id: i64, day: &str, now: Timestamp) -> Result<Option<i64>> {
    let at = to_millis(now);
    let previous: Option<i64> = fetch_scalar!(
        db,
        fetch_one,
        "SELECT MAX(sent_at) FROM autopilot_digests WHERE job_id = $1",
        (job_id)
    )?;
    let claimed = execute!(
        db,
        "INSERT INTO autopilot_digests (job_id, day, sent_at) VALUES ($1, $2, $3)
         ON CONFLICT (job_id, day) DO NOTHING",
        (job_id, day, at)
    )?;
    let day_ago = at - SignedDuration::from_hours(24).as_millis() as i64;
    Ok((claimed == 1).then(|| previous.unwrap_or(day_ago)))
}

async fn compose(db: &Db, job_id: i64, job_title: String, since: i64) -> Result<Digest> {
    let new_applicants: Vec<String> = fetch_scalar!(
        db,
        fetch_all,
        "SELECT c.candidate_name FROM applications a JOIN candidates c ON c.id = a.candidate_id
         WHERE a.job_id = $1 AND a.first_applied_at > $2
         ORDER BY a.first_applied_at, c.id LIMIT $3",
        (job_id, since, NAMES)
    )?;
    let (new_applicant_count, interviews_completed, needs_review): (i64, i64, i64) = fetch_as!(
        db,
        fetch_one,
        "SELECT
           (SELECT COUNT(*) FROM applications WHERE job_id = $1 AND first_applied_at > $2),
           (SELECT COUNT(*) FROM interview_invites
             WHERE job_id = $1 AND state = 'completed' AND completed_at > $2),
           (SELECT COUNT(*) FROM candidates c WHERE c.job_id = $1
             AND c.stage NOT IN ('rejected', 'withdrawn', 'hired')
             AND (c.analysis_status IN ('unreadable', 'failed')
                  OR c.interview_status = 'Needs Review'
                  OR (c.stage = 'screened' AND c.recommendation = 'Fail'
                      AND EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = c.id))))",
        (job_id, since)
    )?;
    Ok(Digest {
        job_title,
        new_applicants,
        new_applicant_count,
        interviews_completed,
        needs_review,
    })
}

/// The JD's recruiter, or every admin when whoever created the JD is no longer on the team.
async fn recipients(db: &Db, job_id: i64) -> Result<Vec<String>> {
    let owner: Option<String> = fetch_scalar!(
        db,
        fetch_optional,
        "SELECT r.email FROM jobs j JOIN recruiters r ON r.id = j.created_by WHERE j.id = $1",
        (job_id)
    )?;
    if let Some(owner) = owner {
        return Ok(vec![owner]);
    }
    Ok(fetch_scalar!(
        db,
        fetch_all,
        "SELECT email FROM recruiters WHERE role = 'admin' ORDER BY id"
    )?)
}

/// The digest's message.
pub fn email(digest: &Digest, link: &str) -> Email {
    let mut lines = vec![format!("New applicants: {}", digest.new_applicant_count)];
    if !digest.new_applicants.is_empty() {
        let more = digest.new_applicant_count - digest.new_applicants.len() as i64;
        let mut names = digest.new_applicants.join(", ");
        if more > 0 {
            names.push_str(&format!(" and {more} more"));
        }
        lines.push(format!("  {names}"));
    }
    lines.push(format!(
        "Interviews completed: {}",
        digest.interviews_completed
    ));
    lines.push(format!(
        "Waiting for a person (unreadable resumes, interviews to review, Fail applicants): {}",
        digest.needs_review
    ));
    let subject = format!("Daily digest: {}", digest.job_title);
    let message = DigestMessage {
        subject: &subject,
        lines: &lines,
        link,
    };
    Email::rendered(
        subject.clone(),
        &DigestHtml { message: &message },
        &DigestText { message: &message },
    )
}

/// The digest's lines, under its subject and above the JD's link.
struct DigestMessage<'a> {
    subject: &'a str,
    lines: &'a [String],
    link: &'a str,
}

parts!(
    DigestMessage,
    DigestHtml = "mail/digest.html",
    DigestText = "mail/digest.txt"
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_names_the_first_applicants_and_counts_the_rest() {
        let digest = Digest {
            job_title: "Nurse".into(),
            new_applicants: vec!["Ana".into(), "Bo".into()],
            new_applicant_count: 5,
            interviews_completed: 1,
            needs_review: 2,
        };
        let mail = email(&digest, "https://h.example/jd/x");
        assert_eq!(mail.subject, "Daily digest: Nurse");
        assert!(
            mail.text
                .contains("New applicants: 5\n  Ana, Bo and 3 more\n")
        );
        assert!(mail.text.contains("Interviews completed: 1"));
        assert!(mail.html.contains("<li>Ana, Bo and 3 more</li>"));
    }
}
