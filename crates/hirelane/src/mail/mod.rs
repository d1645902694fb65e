//! Outgoing e-mail: well-formed text + HTML messages, delivered as `.eml` files into an outbox
//! folder (local runs) or through SMTP (production), chosen by configuration.

mod templates;

use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lettre::message::header::ContentType;
use lettre::message::{Attachment, Mailbox, MultiPart};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncFileTransport, AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

pub(crate) use templates::parts;
pub use templates::{
    Email, EmailAttachment, InterviewMail, accommodation_answer, application_received,
    application_update, interview_invite, interview_reminder, interview_scheduled, otp_code,
    retention_notice, sign_in_locked, team_invite,
};

use crate::config::{MailSettings, MailTransport, SmtpSecurity};
use crate::metrics::Counter;

/// Why a message could not be built or handed over.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid address '{0}'")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Build(#[from] lettre::error::Error),
    #[error("SMTP: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("outbox: {0}")]
    Outbox(#[from] lettre::transport::file::Error),
    #[error("outbox folder {0}: {1}")]
    OutboxDir(PathBuf, std::io::Error),
    #[error("SMTP: the server at {0} did not accept a connection")]
    Unreachable(String),
}

/// Marks a background delivery finished when dropped, also if it panicked.
struct Pending(Arc<tokio::sync::watch::Sender<usize>>);

impl Drop for Pending {
    fn drop(&mut self) {
        self.0.send_modify(|n| *n = n.saturating_sub(1));
    }
}

#[derive(Clone)]
enum Transport {
    Outbox(AsyncFileTransport<Tokio1Executor>, PathBuf),
    Smtp(AsyncSmtpTransport<Tokio1Executor>, String),
}

/// How long a successful exchange with the transport vouches for it in readiness probes.
const RECENTLY_OK: Duration = Duration::from_secs(30);

/// Sends the product's e-mails through the configured transport.
#[derive(Clone)]
pub struct Mailer {
    transport: Transport,
    from: Mailbox,
    /// Messages handed over and refused, for `/metrics`.
    sent: Counter,
    failed: Counter,
    /// When a check or a delivery last succeeded; cleared by a failed delivery.
    ok_at: Arc<Mutex<Option<Instant>>>,
    /// Deliveries running off the request path, so shutdown and tests can wait for them.
    pending: Arc<tokio::sync::watch::Sender<usize>>,
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match &self.transport {
            Transport::Outbox(_, dir) => format!("outbox {}", dir.display()),
            Transport::Smtp(_, server) => format!("smtp {server}"),
        };
        f.debug_struct("Mailer")
            .field("transport", &kind)
            .field("from", &self.from.to_string())
            .finish()
    }
}

