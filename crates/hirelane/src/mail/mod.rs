//! Outgoing e-mail: the product's messages (`templates`), handed to the kernel's transport
//! (`hirelane_core::mail`: the outbox folder or SMTP, chosen by configuration).

mod templates;

pub(crate) use templates::parts;
pub use templates::{
    Email, EmailAttachment, InterviewMail, accommodation_answer, application_received,
    application_update, interview_invite, interview_reminder, interview_scheduled, otp_code,
    retention_notice, sign_in_locked, team_invite, webhook_paused,
};

pub use hirelane_core::mail::{MailError, Mailer};

use hirelane_core::mail::{Attachment, Outgoing};

/// What the transport sends of a rendered message: the templates' type stays theirs, so the
/// kernel needs none of them.
impl From<Email> for Outgoing {
    fn from(email: Email) -> Outgoing {
        Outgoing {
            subject: email.subject,
            text: email.text,
            html: email.html,
            attachments: email
                .attachments
                .into_iter()
                .map(|a| Attachment {
                    filename: a.filename,
                    content_type: a.content_type,
                    bytes: a.bytes,
                })
                .collect(),
        }
    }
}
