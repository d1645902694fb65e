//! The interviewer's lines, synthesized before they are needed. An interview's plan is
//! scripted, so when its session starts every line it will say is synthesized in the
//! background ([`Runtime::prefetch`], one interview's lines at a time on the instance, so
//! starting many interviews at once does not crowd the speech sidecar), and a turn's line is
//! then usually a cache hit. The cache is in memory, keyed by assistant, voice and text, and
//! bounded by the audio it holds (least recently used out first); a line asked for while it is
//! being synthesized waits for that synthesis instead of starting another.

use std::collections::HashMap;
use std::future::Future;
use std::path::Path;
use std::sync::{Arc, Mutex};

use tokio::sync::{OnceCell, Semaphore};

use super::acknowledging;
use super::runtime::Runtime;
use super::session_store::Durable;
use super::speech::SpeechError;

/// Audio the cache holds at most: 32 Mi samples (64 MiB, about 35 minutes of speech).
const CAPACITY_SAMPLES: usize = 32 * 1024 * 1024;

type Key = (String, String, String);

#[derive(Debug)]
struct Entry {
    line: Arc<OnceCell<Arc<[i16]>>>,
    used: u64,
    /// Its samples are counted in the cache's total (once it is made).
    counted: usize,
}

#[derive(Debug, Default)]
struct Cache {
    entries: HashMap<Key, Entry>,
    samples: usize,
    tick: u64,
}

/// Spoken lines of this instance.
#[derive(Debug)]
pub struct Lines {
    voice: String,
    capacity: usize,
    cache: Mutex<Cache>,
    /// One interview's lines are prefetched at a time.
    prefetching: Arc<Semaphore>,
}

impl Lines {
    /// Lines in the voice at `voice` (part of each key: another voice is another line).
    pub fn new(voice: &Path) -> Lines {
        Lines::with_capacity(voice, CAPACITY_SAMPLES)
    }

    fn with_capacity(voice: &Path, capacity: usize) -> Lines {
        Lines {
            voice: voice.display().to_string(),
            capacity,
            cache: Mutex::new(Cache::default()),
            prefetching: Arc::new(Semaphore::new(1)),
        }
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// `text` as the interviews of `assistant` say it: from the cache, or made by `make` (once,
    /// however many ask at the same time).
    pub async fn get_or_make<F, Fut>(
        &self,
        assistant: &str,
        text: &str,
        make: F,
    ) -> Result<Arc<[i16]>, SpeechError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Vec<i16>, SpeechError>>,
    {
        let key = (assistant.to_owned(), self.voice.clone(), text.to_owned());
        let cell = {
            let mut cache = self.cache();
            cache.tick += 1;
            let tick = cache.tick;
            let entry = cache.entries.entry(key.clone()).or_insert_with(|| Entry {
                line: Arc::new(OnceCell::new()),
                used: tick,
                counted: 0,
            });
            entry.used = tick;
            entry.line.clone()
        };
        let made = cell
            .get_or_try_init(|| async { make().await.map(Arc::from) })
            .await
            .cloned();
        let mut cache = self.cache();
        match &made {
            Ok(line) => {
                let newly = cache
                    .entries
                    .get_mut(&key)
                    .filter(|e| e.counted == 0 && Arc::ptr_eq(&e.line, &cell))
                    .map(|e| {
                        e.counted = line.len().max(1);
                        e.counted
                    });
                if let Some(samples) = newly {
                    cache.samples += samples;
                    self.evict(&mut cache, &key);
                }
            }
            // A failure is not kept: the next turn tries again.
            Err(_) => {
                if cache
                    .entries
                    .get(&key)
                    .is_some_and(|e| !e.line.initialized())
                {
                    cache.entries.remove(&key);
                }
            }
        }
        made
    }

    /// Drops the least recently used lines (never `keep`) until the audio fits.
    fn evict(&self, cache: &mut Cache, keep: &Key) {
        while cache.samples > self.capacity {
            let oldest = cache
                .entries
                .iter()
                .filter(|(k, e)| e.counted > 0 && *k != keep)
                .min_by_key(|(_, e)| e.used)
                .map(|(k, _)| k.clone());
            let Some(oldest) = oldest else { return };
            if let Some(gone) = cache.entries.remove(&oldest) {
                cache.samples -= gone.counted;
            }
        }
    }
}

impl Runtime {
    /// `text` spoken in the interviews of `assistant`, from the cache when it was made before.
    pub(super) async fn speak(
        &self,
        assistant: &str,
        text: &str,
    ) -> Result<Arc<[i16]>, SpeechError> {
        self.lines
            .get_or_make(assistant, text, || self.speech.synthesize(text))
            .await
    }

