//! The store's thread: the server's tasks send it operations; it runs those waiting as one
//! transaction (one sync to disk for many moves), each in a savepoint, and answers each
//! only once the transaction is committed.

use super::{Store, StoreError};
use std::sync::mpsc;
use tokio::sync::oneshot;

/// What an operation hands back: called with whether its batch was committed.
type Deliver = Box<dyn FnOnce(bool) + Send>;

/// An operation: runs on the store, says whether it succeeded (else its savepoint is rolled
/// back), and how to deliver its answer.
type Job = Box<dyn FnOnce(&mut dyn Store) -> (bool, Deliver) + Send>;

/// The most operations in one transaction.
const MAX_BATCH: usize = 512;

/// The server's way to its store; cheap to clone.
#[derive(Clone, Debug)]
pub struct StoreHandle {
    jobs: mpsc::Sender<Job>,
}

impl StoreHandle {
    /// Starts the store's thread on `store`; it ends when every handle is dropped.
    ///
    /// # Errors
    /// The thread could not be started.
    pub fn spawn(store: Box<dyn Store>) -> std::io::Result<StoreHandle> {
        let (jobs, rx) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("club-store".into())
            .spawn(move || run(store, &rx))?;
        Ok(StoreHandle { jobs })
    }

    /// Runs `op` on the store and waits until it is committed.
    ///
    /// # Errors
    /// The operation failed, its batch could not be committed, or the store has stopped.
    pub async fn call<R, F>(&self, op: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: FnOnce(&mut dyn Store) -> Result<R, StoreError> + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |store| {
            let result = op(store);
            let ok = result.is_ok();
            let deliver: Deliver = Box::new(move |committed| {
                let _ = tx.send(if committed {
                    result
                } else {
                    Err(StoreError::Commit)
                });
            });
            (ok, deliver)
        });
        self.jobs.send(job).map_err(|_| StoreError::Stopped)?;
        rx.await.map_err(|_| StoreError::Stopped)?
    }

    /// Runs `op` on the store without waiting for it (its failure is written to standard
    /// error): for what comes in order before an operation waited for.
    pub fn send<F>(&self, what: &'static str, op: F)
    where
        F: FnOnce(&mut dyn Store) -> Result<(), StoreError> + Send + 'static,
    {
        let job: Job = Box::new(move |store| {
            let result = op(store);
            let ok = result.is_ok();
            let deliver: Deliver = Box::new(move |committed| match result {
                Err(e) => crate::server::note(&format!("store: {what}: {e}")),
                Ok(()) if !committed => {
                    crate::server::note(&format!("store: {what}: not committed"));
                }
                Ok(()) => {}
            });
            (ok, deliver)
        });
        let _ = self.jobs.send(job);
    }
}

fn run(mut store: Box<dyn Store>, jobs: &mpsc::Receiver<Job>) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    let mut delivers: Vec<Deliver> = Vec::with_capacity(MAX_BATCH);
    while let Ok(first) = jobs.recv() {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let began = store.begin();
        if let Err(e) = &began {
            crate::server::note(&format!("store: cannot begin a transaction: {e}"));
        }
        for job in batch.drain(..) {
            let marked = store.savepoint().is_ok();
            let (ok, deliver) = job(&mut *store);
            if marked && store.release(ok).is_err() {
                crate::server::note("store: a savepoint could not be closed");
            }
            delivers.push(deliver);
        }
        let committed = began.is_ok() && store.commit().is_ok();
        for deliver in delivers.drain(..) {
            deliver(committed);
        }
    }
}
