//! The text of every e-mail the product sends, as plain text and as simple, inline-styled HTML,
//! each from its templates (`templates/mail/`: `.html` escapes every value, `.txt` does not).

use askama::Template;

/// A file attached to a message (e.g. a calendar invitation).
#[derive(Debug, Clone)]
pub struct EmailAttachment {
    pub filename: String,
    pub content_type: String,
    pub bytes: Vec<u8>,
}

/// A rendered message, ready for a transport.
#[derive(Debug, Clone)]
pub struct Email {
    pub subject: String,
    pub text: String,
    pub html: String,
    pub attachments: Vec<EmailAttachment>,
}

impl Email {
    /// A message from its HTML and text templates.
    pub fn rendered(subject: String, html: &impl Template, text: &impl Template) -> Email {
        Email {
            subject,
            text: rendered(text),
            html: rendered(html),
            attachments: Vec::new(),
        }
    }

    /// After a rejection: where the candidate reads why (the automated steps' principal
    /// reasons), and that they may correct data or ask for a person to review it.
    pub fn with_review_rights(self, link: &str) -> Email {
        let line = "How the automated steps assessed your application is on your application \
                    page. If something we read is wrong, or you would like a person to review \
                    your application without them, reply to this e-mail";
        self.ending_with(
            &format!("{line}. {link}"),
            &Ending::ReviewRights { line, link },
        )
    }

    /// Adds the candidate's own page at the end of a message to a candidate.
    pub fn with_application_link(self, link: &str) -> Email {
        // The one way candidates added by upload or CSV reach their page, so it names what the
        // page offers: the explanation, an alternative process, voluntary self-identification.
        let line = "See your application's status and how it was assessed, ask for an \
                    alternative process or an accommodation, answer optional self-identification \
                    questions, withdraw it, download your data or ask us to erase it";
        self.ending_with(
            &format!("{line}: {link}"),
            &Ending::ApplicationLink { line, link },
        )
    }

    /// The notice about the automated steps, with its version, before the candidate's own page
    /// (invitations to the AI interview carry it: the candidate reads it before the interview).
    pub fn with_ai_notice(self, notice: &str, version: &str) -> Email {
        let line = format!("How we use automated tools (notice {version}): {notice}");
        self.ending_with(&line, &Ending::AiNotice { notice, version })
    }

    /// Appends a line to the text and a paragraph inside the HTML layout's frame.
    fn ending_with(mut self, line: &str, ending: &Ending<'_>) -> Email {
        self.text.push_str(&format!("\n{line}\n"));
        let paragraph = rendered(ending);
        match self.html.rfind(FRAME_END) {
            Some(end) => self.html.insert_str(end, &paragraph),
            None => self.html.push_str(&paragraph),
        }
        self
    }
}

/// How `templates/mail/layout.html` ends: what comes after a message's last paragraph.
const FRAME_END: &str = "</div></body></html>";

/// A paragraph at the end of a message to a candidate (`templates/mail/ending.html`).
#[derive(Template)]
#[template(path = "mail/ending.html")]
enum Ending<'a> {
    ReviewRights { line: &'a str, link: &'a str },
    ApplicationLink { line: &'a str, link: &'a str },
    AiNotice { notice: &'a str, version: &'a str },
}

/// A template's output. Ours write only strings and numbers into a `String`, which cannot fail;
/// were one to, the message goes out without that part and the cause is logged.
fn rendered(template: &impl Template) -> String {
    template.render().unwrap_or_else(|err| {
        tracing::error!(error = %err, "an e-mail template did not render");
        String::new()
    })
}

/// Declares the HTML and the text template of one kind of message over the same data (a struct
/// with one lifetime), each holding it as `message`.
macro_rules! parts {
    ($data:ident, $html:ident = $html_path:tt, $text:ident = $text_path:tt) => {
        #[derive(askama::Template)]
        #[template(path = $html_path)]
        struct $html<'a> {
            message: &'a $data<'a>,
        }

        #[derive(askama::Template)]
        #[template(path = $text_path)]
        struct $text<'a> {
            message: &'a $data<'a>,
        }
    };
}
pub(crate) use parts;

