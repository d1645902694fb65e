//! What is concluded from a call, and how the parts fit. A call's end-of-call report arrives by
//! webhook, from the reconciler, or from a read that found it missing; [`reports`] stores it
//! once, whichever way it came, and works out the rest there:
//!
//! - [`evidence`]: the conversation as timed turns, and each scripted question linked to the
//!   turns it was asked and answered in;
//! - [`analysis`]: the provider's scores (0-100) and the interview status;
//! - [`verdict`]: Pass, Fail or Needs Review from the scores, the evidence and the integrity
//!   check (`voice/integrity.rs`), with the rule that decided it;
//! - [`assessment`]: all of the above as one value, stored with the call;
//! - [`grading`]: our own grade of each answer against the key points the recruiter set
//!   (`voice/rubric.rs`), with quotes traced to the recording, and the page's bars; kept apart
//!   from the provider's scores, which stay a second opinion.
//!
//! [`interview_analysis`] is the route that shows the stored conclusion on the candidate's
//! analysis page.

pub mod analysis;
pub mod assessment;
pub mod evidence;
pub mod grading;
pub mod interview_analysis;
pub mod reports;
pub mod verdict;
