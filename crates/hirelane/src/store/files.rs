//! The file store: uploaded resumes and other blobs, under keys we generate (never the
//! client's file name). A local directory by default; the same `object_store` interface serves
//! an S3-compatible bucket in production.

use std::path::Path;
use std::sync::Arc;

use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};

/// Why the store could not be opened or used.
#[derive(Debug, thiserror::Error)]
pub enum FileStoreError {
    #[error("file store: {0}")]
    Store(#[from] object_store::Error),
    #[error("file store directory {0}: {1}")]
    Directory(String, std::io::Error),
}

/// Blob storage shared by every instance of one deployment.
#[derive(Clone, Debug)]
pub struct FileStore {
    inner: Arc<dyn ObjectStore>,
}

impl FileStore {
    /// A store in a local directory (created when missing).
    pub fn local(dir: &Path) -> Result<FileStore, FileStoreError> {
        std::fs::create_dir_all(dir)
            .map_err(|e| FileStoreError::Directory(dir.display().to_string(), e))?;
        let store = LocalFileSystem::new_with_prefix(dir)?;
        Ok(FileStore {
            inner: Arc::new(store),
        })
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
