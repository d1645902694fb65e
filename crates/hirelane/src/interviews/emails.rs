//! What the interview e-mails share: the candidate's link, the parts every template fills,
//! times written in the candidate's zone, and the confirmation with its calendar invitation.

use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};

use super::ics;
use super::repo::InviteRow;
use super::rules::gmt_label;
use crate::candidates::portal_link::application_link;
use crate::candidates::status::Source;
use crate::mail::{self, EmailAttachment, InterviewMail};
use crate::state::AppState;

/// How long an interview lasts in the candidate's calendar.
const CALENDAR_LENGTH: SignedDuration = SignedDuration::from_mins(30);

/// The candidate's page of an invite.
pub fn invite_link(state: &AppState, token: &str) -> String {
    format!("{}/nextstep?inviteId={token}", state.settings.public_url())
}

/// The interview guidelines page every e-mail links to.
pub fn guidelines_link(state: &AppState) -> String {
    format!("{}/interviewguidelines", state.settings.public_url())
}

pub fn mail_parts<'a>(
    invite: &'a InviteRow,
    link: &'a str,
    guidelines: &'a str,
) -> InterviewMail<'a> {
    InterviewMail {
        candidate_name: &invite.candidate_name,
        job_name: &invite.jdname,
        link,
        guidelines_link: guidelines,
        applied: invite.source == Source::Applied,
    }
}

/// "Wednesday, 25 November 2026 at 3:00 PM (Asia/Kolkata, GMT+05:30)".
pub fn when_text(at: Timestamp, zone_name: &str) -> String {
    let zone = TimeZone::get(zone_name).unwrap_or(TimeZone::UTC);
    let local = at.to_zoned(zone);
    let offset = gmt_label(local.offset());
    format!(
        "{} ({zone_name}, {offset})",
        local.strftime("%A, %-d %B %Y at %-I:%M %p")
    )
}

/// The confirmation (or reschedule) e-mail with its calendar invitation. The booking stands
/// even if the e-mail fails (the page shows it); the failure is logged.
pub async fn send_confirmation(
    state: &AppState,
    invite: &InviteRow,
    at: Timestamp,
    zone_name: &str,
    sequence: i64,
    rescheduled: bool,
) {
    let link = invite_link(state, &invite.token);
    let guidelines = guidelines_link(state);
    let parts = mail_parts(invite, &link, &guidelines);
    let mut email = mail::interview_scheduled(&parts, &when_text(at, zone_name), rescheduled);
    let uid = format!("interview-{}@hirelane", invite.id);
    let summary = format!("Interview: {}", invite.jdname);
    let description = format!(
        "Your AI interview for {}. Open your interview page to join: {link}",
        invite.jdname
    );
    let organizer = state.mailer.from_address();
    let calendar = ics::render(&ics::Event {
        uid: &uid,
        sequence,
        start: at,
        duration: CALENDAR_LENGTH,
        summary: &summary,
        description: &description,
        url: &link,
        organizer_email: &organizer,
        attendee_name: &invite.candidate_name,
        attendee_email: &invite.candidate_email,
        stamp: state.clock.now(),
    });
    email.attachments.push(EmailAttachment {
        filename: "interview.ics".into(),
        content_type: "text/calendar; charset=utf-8; method=REQUEST".into(),
        bytes: calendar.into_bytes(),
    });
    let email = match application_link(state, invite.candidate_id).await {
        Ok(own_page) => email.with_application_link(&own_page),
        Err(err) => {
            tracing::warn!(error = %err, invite = invite.id, "no application link in the confirmation");
            email
        }
    };
    if let Err(err) = state.mailer.send(&invite.candidate_email, email).await {
        tracing::warn!(error = %err, invite = invite.id, "confirmation e-mail failed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_in_e_mails_are_in_the_candidates_zone() {
        let at: Timestamp = "2026-11-25T09:30:00Z".parse().expect("instant");
        assert_eq!(
            when_text(at, "Asia/Kolkata"),
            "Wednesday, 25 November 2026 at 3:00 PM (Asia/Kolkata, GMT+05:30)"
        );
        assert_eq!(
            when_text(at, "America/New_York"),
            "Wednesday, 25 November 2026 at 4:30 AM (America/New_York, GMT-05:00)"
        );
    }
}
