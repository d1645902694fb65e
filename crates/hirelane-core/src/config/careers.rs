//! The public job pages, applications, the notices applicants read and the autopilot.

use serde::Deserialize;

/// The public job pages, applications and the autopilot.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CareersSettings {
    /// The employer's name on job pages and in their structured data (`hiringOrganization`).
    pub organization_name: String,
    /// The employer's website; defaults to `server.public_url`.
    pub organization_url: Option<String>,
    /// What applicants agree to before applying; its version (a digest of the text, with the AI
    /// notice) is stored with each application.
    pub privacy_notice: String,
    /// Shown before an applicant submits: that an AI screens the application and interview.
    pub ai_notice: String,
    /// Applications one client address may send per hour, over every job.
    pub applications_per_ip_per_hour: i64,
    /// Applications one e-mail address may send per day, over every job.
    pub applications_per_email_per_day: i64,
    /// The local hour (`time_zone`) after which each JD's daily digest goes out.
    pub digest_hour: u8,
    /// How often each instance looks for autopilot invites that are due (uploads wake it too).
    pub autopilot_interval_seconds: u64,
}

impl Default for CareersSettings {
    fn default() -> Self {
        Self {
            organization_name: "Hirelane".into(),
            organization_url: None,
            privacy_notice: "We use what you send us (your name, contact details, resume and \
                note) to consider you for this job. From the link in our e-mails you can see \
                your application's status, withdraw it, download your data or ask us to erase \
                it at any time."
                .into(),
            // What New York City's Local Law 144 and the Illinois AI Video Interview Act ask a
            // notice to say: that a tool is used, what it assesses and from which data, how
            // long data is kept, and how to ask for an alternative process or accommodation.
            ai_notice: "An AI system screens applications: your resume is scored against the \
                job's requirements (the skills it lists, the experience it asks for, how close \
                your past roles are), never on your name, contact details or who you are, and \
                you may be invited to an automated voice interview, which is recorded and \
                transcribed and whose answers are assessed against the job's questions. During \
                that interview its page records, with the time, when you leave its tab or \
                window, when your microphone changes or is muted and when the connection \
                drops; the recruiter sees this log beside your answers, and it never changes a \
                score. People \
                make every hiring decision; the AI never rejects an application. Your data is \
                kept while your application is open and for a limited time after your last \
                activity; we e-mail you before erasing it. You may ask for an alternative process or an \
                accommodation instead of the automated steps from your application page (linked \
                in every e-mail we send you). How each score works: /how-we-score."
                .into(),
            applications_per_ip_per_hour: 10,
            applications_per_email_per_day: 5,
            digest_hour: 8,
            autopilot_interval_seconds: 5,
        }
    }
}
