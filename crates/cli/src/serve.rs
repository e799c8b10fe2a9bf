//! `casebook mcp` and `casebook serve`: thin wrappers over casebook-server.

use anyhow::Context;
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

fn library(bundle: Option<&Path>) -> anyhow::Result<Arc<casebook_bundle::Bundle>> {
    match bundle {
        Some(path) => Ok(Arc::new(crate::library::read_bundle(path)?)),
        None => casebook_server::embedded().map_err(|e| anyhow::anyhow!(e)),
    }
}

fn runtime() -> anyhow::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread().enable_all().build().context("cannot start the async runtime")
}

pub(crate) fn mcp(bundle: Option<&Path>) -> anyhow::Result<ExitCode> {
    let lib = library(bundle)?;
    let limits = casebook_server::Limits::default();
    runtime()?.block_on(casebook_server::mcp::serve_stdio(casebook_server::mcp::Casebook::new(lib, limits.concurrent_checks))).map_err(|e| anyhow::anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}

pub(crate) fn http(addr: std::net::SocketAddr, allowed_hosts: Vec<String>, limits: casebook_server::Limits, bundle: Option<&Path>) -> anyhow::Result<ExitCode> {
    let lib = library(bundle)?;
    let config = casebook_server::http::Config { addr, allowed_hosts, limits };
    runtime()?.block_on(casebook_server::http::serve(lib, config)).map_err(|e| anyhow::anyhow!(e))?;
    Ok(ExitCode::SUCCESS)
}
