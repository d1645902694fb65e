//! The text of every e-mail the product sends, as plain text and as simple, inline-styled HTML.

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
    /// After a rejection: where the candidate reads why (the automated steps' principal
    /// reasons), and that they may correct data or ask for a person to review it.
    pub fn with_review_rights(self, link: &str) -> Email {
        let line = "How the automated steps assessed your application is on your application \
                    page. If something we read is wrong, or you would like a person to review \
                    your application without them, reply to this e-mail";
        let paragraph = format!(
            "<p>{}. <a href=\"{}\">How your application was assessed</a></p>",
            escape(line),
            escape(link)
        );
        self.ending_with(&format!("{line}. {link}"), &paragraph)
    }

    /// Adds the candidate's own page at the end of a message to a candidate.
    pub fn with_application_link(self, link: &str) -> Email {
        // The one way candidates added by upload or CSV reach their page, so it names what the
        // page offers: the explanation, an alternative process, voluntary self-identification.
        let line = "See your application's status and how it was assessed, ask for an \
                    alternative process or an accommodation, answer optional self-identification \
                    questions, withdraw it, download your data or ask us to erase it";
        let paragraph = format!(
            "<p style=\"font-size:13px;color:#6b7280;border-top:1px solid #e5e7eb;\
             padding-top:12px;margin-top:24px\">{}: <a href=\"{}\">your application</a></p>",
            escape(line),
            escape(link)
        );
        self.ending_with(&format!("{line}: {link}"), &paragraph)
    }

    /// The notice about the automated steps, with its version, before the candidate's own page
    /// (invitations to the AI interview carry it: the candidate reads it before the interview).
    pub fn with_ai_notice(self, notice: &str, version: &str) -> Email {
        let line = format!("How we use automated tools (notice {version}): {notice}");
        let paragraph = format!(
            "<p style=\"font-size:13px;color:#374151\"><strong>How we use automated tools</strong> \
             (notice {}): {}</p>",
            escape(version),
            escape(notice)
        );
        self.ending_with(&line, &paragraph)
    }

    /// Appends a line to the text and a paragraph inside the HTML layout's frame.
    fn ending_with(mut self, line: &str, paragraph: &str) -> Email {
        self.text.push_str(&format!("\n{line}\n"));
        match self.html.rfind("</div></body></html>") {
            Some(end) => self.html.insert_str(end, paragraph),
            None => self.html.push_str(paragraph),
        }
        self
    }
}

/// The sign-in code message.
pub fn otp_code(full_name: &str, code: &str, valid_minutes: i64) -> Email {
    let greeting = format!("Hello {full_name},");
    let text = format!(
        "{greeting}\n\nYour Hirelane sign-in code is {code}\n\n\
         It expires in {valid_minutes} minutes and can be used once. \
         If you did not ask to sign in, you can ignore this message.\n"
    );
    let html = layout(&format!(
        "<p>{}</p><p>Your Hirelane sign-in code is</p>\
         <p style=\"font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0\">{}</p>\
         <p>It expires in {valid_minutes} minutes and can be used once. \
         If you did not ask to sign in, you can ignore this message.</p>",
        escape(&greeting),
        escape(code)
    ));
    Email {
        subject: format!("Your Hirelane sign-in code: {code}"),
        text,
        html,
        attachments: Vec::new(),
    }
}

/// Tells a recruiter that wrong sign-in codes locked their address.
pub fn sign_in_locked(full_name: &str, failures: i64, minutes: i64) -> Email {
    let greeting = format!("Hello {full_name},");
    let body = format!(
        "Wrong sign-in codes were entered for your Hirelane account {failures} times within an hour \
         from one network, so signing in from there is locked for {minutes} minutes; you can \
         still sign in from your own. If that was not you, someone may be trying to guess a \
         code: nothing else is needed, the lock protects the account. If it keeps happening, \
         tell your administrator."
    );
    Email {
        subject: "Hirelane sign-in locked after wrong codes".to_owned(),
        text: format!("{greeting}\n\n{body}\n"),
        html: layout(&format!(
            "<p>{}</p><p>{}</p>",
            escape(&greeting),
            escape(&body)
        )),
        attachments: Vec::new(),
    }
}

