//! `casebook serve`: Streamable HTTP MCP at `/mcp` and a read-only JSON API
//! under `/api/`, hardened for hostile clients. It binds to loopback unless
//! told otherwise, answers only to allowed `Host` names (DNS-rebinding
//! protection), caps bodies, times out slow requests, queues manifest
//! reviews behind a fixed number of workers, and answers every error with
//! JSON and the right status. It keeps no state between requests.

use crate::mcp::Casebook;
use crate::Limits;
use axum::body::Body;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use casebook_bundle::Bundle;
use casebook_service::{self as service, CheckParams, Filters, ListParams};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde::Serialize;
use std::net::SocketAddr;
use std::sync::Arc;

/// What `casebook serve` is told.
#[derive(Debug, Clone)]
pub struct Config {
    /// Where to listen.
    pub addr: SocketAddr,
    /// Host names (with or without a port) accepted in the `Host` header
    /// besides the loopback names.
    pub allowed_hosts: Vec<String>,
    /// Limits on work.
    pub limits: Limits,
}

#[derive(Clone)]
struct App {
    lib: Arc<Bundle>,
    gate: Arc<tokio::sync::Semaphore>,
    hosts: Arc<Vec<String>>,
    limits: Limits,
}

/// A JSON error: `{"error": {"status": 404, "message": "..."}}`.
fn error(status: StatusCode, message: impl Into<String>) -> Response {
    let body = serde_json::json!({ "error": { "status": status.as_u16(), "message": message.into() } });
    (status, [(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], body.to_string()).into_response()
}

fn service_error(e: &service::Error) -> Response {
    match e {
        service::Error::NotFound(m) => error(StatusCode::NOT_FOUND, m.clone()),
        service::Error::BadRequest(m) => error(StatusCode::BAD_REQUEST, m.clone()),
        service::Error::TooLarge(m) => error(StatusCode::PAYLOAD_TOO_LARGE, m.clone()),
    }
}

fn json<T: Serialize>(r: Result<T, service::Error>) -> Response {
    match r {
        Ok(v) => match serde_json::to_string(&v) {
            Ok(s) => ([(header::CONTENT_TYPE, HeaderValue::from_static("application/json"))], s).into_response(),
            Err(e) => error(StatusCode::INTERNAL_SERVER_ERROR, format!("cannot encode the answer: {e}")),
        },
        Err(e) => service_error(&e),
    }
}

/// The query string's pairs, decoded.
fn pairs(req_query: Option<&str>) -> Vec<(String, String)> {
    form_urlencoded::parse(req_query.unwrap_or_default().as_bytes()).into_owned().collect()
}

fn parse_limit(v: &str) -> Result<usize, service::Error> {
    v.parse().map_err(|_| service::Error::BadRequest(format!("limit {v:?} must be a whole number from 1 to {}", service::MAX_LIMIT)))
}

/// Splits a query string into its known keys and facet filters.
fn filters_and(q: &[(String, String)], known: &[&str]) -> Result<(Filters, Vec<(String, String)>), service::Error> {
    let mut f = Filters::default();
    let mut rest = Vec::new();
    for (k, v) in q {
        if known.contains(&k.as_str()) {
            rest.push((k.clone(), v.clone()));
        } else {
            f.push(k, v)?;
        }
    }
    Ok((f, rest))
}

async fn search(State(app): State<App>, uri: axum::http::Uri) -> Response {
    let r = (|| {
        let q = pairs(uri.query());
        let (filters, rest) = filters_and(&q, &["q", "limit"])?;
        let mut text = String::new();
        let mut limit = None;
        for (k, v) in rest {
            match k.as_str() {
                "q" => text = v,
                _ => limit = Some(parse_limit(&v)?),
            }
        }
        service::search(&app.lib, &text, &filters, limit)
    })();
    json(r)
}

async fn list(State(app): State<App>, uri: axum::http::Uri) -> Response {
    let r = (|| {
        let q = pairs(uri.query());
        let (filters, rest) = filters_and(&q, &["from", "to", "cursor", "limit"])?;
        let mut p = ListParams { filters, ..ListParams::default() };
        for (k, v) in rest {
            match k.as_str() {
                "from" => p.from = Some(v),
                "to" => p.to = Some(v),
                "cursor" => p.cursor = Some(v),
                _ => p.limit = Some(parse_limit(&v)?),
            }
        }
        service::list(&app.lib, &p)
    })();
    json(r)
}

async fn case(State(app): State<App>, Path(key): Path<String>) -> Response {
    json(service::case(&app.lib, &key))
}

async fn similar(State(app): State<App>, Path(key): Path<String>, uri: axum::http::Uri) -> Response {
    let r = (|| {
        let mut limit = None;
        for (k, v) in pairs(uri.query()) {
            match k.as_str() {
                "limit" => limit = Some(parse_limit(&v)?),
                _ => return Err(service::Error::BadRequest(format!("unknown parameter {k:?}; similar takes limit"))),
            }
        }
        service::similar(&app.lib, &key, limit)
    })();
    json(r)
}

async fn topic(State(app): State<App>, Path((kind, term)): Path<(String, String)>) -> Response {
    json(service::topic(&app.lib, &kind, &term))
}

async fn vocab(State(app): State<App>) -> Response {
    json(Ok(service::vocab(&app.lib)))
}

async fn rules() -> Response {
    json(Ok(service::rules()))
}

async fn rule(Path(id): Path<String>) -> Response {
    json(service::rule(&id))
}

/// `POST /api/check`: a JSON body `{"yaml", "before"?, "min_severity"?,
/// "kube_version"?}`, or the YAML itself with any other content type (then
/// `min_severity` and `kube_version` may come in the query string).
async fn check(State(app): State<App>, uri: axum::http::Uri, headers: HeaderMap, body: Body) -> Response {
    let Ok(bytes) = axum::body::to_bytes(body, app.limits.max_body).await else {
        return error(StatusCode::PAYLOAD_TOO_LARGE, format!("the body is larger than {} bytes", app.limits.max_body));
    };
    let is_json = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|t| t.trim_start().starts_with("application/json"));
    let params = if is_json {
        match serde_json::from_slice::<CheckParams>(&bytes) {
            Ok(p) => p,
            Err(e) => return error(StatusCode::BAD_REQUEST, format!("the body is not the JSON check takes ({{\"yaml\": \"...\", \"before\"?, \"min_severity\"?, \"kube_version\"?}}): {e}")),
        }
    } else {
        let Ok(yaml) = String::from_utf8(bytes.to_vec()) else {
            return error(StatusCode::BAD_REQUEST, "the body is not UTF-8 text; send YAML, or JSON with Content-Type: application/json");
        };
        let mut p = CheckParams { yaml, ..CheckParams::default() };
        for (k, v) in pairs(uri.query()) {
            match k.as_str() {
                "min_severity" => p.min_severity = Some(v),
                "kube_version" => p.kube_version = Some(v),
                _ => return error(StatusCode::BAD_REQUEST, format!("unknown parameter {k:?}; check takes min_severity and kube_version")),
            }
        }
        p
    };
    json(crate::run_check(&app.gate, params).await)
}