/// A short note to a colleague, by name.
struct Note<'a> {
    full_name: &'a str,
    body: &'a str,
    /// A link under the paragraph: its words and address.
    link: Option<(&'a str, &'a str)>,
}

parts!(
    Note,
    NoteHtml = "mail/note.html",
    NoteText = "mail/note.txt"
);

impl Note<'_> {
    fn email(&self, subject: String) -> Email {
        Email::rendered(
            subject,
            &NoteHtml { message: self },
            &NoteText { message: self },
        )
    }
}

/// The sign-in code.
struct Otp<'a> {
    full_name: &'a str,
    code: &'a str,
    valid_minutes: i64,
}

parts!(Otp, OtpHtml = "mail/otp.html", OtpText = "mail/otp.txt");

/// The sign-in code message.
pub fn otp_code(full_name: &str, code: &str, valid_minutes: i64) -> Email {
    let otp = Otp {
        full_name,
        code,
        valid_minutes,
    };
    Email::rendered(
        format!("Your Hirelane sign-in code: {code}"),
        &OtpHtml { message: &otp },
        &OtpText { message: &otp },
    )
}

/// Tells a recruiter that wrong sign-in codes locked their address.
pub fn sign_in_locked(full_name: &str, failures: i64, minutes: i64) -> Email {
    let body = format!(
        "Wrong sign-in codes were entered for your Hirelane account {failures} times within an hour \
         from one network, so signing in from there is locked for {minutes} minutes; you can \
         still sign in from your own. If that was not you, someone may be trying to guess a \
         code: nothing else is needed, the lock protects the account. If it keeps happening, \
         tell your administrator."
    );
    let note = Note {
        full_name,
        body: &body,
        link: None,
    };
    note.email("Hirelane sign-in locked after wrong codes".to_owned())
}

/// Tells a colleague they were added to the hiring team and how to sign in.
pub fn team_invite(full_name: &str, inviter: &str, login_link: &str) -> Email {
    let body = format!(
        "{inviter} added you to the hiring team on Hirelane. To sign in, open {login_link} and \
         enter this e-mail address: we will send you a one-time code. No password is needed."
    );
    let note = Note {
        full_name,
        body: &body,
        link: Some(("Sign in to Hirelane", login_link)),
    };
    note.email(format!("{inviter} added you to Hirelane"))
}

/// Tells an admin that an endpoint kept failing and was paused.
pub fn webhook_paused(full_name: &str, url: &str, failures: i64, settings_link: &str) -> Email {
    let body = format!(
        "The webhook endpoint {url} failed {failures} deliveries in a row, so Hirelane paused \
         it. Its events are kept and go out, in order, when you resume it in Settings > \
         Webhooks; the delivery log there shows each failure's answer."
    );
    let note = Note {
        full_name,
        body: &body,
        link: Some(("Open Settings > Webhooks", settings_link)),
    };
    note.email("A Hirelane webhook endpoint was paused".to_owned())
}

/// What an interview e-mail says about the interview.
#[derive(Debug, Clone)]
pub struct InterviewMail<'a> {
    pub candidate_name: &'a str,
    pub job_name: &'a str,
    /// The candidate's invite page.
    pub link: &'a str,
    pub guidelines_link: &'a str,
    /// They applied on the job's page themselves; a recruiter uploaded or listed everyone
    /// else, who must not be thanked for an application they never made.
    pub applied: bool,
}

impl InterviewMail<'_> {
    fn greeting(&self) -> String {
        match self.candidate_name.trim() {
            "" => "Hello,".to_owned(),
            name => format!("Hello {name},"),
        }
    }

    /// Text and HTML of a message: paragraphs, then a button to the invite page and the
    /// guidelines.
    fn render(&self, subject: String, paragraphs: &[String], button: &str) -> Email {
        let message = InterviewMessage {
            interview: self,
            paragraphs,
            button,
        };
        Email::rendered(
            subject,
            &InterviewHtml { message: &message },
            &InterviewText { message: &message },
        )
    }
}

