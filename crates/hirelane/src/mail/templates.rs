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

fn layout(body: &str) -> String {
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
    fn otp_mail_escapes_names() {
        let mail = otp_code("<b>Eve</b>", "012345", 15);
        assert!(mail.text.contains("Your Hirelane sign-in code is 012345"));
        assert!(mail.html.contains("&lt;b&gt;Eve&lt;/b&gt;"));
        assert!(!mail.html.contains("<b>Eve"));
    }
}
