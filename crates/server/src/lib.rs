//! Casebook for AI assistants and scripts: an MCP server over stdio
//! ([`mcp::serve_stdio`]) and, with a read-only JSON API beside it, over
//! Streamable HTTP ([`http::serve`]). Both answer from the library embedded
//! in the binary, through `casebook-service`, so every answer has the shape
//! of the CLI's `--json` and the static files under `api/`. Neither keeps
//! state between requests.

use casebook_bundle::Bundle;
use std::sync::Arc;

pub mod http;
pub mod mcp;

static EMBEDDED: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/casebook.bin"));
static PROBLEM: &str = include_str!(concat!(env!("OUT_DIR"), "/casebook.problem"));

/// The library compiled into this binary from `cases/`.
pub fn embedded() -> Result<Arc<Bundle>, String> {
    if !PROBLEM.is_empty() {
        return Err(format!("the embedded library was not built, because the case files did not validate: {}", PROBLEM.lines().next().unwrap_or_default()));
    }
    Bundle::decode(EMBEDDED).map(Arc::new).map_err(|e| format!("the embedded library is unusable: {e}"))
}

/// Limits shared by both transports.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Manifest reviews that may run at once; more wait their turn.
    pub concurrent_checks: usize,
    /// The longest a request may take before it is answered with a timeout.
    pub request_timeout: std::time::Duration,
    /// The largest request body, in bytes.
    pub max_body: usize,
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get);
        Self { concurrent_checks: cores, request_timeout: std::time::Duration::from_secs(20), max_body: casebook_rules::MAX_INPUT_BYTES * 2 + 64 * 1024 }
    }
}

/// Runs a manifest review off the async threads, at most
/// [`Limits::concurrent_checks`] at a time.
pub(crate) async fn run_check(gate: &tokio::sync::Semaphore, p: casebook_service::CheckParams) -> Result<casebook_service::CheckAnswer, casebook_service::Error> {
    let _permit = gate.acquire().await.map_err(|_| casebook_service::Error::BadRequest("the server is shutting down".into()))?;
    tokio::task::spawn_blocking(move || casebook_service::check(&p))
        .await
        .unwrap_or_else(|_| Err(casebook_service::Error::BadRequest("the review failed on this input".into())))
}
