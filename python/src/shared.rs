//! The one core both Python APIs share: a parsed document behind a
//! read-write lock, and handles to its nodes.
//!
//! Every Python object that reads or changes a document (a `Document`, an
//! `HTMLParser`, each `Node`) holds an [`Arc`] of the same [`SharedDoc`],
//! so the document lives as long as any of them, and any thread may use
//! them: readers share the lock, a change takes it alone. Long work
//! (parsing, selecting, serializing, text) runs with the GIL released
//! ([`SharedDoc::read_detached`]); short reads take the lock with the GIL
//! held when it is free, and wait for it without the GIL when it is not,
//! so a thread that waits never stalls the others.

use std::collections::HashSet;
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard, TryLockError};

use htmlforge::encoding::Sniffed;
use htmlforge::{Document, NodeId};
use pyo3::prelude::*;

use crate::errors::DomError;

/// A parsed document and what the bindings know about how it was made.
pub(crate) struct DocState {
    pub(crate) document: Document,
    /// The scripting flag it was parsed with (it decides how `noscript`
    /// serializes and whether its text is visible).
    pub(crate) scripting: bool,
    /// The encoding a parse from bytes decided; `None` for text input.
    pub(crate) encoding: Option<Sniffed>,
    /// Nodes removed for good (`decompose`): a handle to one of them, or
    /// to a node under one, refuses to work, as the node is gone for the
    /// user (selectolax frees it).
    decomposed: HashSet<NodeId>,
}

impl DocState {
    pub(crate) fn new(document: Document, scripting: bool, encoding: Option<Sniffed>) -> DocState {
        DocState { document, scripting, encoding, decomposed: HashSet::new() }
    }

    /// Marks `node` (and so its subtree) as removed for good.
    pub(crate) fn decompose(&mut self, node: NodeId) {
        self.document.remove(node);
        self.decomposed.insert(node);
    }

    /// Refuses a node that was decomposed or is under a decomposed node.
    /// Costs nothing until something was decomposed, then the node's depth.
    pub(crate) fn check(&self, node: NodeId) -> PyResult<()> {
        if self.decomposed.is_empty() {
            return Ok(());
        }
        let mut at = Some(node);
        while let Some(current) = at {
            if self.decomposed.contains(&current) {
                return Err(DomError::new_err("the node was decomposed (removed for good): it can no longer be used"));
            }
            at = self.document.parent(current);
        }
        Ok(())
    }
}

impl Drop for DocState {
    /// The last Python object of a document goes with the GIL held (in its
    /// deallocation): the document's memory is given back without it.
    fn drop(&mut self) {
        let document = std::mem::take(&mut self.document);
        if document.node_count() > 1024 {
            // `try_attach` refuses while the interpreter shuts down: then
            // the document just goes here.
            let _ = Python::try_attach(|py| py.detach(move || drop(document)));
        }
    }
}

/// A document shared by the Python objects that use it.
#[derive(Clone)]
pub(crate) struct SharedDoc(Arc<RwLock<DocState>>);

impl SharedDoc {
    pub(crate) fn new(state: DocState) -> SharedDoc {
        SharedDoc(Arc::new(RwLock::new(state)))
    }

    /// Whether two handles share one document.
    pub(crate) fn same(&self, other: &SharedDoc) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }

    /// An address that identifies the document (for hashing nodes).
    pub(crate) fn address(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }

    /// Runs `read` with the document, the GIL held: for short reads that
    /// build Python objects. When a writer holds the lock, waits for it
    /// with the GIL released.
    pub(crate) fn read<R>(&self, py: Python<'_>, read: impl FnOnce(&DocState) -> R) -> R {
        loop {
            match self.0.try_read() {
                Ok(guard) => return read(&guard),
                Err(TryLockError::Poisoned(poisoned)) => return read(&poisoned.into_inner()),
                Err(TryLockError::WouldBlock) => py.detach(|| drop(self.0.read())),
            }
        }
    }

    /// Runs `write` with the document to change, the GIL held (see
    /// [`SharedDoc::read`]).
    pub(crate) fn write<R>(&self, py: Python<'_>, write: impl FnOnce(&mut DocState) -> R) -> R {
        loop {
            match self.0.try_write() {
                Ok(mut guard) => return write(&mut guard),
                Err(TryLockError::Poisoned(poisoned)) => return write(&mut poisoned.into_inner()),
                Err(TryLockError::WouldBlock) => py.detach(|| drop(self.0.write())),
            }
        }
    }

    /// Runs `read` with the GIL released: for the long reads (selecting,
    /// serializing, text), whose result is plain Rust data.
    pub(crate) fn read_detached<R: Send>(&self, py: Python<'_>, read: impl FnOnce(&DocState) -> R + Send) -> R {
        py.detach(|| read(&self.read_lock()))
    }

    /// Runs `write` with the document to change, the GIL released by the
    /// caller (inside `py.detach`): for long changes.
    pub(crate) fn write_detached<R>(&self, write: impl FnOnce(&mut DocState) -> R) -> R {
        write(&mut self.write_lock())
    }

    /// Runs `write` with this document to change and `source` to read
    /// (another document), the GIL released: for copying nodes across
    /// documents. The two locks are taken in one order (by address), so
    /// that two threads copying in opposite directions cannot deadlock.
    pub(crate) fn write_with_source<R: Send>(
        &self,
        py: Python<'_>,
        source: &SharedDoc,
        write: impl FnOnce(&mut DocState, &DocState) -> R + Send,
    ) -> R {
        py.detach(|| {
            if self.address() < source.address() {
                let mut target = self.write_lock();
                write(&mut target, &source.read_lock())
            } else {
                let source = source.read_lock();
                write(&mut self.write_lock(), &source)
            }
        })
    }

    fn write_lock(&self) -> RwLockWriteGuard<'_, DocState> {
        self.0.write().unwrap_or_else(PoisonError::into_inner)
    }

    fn read_lock(&self) -> RwLockReadGuard<'_, DocState> {
        self.0.read().unwrap_or_else(PoisonError::into_inner)
    }
}