/// An interview message: its paragraphs and the words of its button.
struct InterviewMessage<'a> {
    interview: &'a InterviewMail<'a>,
    paragraphs: &'a [String],
    button: &'a str,
}

parts!(
    InterviewMessage,
    InterviewHtml = "mail/interview.html",
    InterviewText = "mail/interview.txt"
);

/// The invitation to pick an interview slot.
pub fn interview_invite(mail: &InterviewMail<'_>, apply_last_date: Option<&str>) -> Email {
    let job = mail.job_name;
    let mut paragraphs = vec![if mail.applied {
        format!(
            "Thank you for applying for {job}. We would like to invite you to a short AI voice \
             interview, which you can take from your browser at a time that suits you."
        )
    } else {
        format!(
            "We would like to invite you to a short AI voice interview for {job}, which you can \
             take from your browser at a time that suits you."
        )
    }];
    paragraphs.push(match apply_last_date {
        Some(date) => format!("Please choose a slot on or before {date}."),
        None => "Please choose a slot that suits you.".to_owned(),
    });
    mail.render(
        format!("Interview invitation: {}", mail.job_name),
        &paragraphs,
        "Choose your interview slot",
    )
}

/// The confirmation of a booked (or moved) slot; `when` is in the candidate's zone.
pub fn interview_scheduled(mail: &InterviewMail<'_>, when: &str, rescheduled: bool) -> Email {
    let (subject, first) = if rescheduled {
        (
            format!("Interview rescheduled: {}", mail.job_name),
            format!(
                "Your interview for {} has been rescheduled to {when}.",
                mail.job_name
            ),
        )
    } else {
        (
            format!("Interview scheduled: {}", mail.job_name),
            format!(
                "Your interview for {} has been successfully scheduled for {when}.",
                mail.job_name
            ),
        )
    };
    let paragraphs = [
        first,
        "The interview link will be enabled 5 minutes before the scheduled time. The calendar \
         invitation attached to this e-mail adds it to your calendar."
            .to_owned(),
    ];
    mail.render(subject, &paragraphs, "Open your interview page")
}

/// A reminder `lead` ("tomorrow", "in one hour") before the interview.
pub fn interview_reminder(mail: &InterviewMail<'_>, when: &str, lead: &str) -> Email {
    let paragraphs = [
        format!(
            "A reminder: your interview for {} is {lead}, at {when}.",
            mail.job_name
        ),
        "The interview link will be enabled 5 minutes before the scheduled time. Please join \
         from a quiet place with a working microphone."
            .to_owned(),
    ];
    mail.render(
        format!("Reminder: your interview {lead}"),
        &paragraphs,
        "Open your interview page",
    )
}

/// The greeting of mail to an address nobody has confirmed yet (an application's): anyone can
/// type anyone's address into a form, so what they typed (their name) is not sent to it, or our
/// address would carry a stranger's text to whomever they chose.
const UNCONFIRMED_GREETING: &str = "Hello,";

/// The receipt of an application, with what happens next.
pub fn application_received(job_name: &str, organization: &str) -> Email {
    let greeting = UNCONFIRMED_GREETING;
    let paragraphs = [
        format!(
            "Thank you for applying for {job_name} at {organization}. We have your application and resume."
        ),
        "An AI system screens applications against the job's requirements. If your application \
         fits, we will e-mail you an invitation to a short voice interview you can take from \
         your browser. People make every hiring decision."
            .to_owned(),
        "If you need an alternative to the automated steps or an accommodation, ask for it on \
         your application page: a person will answer, and the AI interview is then not required."
            .to_owned(),
    ];
    paragraphs_email(
        format!("We received your application: {job_name}"),
        greeting,
        &paragraphs,
    )
}

