//! The file store: uploaded resumes and other blobs, under keys we generate (never the
//! client's file name). A local directory by default; the same `object_store` interface serves
//! an S3-compatible bucket in production.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt, PutPayload, RetryConfig};

use crate::config::S3Settings;

/// Why the store could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum FileStoreError {
    #[error("file store: {0}")]
    Store(#[from] object_store::Error),
    #[error("file store directory {0}: {1}")]
    Directory(String, std::io::Error),
    #[error("storage.s3.bucket is not set")]
    NoBucket,
    #[error("{0}: the stored probe came back different")]
    Probe(String),
}

/// Blob storage shared by every instance of one deployment.
#[derive(Clone, Debug)]
pub struct FileStore {
    inner: Arc<dyn ObjectStore>,
    /// Names the store in errors and logs (directory, or bucket at endpoint).
    place: Arc<str>,
}

/// Where start-up and readiness probes write and list; never a resume's key.
const PROBE_PREFIX: &str = "_hirelane/probe";

impl FileStore {
    /// A store in a local directory (created when missing).
    pub fn local(dir: &Path) -> Result<FileStore, FileStoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| FileStoreError::Directory(dir.display().to_string(), e))?;
        let store = LocalFileSystem::new_with_prefix(dir)?;
        Ok(FileStore {
            inner: Arc::new(store),
            place: format!("directory {}", dir.display()).into(),
        })
    }

    /// A store in an S3-compatible bucket. Nothing is contacted yet; [`FileStore::check`] does.
    pub fn s3(settings: &S3Settings) -> Result<FileStore, FileStoreError> {
        if settings.bucket.trim().is_empty() {
            return Err(FileStoreError::NoBucket);
        }
        let timeout = Duration::from_secs(settings.request_timeout_seconds.max(1));
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(&settings.bucket)
            .with_region(&settings.region)
            .with_virtual_hosted_style_request(settings.virtual_hosted_style)
            // All client options in one place: `with_client_options` replaces the whole set,
            // including what `with_allow_http` would have set.
            .with_client_options(
                ClientOptions::new()
                    .with_allow_http(settings.allow_http)
                    .with_timeout(timeout)
                    .with_connect_timeout(Duration::from_secs(5)),
            )
            // The default retries for three minutes: start-up and readiness would hang on a
            // dead endpoint instead of failing with its name.
            .with_retry(RetryConfig {
                max_retries: 3,
                retry_timeout: timeout,
                ..RetryConfig::default()
            });
        if let Some(endpoint) = &settings.endpoint {
            builder = builder.with_endpoint(endpoint);
        }
        if let Some(id) = &settings.access_key_id {
            builder = builder.with_access_key_id(id);
        }
        if let Some(key) = &settings.secret_access_key {
            builder = builder.with_secret_access_key(key.expose());
        }
        let place = match &settings.endpoint {
            Some(endpoint) => format!("bucket '{}' at {endpoint}", settings.bucket),
            None => format!("bucket '{}' in {}", settings.bucket, settings.region),
        };
        Ok(FileStore {
            inner: Arc::new(builder.build()?),
            place: place.into(),
        })
    }

    /// What the store is, for messages: `directory …` or `bucket '…' at …`.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Proves at start-up that files can be written, read back and removed (reachable
    /// endpoint, existing bucket, valid credentials with enough rights).
    pub async fn check(&self) -> Result<(), FileStoreError> {
        let key = format!("{PROBE_PREFIX}/{}", crate::keys::random_token(12));
        let probe = b"hirelane start-up probe".to_vec();
        self.put(&key, probe.clone()).await?;
        let back = self.get(&key).await?;
        self.delete(&key).await?;
        if back.as_deref() != Some(probe.as_slice()) {
            return Err(FileStoreError::Probe(self.place.to_string()));
        }
        Ok(())
    }

    /// A cheap read-only round trip for readiness: lists the (empty) probe prefix.
    pub async fn ping(&self) -> Result<(), FileStoreError> {
        self.inner
            .list_with_delimiter(Some(&ObjectPath::from(PROBE_PREFIX)))
            .await?;
        Ok(())
    }

    /// Stores `bytes` under `key`, replacing what was there.
    pub async fn put(&self, key: &str, bytes: Vec<u8>) -> Result<(), FileStoreError> {
        self.inner
            .put(&ObjectPath::from(key), PutPayload::from(bytes))
            .await?;
        Ok(())
    }

    /// The bytes stored under `key`, or `None` when there are none.
    pub async fn get(&self, key: &str) -> Result<Option<Vec<u8>>, FileStoreError> {
        match self.inner.get(&ObjectPath::from(key)).await {
            Ok(found) => Ok(Some(found.bytes().await?.to_vec())),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Removes `key`; removing what is already gone is not an error.
    pub async fn delete(&self, key: &str) -> Result<(), FileStoreError> {
        match self.inner.delete(&ObjectPath::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn put_get_delete_round_trip() {
        let dir = tempfile::tempdir().expect("tempdir");
        let store = FileStore::local(&dir.path().join("files")).expect("store");
        store
            .put("resumes/ab/cd.pdf", b"%PDF-1.7".to_vec())
            .await
            .expect("put");
        assert_eq!(
            store.get("resumes/ab/cd.pdf").await.expect("get"),
            Some(b"%PDF-1.7".to_vec())
        );
        store.delete("resumes/ab/cd.pdf").await.expect("delete");
        store.delete("resumes/ab/cd.pdf").await.expect("idempotent");
        assert_eq!(store.get("resumes/ab/cd.pdf").await.expect("get"), None);
    }
}
