//! The simulator's assistants and calls, kept in one JSON file between runs
//! ([`crate::SimConfig::state_file`]).
//!
//! The file is rewritten (to a temporary file, then renamed over the old one, so a crash leaves
//! either the old or the new state) whenever a request or a transition changed something.
//! Webhooks in flight, the delivery log and injected faults are not kept: they belong to one
//! run, and the client's reconciler fetches what a lost webhook carried. Recordings are not
//! stored either: they are rendered again from each ended call's interview.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::calls::recording;
use super::{AssistantRec, CallRec, Store};
use crate::ids::IdGen;

/// Bumped when the saved shape changes incompatibly; a file of another format is set aside.
const FORMAT: u32 = 1;

#[derive(Serialize)]
struct Saving<'a> {
    format: u32,
    ids: &'a IdGen,
    seq: u64,
    /// In creation order, so an unchanged state writes the same bytes.
    assistants: Vec<&'a AssistantRec>,
    calls: Vec<&'a CallRec>,
}

#[derive(Deserialize)]
pub(super) struct Saved {
    format: u32,
    pub ids: IdGen,
    pub seq: u64,
    pub assistants: Vec<AssistantRec>,
    pub calls: Vec<CallRec>,
}

impl Saved {
    pub(super) fn assistants(&mut self) -> HashMap<String, AssistantRec> {
        std::mem::take(&mut self.assistants)
            .into_iter()
            .map(|a| (a.id.clone(), a))
            .collect()
    }

    pub(super) fn calls(&mut self) -> HashMap<String, CallRec> {
        std::mem::take(&mut self.calls)
            .into_iter()
            .map(|c| (c.id.clone(), c))
            .collect()
    }
}

/// Reads the saved state, if there is any. A file that cannot be read as this format is
/// renamed to `<file>.unreadable` (kept for a person to look at) and the simulator starts empty.
pub(super) fn load(path: &Path) -> Option<Saved> {
    let text = match std::fs::read(path) {
        Ok(text) => text,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return None,
        Err(e) => {
            tracing::error!(path = %path.display(), error = %e, "vapi-sim: saved state unreadable");
            return None;
        }
    };
    match serde_json::from_slice::<Saved>(&text) {
        Ok(mut saved) if saved.format == FORMAT => {
            for call in &mut saved.calls {
                call.recording = call
                    .heard()
                    .map(|(_, heard)| Arc::new(recording(call.call_hash, &heard)));
            }
            Some(saved)
        }
        outcome => {
            let reason = outcome
                .err()
                .map_or("another format".to_owned(), |e| e.to_string());
            let aside = path.with_extension("unreadable");
            tracing::error!(
                path = %path.display(),
                moved_to = %aside.display(),
                reason,
                "vapi-sim: saved state set aside, starting empty"
            );
            if let Err(e) = std::fs::rename(path, &aside) {
                tracing::error!(error = %e, "vapi-sim: cannot set the saved state aside");
            }
            None
        }
    }
}

impl Store {
    /// Writes the state to `path` if it changed since the last write. Runs under the store's
    /// lock (the file is small and a simulator's load light), so writes never interleave.
    pub(super) fn save(&mut self, path: &Path) -> io::Result<()> {
        let mut assistants: Vec<_> = self.assistants.values().collect();
        assistants.sort_by_key(|a| a.seq);
        let mut calls: Vec<_> = self.calls.values().collect();
        calls.sort_by_key(|c| c.seq);
        let bytes = serde_json::to_vec(&Saving {
            format: FORMAT,
            ids: &self.ids,
            seq: self.seq,
            assistants,
            calls,
        })?;
        let mut hasher = DefaultHasher::new();
        bytes.hash(&mut hasher);
        let digest = hasher.finish();
        if self.saved_digest == Some(digest) {
            return Ok(());
        }
        let temporary = path.with_extension("tmp");
        std::fs::write(&temporary, &bytes)?;
        std::fs::rename(&temporary, path)?;
        self.saved_digest = Some(digest);
        Ok(())
    }
}