/// Asks the owner of an address to confirm a second application to the same job, which would
/// replace their resume.
pub fn application_update(job_name: &str, confirm_link: &str) -> Email {
    let greeting = UNCONFIRMED_GREETING;
    let paragraphs = [
        format!(
            "We received an application for {job_name} with this e-mail address, which is \
             already on record for this job. To keep anyone else from changing your details, it \
             replaces what we hold only once you confirm it: {confirm_link}"
        ),
        "If you did not apply, ignore this message: nothing changes.".to_owned(),
    ];
    paragraphs_email(
        format!("Confirm your updated application: {job_name}"),
        greeting,
        &paragraphs,
    )
}

/// Tells a person their data will be erased for inactivity on `date`, and what they can do.
pub fn retention_notice(organization: &str, date: &str, page_link: &str) -> Email {
    let paragraphs = [
        format!(
            "{organization} keeps the data of people who applied or were considered for a job for \
             a limited time after their last activity. Yours will be erased on {date}: your \
             applications, resumes, interview recordings and everything else we hold about you."
        ),
        format!(
            "If you would like us to keep it and consider you for other jobs, say so on your \
             application page before then; you can also download your data there: {page_link}"
        ),
        "If you do nothing, it is erased on that date and you will not hear from us again."
            .to_owned(),
    ];
    paragraphs_email(
        format!("Your data at {organization} will be erased on {date}"),
        "Hello,",
        &paragraphs,
    )
}

/// The team's answer to a candidate's request for an alternative process or an accommodation.
pub fn accommodation_answer(job_name: &str, organization: &str, answer: &str) -> Email {
    let paragraphs = [
        format!(
            "You asked for an alternative process or an accommodation for your application for \
             {job_name} at {organization}. Our answer:"
        ),
        answer.to_owned(),
        "Reply to this e-mail if anything is unclear or you need something else.".to_owned(),
    ];
    paragraphs_email(
        format!("Your request about your application: {job_name}"),
        "Hello,",
        &paragraphs,
    )
}

/// A greeting and paragraphs.
struct Paragraphs<'a> {
    greeting: &'a str,
    paragraphs: &'a [String],
}

parts!(
    Paragraphs,
    ParagraphsHtml = "mail/paragraphs.html",
    ParagraphsText = "mail/paragraphs.txt"
);

/// A plain message of paragraphs.
fn paragraphs_email(subject: String, greeting: &str, paragraphs: &[String]) -> Email {
    let mail = Paragraphs {
        greeting,
        paragraphs,
    };
    Email::rendered(
        subject,
        &ParagraphsHtml { message: &mail },
        &ParagraphsText { message: &mail },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn candidate_mails_end_with_their_application_link() {
        let mail = application_received("Nurse <b>", "Acme")
            .with_application_link("https://h.example/application/abc");
        assert!(
            mail.text
                .ends_with("erase it: https://h.example/application/abc\n")
        );
        assert!(mail.html.ends_with(
            "<a href=\"https://h.example/application/abc\">your application</a></p></div></body></html>"
        ));
        assert!(mail.text.starts_with("Hello,\n\n"));
        assert!(mail.html.contains("Nurse &#60;b&#62;"));
    }

    #[test]
    fn only_an_applicant_is_thanked_for_applying() {
        let invite = |applied| {
            let mail = InterviewMail {
                candidate_name: "Ana",
                job_name: "Nurse",
                link: "https://h.example/nextstep?inviteId=t",
                guidelines_link: "https://h.example/interviewguidelines",
                applied,
            };
            interview_invite(&mail, None).text
        };
        assert!(invite(true).contains("Thank you for applying for Nurse."));
        let sought = invite(false);
        assert!(
            !sought.contains("applying") && !sought.contains("applied"),
            "{sought}"
        );
        assert!(sought.contains("invite you to a short AI voice interview for Nurse"));
    }

    #[test]
    fn otp_mail_escapes_names() {
        let mail = otp_code("<b>Eve</b>", "012345", 15);
        assert!(mail.text.contains("Your Hirelane sign-in code is 012345"));
        assert!(mail.html.contains("&#60;b&#62;Eve&#60;/b&#62;"));
        assert!(!mail.html.contains("<b>Eve"));
    }
}