impl Mailer {
    /// Builds the transport named in the settings; the outbox folder is created if missing.
    pub fn from_settings(settings: &MailSettings, outbox_dir: PathBuf) -> Result<Self, MailError> {
        let from: Mailbox = settings
            .from
            .parse()
            .map_err(|_| MailError::Address(settings.from.clone()))?;
        let transport = match settings.transport {
            MailTransport::Outbox => {
                std::fs::create_dir_all(&outbox_dir)
                    .map_err(|e| MailError::OutboxDir(outbox_dir.clone(), e))?;
                Transport::Outbox(AsyncFileTransport::new(&outbox_dir), outbox_dir)
            }
            MailTransport::Smtp => {
                let smtp = &settings.smtp;
                let mut builder = match smtp.security {
                    SmtpSecurity::Starttls => {
                        AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&smtp.host)?
                    }
                    SmtpSecurity::Tls => AsyncSmtpTransport::<Tokio1Executor>::relay(&smtp.host)?,
                    SmtpSecurity::None => {
                        AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&smtp.host)
                    }
                }
                .port(smtp.port);
                if let (Some(user), Some(password)) = (&smtp.username, &smtp.password) {
                    builder = builder.credentials(Credentials::new(
                        user.expose().to_owned(),
                        password.expose().to_owned(),
                    ));
                }
                Transport::Smtp(builder.build(), format!("{}:{}", smtp.host, smtp.port))
            }
        };
        Ok(Self {
            transport,
            from,
            sent: Counter::default(),
            failed: Counter::default(),
            ok_at: Arc::default(),
            pending: Arc::new(tokio::sync::watch::Sender::new(0)),
        })
    }

    /// Checks that the transport can deliver (SMTP: connects and authenticates).
    pub async fn check(&self) -> Result<(), MailError> {
        let checked = match &self.transport {
            Transport::Outbox(_, dir) => std::fs::metadata(dir)
                .map(drop)
                .map_err(|e| MailError::OutboxDir(dir.clone(), e)),
            // `false` means connected but not usable: as much a failure as an error.
            Transport::Smtp(smtp, server) => match smtp.test_connection().await? {
                true => Ok(()),
                false => Err(MailError::Unreachable(server.clone())),
            },
        };
        self.note(checked.is_ok());
        checked
    }

    /// [`Mailer::check`] for readiness probes: a check or delivery that succeeded in the last
    /// [`RECENTLY_OK`] answers for the transport, so a load balancer probing every few seconds
    /// does not open an SMTP session each time (mail providers throttle those).
    pub async fn check_recent(&self) -> Result<(), MailError> {
        let recent = self
            .ok_at
            .lock()
            .map(|at| at.is_some_and(|at| at.elapsed() < RECENTLY_OK))
            .unwrap_or(false);
        if recent {
            return Ok(());
        }
        self.check().await
    }

    fn note(&self, ok: bool) {
        if let Ok(mut at) = self.ok_at.lock() {
            *at = ok.then(Instant::now);
        }
    }

    /// The bare sender address (calendar invitations name it as organiser).
    pub fn from_address(&self) -> String {
        self.from.email.to_string()
    }

    /// `(sent, failed)` since start.
    pub fn delivered(&self) -> (u64, u64) {
        (self.sent.get(), self.failed.get())
    }

    /// Runs `delivery` (a [`Mailer::send`] and what follows it) off the request path, so an
    /// answer never waits for a mail server. It is counted from this call on, before the
    /// request answers, so [`Mailer::settled`] cannot miss it.
    pub fn in_background<F>(&self, delivery: F)
    where
        F: std::future::Future<Output = ()> + Send + 'static,
    {
        self.pending.send_modify(|n| *n += 1);
        let done = Pending(self.pending.clone());
        tokio::spawn(async move {
            let _done = done;
            delivery.await;
        });
    }

    /// Waits until every delivery started by [`Mailer::in_background`] has finished.
    pub async fn settled(&self) {
        let mut pending = self.pending.subscribe();
        // The sender lives as long as `self`, so the wait cannot fail.
        let _ = pending.wait_for(|n| *n == 0).await;
    }

    /// Builds and delivers one message.
    pub async fn send(&self, to: &str, email: Email) -> Result<(), MailError> {
        let result = self.deliver(to, email).await;
        match &result {
            Ok(()) => self.sent.inc(),
            Err(_) => self.failed.inc(),
        }
        // An address the message could not even be built for says nothing about the transport.
        if !matches!(result, Err(MailError::Address(_) | MailError::Build(_))) {
            self.note(result.is_ok());
        }
        result
    }

    async fn deliver(&self, to: &str, email: Email) -> Result<(), MailError> {
        let to_box: Mailbox = to.parse().map_err(|_| MailError::Address(to.to_owned()))?;
        let alternative = MultiPart::alternative_plain_html(email.text, email.html);
        let body = if email.attachments.is_empty() {
            alternative
        } else {
            email.attachments.into_iter().fold(
                MultiPart::mixed().multipart(alternative),
                |mixed, a| {
                    let content_type =
                        ContentType::parse(&a.content_type).unwrap_or(ContentType::TEXT_PLAIN);
                    mixed.singlepart(Attachment::new(a.filename).body(a.bytes, content_type))
                },
            )
        };
        let message = Message::builder()
            .from(self.from.clone())
            .to(to_box)
            .subject(email.subject)
            .message_id(None)
            .multipart(body)?;
        match &self.transport {
            Transport::Outbox(outbox, _) => outbox.send(message).await.map(drop)?,
            Transport::Smtp(smtp, _) => smtp.send(message).await.map(drop)?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outbox_mailer(dir: &std::path::Path) -> Mailer {
        Mailer::from_settings(&MailSettings::default(), dir.to_path_buf()).expect("mailer")
    }

    #[tokio::test]
    async fn a_recent_success_answers_readiness_and_a_failure_is_never_remembered() {
        let root = tempfile::tempdir().expect("tempdir");
        let outbox = root.path().join("outbox");
        let mailer = outbox_mailer(&outbox);
        mailer.check().await.expect("outbox ready");

        std::fs::remove_dir_all(&outbox).expect("remove outbox");
        assert!(
            mailer.check_recent().await.is_ok(),
            "vouched for by the last check"
        );
        assert!(
            mailer.check().await.is_err(),
            "a full check sees the outbox gone"
        );
        assert!(
            mailer.check_recent().await.is_err(),
            "a failure clears the vouch"
        );

        let fresh = outbox_mailer(&root.path().join("fresh"));
        std::fs::remove_dir_all(root.path().join("fresh")).expect("remove");
        assert!(
            fresh.check_recent().await.is_err(),
            "nothing vouches before a first check"
        );
    }
}