/// Whether a `Host` header names this server: a loopback name or an allowed
/// one, with or without a port.
fn host_allowed(host: &str, allowed: &[String]) -> bool {
    let host = host.trim().to_ascii_lowercase();
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or_default().to_string()
    } else {
        host.rsplit_once(':').filter(|(_, p)| p.bytes().all(|c| c.is_ascii_digit())).map_or(host.clone(), |(h, _)| h.to_string())
    };
    ["localhost", "127.0.0.1", "::1"].contains(&name.as_str()) || allowed.iter().any(|a| a.eq_ignore_ascii_case(&host) || a.eq_ignore_ascii_case(&name))
}

/// Refuses requests for another host name, bounds the time a request may
/// take, and turns any error without a JSON body into one.
async fn guard(State(app): State<App>, req: Request, next: Next) -> Response {
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_string);
    match host {
        Some(h) if host_allowed(&h, &app.hosts) => {}
        Some(h) => return error(StatusCode::FORBIDDEN, format!("host {h:?} is not allowed; start the server with --allow-host {h} to serve it")),
        None => return error(StatusCode::BAD_REQUEST, "the request has no Host header"),
    }
    // A body declared too large is refused before it is read.
    let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > app.limits.max_body as u64) {
        return error(StatusCode::PAYLOAD_TOO_LARGE, format!("the body is larger than {} bytes", app.limits.max_body));
    }
    let Ok(res) = tokio::time::timeout(app.limits.request_timeout, next.run(req)).await else {
        return error(StatusCode::SERVICE_UNAVAILABLE, format!("the request took longer than {} s", app.limits.request_timeout.as_secs()));
    };
    let is_json = res.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|t| t.contains("json"));
    if (res.status().is_client_error() || res.status().is_server_error()) && !is_json {
        let status = res.status();
        let why = match status {
            StatusCode::NOT_FOUND => "no such route; the API is under /api/ (cases, search, topics, vocab, rules, check) and MCP at /mcp".to_string(),
            StatusCode::METHOD_NOT_ALLOWED => "this route does not take that method".to_string(),
            StatusCode::PAYLOAD_TOO_LARGE => format!("the body is larger than {} bytes", app.limits.max_body),
            s => s.canonical_reason().unwrap_or("error").to_string(),
        };
        return error(status, why);
    }
    res
}

