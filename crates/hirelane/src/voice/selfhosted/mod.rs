//! The self-hosted AI interviewer (`voice.provider = "selfhosted"`): a voice provider that needs
//! no third party. Its assistants and calls live in our database in Vapi's shapes
//! ([`provider`]); a candidate's interview runs over a WebSocket from the join page
//! ([`engine`]), following a scripted plan ([`plan`]) and asking a follow-up where an answer
//! misses most of its key points ([`follow_up`]), with end of turn by voice activity
//! ([`turns`]), speech heard and spoken by the speech sidecar ([`speech`]), answers transcribed
//! through a bounded queue while they are spoken and kept even when they cannot be
//! ([`answering`], [`transcribing`], [`hearing`]), the lines synthesized before they are needed
//! ([`lines`]), each answer acknowledged the moment it is over ([`acknowledging`], said through
//! [`speaking`]), the voice-to-voice latency of every turn ([`latency`]), a stereo recording
//! ([`recording`]) and a heuristic analysis when no language model is configured ([`grading`]).
//! Its progress is stored as it runs ([`session_store`]) and one socket at a time runs it under
//! a lease ([`lease`]), so any instance can take an interview over; it begins and ends through
//! [`lifecycle`] and [`ending`].

pub mod acknowledging;
mod answering;
mod ending;
pub mod engine;
mod follow_up;
pub mod grading;
mod hearing;
pub mod latency;
mod lease;
mod lifecycle;
pub mod lines;
pub mod llm;
pub mod pacing;
pub mod plan;
pub mod provider;
pub mod recording;
pub mod runtime;
mod session_store;
mod socket;
mod speaking;
pub mod speech;
pub mod transcribing;
pub mod turns;

pub use runtime::Runtime;