/// Tells a colleague they were added to the hiring team and how to sign in.
pub fn team_invite(full_name: &str, inviter: &str, login_link: &str) -> Email {
    let greeting = format!("Hello {full_name},");
    let body = format!(
        "{inviter} added you to the hiring team on Hirelane. To sign in, open {login_link} and \
         enter this e-mail address: we will send you a one-time code. No password is needed."
    );
    Email {
        subject: format!("{inviter} added you to Hirelane"),
        text: format!("{greeting}\n\n{body}\n"),
        html: layout(&format!(
            "<p>{}</p><p>{}</p><p><a href=\"{}\">Sign in to Hirelane</a></p>",
            escape(&greeting),
            escape(&body),
            escape(login_link)
        )),
        attachments: Vec::new(),
    }
}

/// What an interview e-mail says about the interview.
#[derive(Debug, Clone)]
pub struct InterviewMail<'a> {
    pub candidate_name: &'a str,
    pub job_name: &'a str,
    /// The candidate's invite page.
    pub link: &'a str,
    pub guidelines_link: &'a str,
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
        let mut text = format!("{}\n\n", self.greeting());
        let mut html = format!("<p>{}</p>", escape(&self.greeting()));
        for p in paragraphs {
            text.push_str(p);
            text.push_str("\n\n");
            html.push_str(&format!("<p>{}</p>", escape(p)));
        }
        text.push_str(&format!(
            "{button}: {}\n\nBefore the interview, please read the guidelines: {}\n",
            self.link, self.guidelines_link
        ));
        html.push_str(&format!(
            "<p style=\"margin:24px 0\"><a href=\"{}\" style=\"background:#4f46e5;color:#fff;\
             padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600\">{}</a></p>\
             <p style=\"font-size:13px;color:#6b7280\">Before the interview, please read the \
             <a href=\"{}\">interview guidelines</a>. If the button does not work, open \
             {}</p>",
            escape(self.link),
            escape(button),
            escape(self.guidelines_link),
            escape(self.link)
        ));
        Email {
            subject,
            text,
            html: layout(&html),
            attachments: Vec::new(),
        }
    }
}

/// The invitation to pick an interview slot.
pub fn interview_invite(mail: &InterviewMail<'_>, apply_last_date: Option<&str>) -> Email {
    let mut paragraphs = vec![format!(
        "Thank you for applying for {}. We would like to invite you to a short AI voice \
         interview, which you can take from your browser at a time that suits you.",
        mail.job_name
    )];
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
            "We received another application for {job_name} with this e-mail address. To keep \
             anyone else from changing your application, it replaces your earlier one only once \
             you confirm it: {confirm_link}"
        ),
        "If you did not apply again, ignore this message: nothing changes.".to_owned(),
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

/// A plain message of paragraphs.
fn paragraphs_email(subject: String, greeting: &str, paragraphs: &[String]) -> Email {
    let mut text = format!("{greeting}\n\n");
    let mut html = format!("<p>{}</p>", escape(greeting));
    for p in paragraphs {
        text.push_str(p);
        text.push_str("\n\n");
        html.push_str(&format!("<p>{}</p>", escape(p)));
    }
    Email {
        subject,
        text,
        html: layout(&html),
        attachments: Vec::new(),
    }
}

pub fn layout(body: &str) -> String {
    format!(
        "<!doctype html><html><body style=\"margin:0;background:#f4f5f7;\
         font-family:Helvetica,Arial,sans-serif;color:#1f2937\">\
         <div style=\"max-width:520px;margin:24px auto;background:#fff;border-radius:8px;\
         padding:24px\"><p style=\"font-weight:700;color:#4f46e5;margin-top:0\">Hirelane</p>\
         {body}</div></body></html>"
    )
}

/// Escapes text for an HTML text node or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
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
        assert!(mail.html.contains("Nurse &lt;b&gt;"));
    }

    #[test]
    fn otp_mail_escapes_names() {
        let mail = otp_code("<b>Eve</b>", "012345", 15);
        assert!(mail.text.contains("Your Hirelane sign-in code is 012345"));
        assert!(mail.html.contains("&lt;b&gt;Eve&lt;/b&gt;"));
        assert!(!mail.html.contains("<b>Eve"));
    }
}