/// The whole application: `/api/...`, `/mcp` and the guards around them.
pub fn router(lib: Arc<Bundle>, config: &Config) -> Router {
    let limits = config.limits;
    let mut hosts = config.allowed_hosts.clone();
    hosts.extend(["localhost", "127.0.0.1", "::1"].map(String::from));
    let app = App { gate: Arc::new(tokio::sync::Semaphore::new(limits.concurrent_checks.max(1))), hosts: Arc::new(hosts.clone()), lib: lib.clone(), limits };
    let mcp_server = Casebook::with_gate(lib, app.gate.clone());
    let mcp = StreamableHttpService::new(
        move || Ok(mcp_server.clone()),
        Arc::new(NeverSessionManager::default()),
        StreamableHttpServerConfig::default()
            .with_legacy_session_mode(false)
            .with_json_response(true)
            .with_sse_keep_alive(None)
            .with_allowed_hosts(hosts)
            .with_max_request_body_bytes(limits.max_body),
    );
    Router::new()
        .route("/api/cases", get(list))
        .route("/api/cases/{key}", get(case))
        .route("/api/cases/{key}/similar", get(similar))
        .route("/api/search", get(search))
        .route("/api/topics/{kind}/{term}", get(topic))
        .route("/api/vocab", get(vocab))
        .route("/api/rules", get(rules))
        .route("/api/rules/{id}", get(rule))
        .route("/api/check", post(check))
        .nest_service("/mcp", mcp)
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .layer(tower::limit::ConcurrencyLimitLayer::new(1024))
        .with_state(app)
}

/// Serves until interrupted (Ctrl-C or SIGTERM), then finishes the requests in flight.
pub async fn serve(lib: Arc<Bundle>, config: Config) -> Result<(), String> {
    let listener = tokio::net::TcpListener::bind(config.addr).await.map_err(|e| format!("cannot listen on {}: {e}", config.addr))?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    if !addr.ip().is_loopback() {
        eprintln!("casebook: listening on {addr}, which is not loopback: anyone who can reach it can use it (it is read-only)");
    }
    eprintln!("casebook: {} cases; MCP at http://{addr}/mcp, API at http://{addr}/api/", lib.cases.len());
    let app = router(lib, &config);
    axum::serve(listener, app).with_graceful_shutdown(shutdown()).await.map_err(|e| format!("the server stopped: {e}"))
}

async fn shutdown() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
}

#[cfg(test)]
mod tests {
    use super::host_allowed;

    #[test]
    fn only_loopback_and_allowed_hosts_pass() {
        let allowed = vec!["casebook.internal".to_string()];
        for ok in ["127.0.0.1:8787", "localhost", "LOCALHOST:1", "[::1]:8787", "casebook.internal", "casebook.internal:443"] {
            assert!(host_allowed(ok, &allowed), "{ok}");
        }
        for bad in ["evil.example", "evil.example:8787", "127.0.0.1.evil.example", "casebook.internal.evil", "[::2]:80", ""] {
            assert!(!host_allowed(bad, &allowed), "{bad}");
        }
    }
}