    /// Synthesizes in the background the lines the interview has still to say.
    pub(super) fn prefetch(self: &Arc<Self>, durable: &Durable) {
        let assistant = assistant_of(durable);
        // The acknowledgements first: the first answer needs one before the next line.
        let texts: Vec<String> = acknowledging::all()
            .map(str::to_owned)
            .chain(
                durable.plan.steps[durable.step.min(durable.plan.steps.len())..]
                    .iter()
                    .map(|step| step.text.clone()),
            )
            .collect();
        let runtime = self.clone();
        tokio::spawn(async move {
            let Ok(_turn) = runtime.lines.prefetching.clone().acquire_owned().await else {
                return;
            };
            for text in texts {
                if let Err(err) = runtime.speak(&assistant, &text).await {
                    tracing::warn!(error = %err, "self-hosted interview: a line could not be made ahead");
                    return;
                }
            }
        });
    }
}

/// The assistant whose interview this is.
pub(super) fn assistant_of(durable: &Durable) -> String {
    durable.call["assistantId"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    async fn say(lines: &Lines, made: &AtomicUsize, assistant: &str, text: &str) -> Arc<[i16]> {
        lines
            .get_or_make(assistant, text, || async {
                made.fetch_add(1, Ordering::SeqCst);
                // Lets a concurrent request for the same line find this one in progress.
                tokio::task::yield_now().await;
                Ok(vec![1; text.len()])
            })
            .await
            .expect("a line")
    }

    #[tokio::test]
    async fn a_line_is_synthesized_once_per_assistant_voice_and_text() {
        let lines = Lines::new(Path::new("joe.onnx"));
        let made = AtomicUsize::new(0);
        let (a, b) = tokio::join!(
            say(&lines, &made, "a1", "Tell me about a service you run."),
            say(&lines, &made, "a1", "Tell me about a service you run."),
        );
        assert_eq!(
            made.load(Ordering::SeqCst),
            1,
            "asked twice at once, made once"
        );
        assert!(Arc::ptr_eq(&a, &b));
        say(&lines, &made, "a1", "Tell me about a service you run.").await;
        assert_eq!(made.load(Ordering::SeqCst), 1, "then from the cache");
        say(&lines, &made, "a2", "Tell me about a service you run.").await;
        say(&lines, &made, "a1", "How do you find a slow query?").await;
        assert_eq!(
            made.load(Ordering::SeqCst),
            3,
            "another assistant, another text"
        );
        let other_voice = Lines::new(Path::new("amy.onnx"));
        say(
            &other_voice,
            &made,
            "a1",
            "Tell me about a service you run.",
        )
        .await;
        assert_eq!(made.load(Ordering::SeqCst), 4, "another voice");
    }

    #[tokio::test]
    async fn a_failed_synthesis_is_not_kept() {
        let lines = Lines::new(Path::new("joe.onnx"));
        let failed = lines
            .get_or_make("a1", "Hello.", || async { Err(SpeechError::Unavailable) })
            .await;
        assert!(failed.is_err());
        let made = AtomicUsize::new(0);
        say(&lines, &made, "a1", "Hello.").await;
        assert_eq!(made.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn the_least_recently_used_lines_go_when_the_audio_exceeds_the_capacity() {
        let lines = Lines::with_capacity(Path::new("joe.onnx"), 10);
        let made = AtomicUsize::new(0);
        say(&lines, &made, "a", "1234").await;
        say(&lines, &made, "a", "5678").await;
        say(&lines, &made, "a", "1234").await; // used again: now the newest
        say(&lines, &made, "a", "abcd").await; // 12 samples: "5678" goes
        assert_eq!(made.load(Ordering::SeqCst), 3);
        assert_eq!(lines.cache().samples, 8);
        say(&lines, &made, "a", "1234").await;
        assert_eq!(made.load(Ordering::SeqCst), 3, "kept");
        say(&lines, &made, "a", "5678").await;
        assert_eq!(made.load(Ordering::SeqCst), 4, "made again");
    }
}
