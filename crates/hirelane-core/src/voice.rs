//! The voice provider as the application state holds it. The voice domain defines the provider
//! (Vapi, the bundled simulator, the self-hosted interviewer) and implements this trait; the
//! state and the app layer see only what every request needs, so the state names no domain type
//! and the voice domain may import the state without a cycle.

use std::any::Any;
use std::fmt::Debug;

/// A running voice provider.
pub trait VoiceHandle: Any + Debug + Send + Sync {
    /// Origins a browser talks to during a call (the provider's, the simulator's), separated by
    /// spaces, for the page's `connect-src`; empty when the call stays on our own origin.
    fn browser_origins(&self) -> String;
}
