//! The MCP server: tools, case resources and the `review_cluster` prompt,
//! over any transport rmcp offers (stdio here, Streamable HTTP in [`crate::http`]).

use casebook_bundle::Bundle;
use casebook_model::Case;
use casebook_service::{self as service, CheckAnswer, CheckParams, Filters, ListAnswer, ListParams, RuleAnswer, RulesAnswer, SearchAnswer, SimilarAnswer, TopicAnswer, VocabAnswer};
use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    Implementation, ListResourceTemplatesResult, ListResourcesResult, PaginatedRequestParams, PromptMessage, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate, Role, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{prompt, prompt_handler, prompt_router, tool, tool_handler, tool_router, ErrorData, Json, RoleServer, ServerHandler, ServiceExt};
use schemars::JsonSchema;
use serde::Deserialize;
use std::sync::Arc;

/// The URI scheme of case resources: `casebook://cases/{id}`.
pub const CASE_URI: &str = "casebook://cases/";

/// One Casebook MCP server. Cloning is cheap; clones share the library and the review gate.
#[derive(Clone)]
pub struct Casebook {
    lib: Arc<Bundle>,
    gate: Arc<tokio::sync::Semaphore>,
    tool_router: ToolRouter<Self>,
    prompt_router: PromptRouter<Self>,
}

/// Arguments of `search_incidents`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SearchArgs {
    /// Words to search for: symptoms, components, technologies, organisations. Prefixes and small typos match.
    #[serde(default)]
    pub query: String,
    /// Facet filters (ids from `vocab`); each takes one value or a list.
    #[serde(flatten)]
    pub filters: Filters,
    /// How many results, 1 to 100 (default 10).
    pub limit: Option<usize>,
}

/// Arguments naming one case.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CaseArgs {
    /// The case id (`2017-07-21-universe-kubernetes-job-node-exhaustion`) or a seed-library alias (`IL-0136`).
    pub id: String,
}

/// Arguments of `similar_incidents`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SimilarArgs {
    /// The case id or alias.
    pub id: String,
    /// How many related cases, 1 to 100 (default: all that are related).
    pub limit: Option<usize>,
}

/// Arguments of `get_topic`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct TopicArgs {
    /// The vocabulary kind: `cause`, `component`, `symptom`, `platform` or `source_kind`.
    pub kind: String,
    /// The term id within that kind, e.g. `dns` (see `vocab`).
    pub term: String,
}

/// Arguments of `get_rule`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct RuleArgs {
    /// The rule id, e.g. `liveness-remote-dependency` (see `list_rules`).
    pub id: String,
}

/// Arguments of the `review_cluster` prompt.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReviewClusterArgs {
    /// The namespace to review; all namespaces when omitted.
    pub namespace: Option<String>,
    /// The kubeconfig context; the current one when omitted.
    pub context: Option<String>,
}


fn answer<T>(r: Result<T, service::Error>) -> Result<Json<T>, String> {
    r.map(Json).map_err(|e| e.to_string())
}

#[tool_router]
impl Casebook {
    /// A server over this library, running at most `concurrent_checks` reviews at once.
    pub fn new(lib: Arc<Bundle>, concurrent_checks: usize) -> Self {
        Self::with_gate(lib, Arc::new(tokio::sync::Semaphore::new(concurrent_checks.max(1))))
    }

    /// A server whose reviews wait on `gate`, shared with the HTTP API so that
    /// both together run at most the configured number of reviews.
    pub fn with_gate(lib: Arc<Bundle>, gate: Arc<tokio::sync::Semaphore>) -> Self {
        Self { lib, gate, tool_router: Self::tool_router(), prompt_router: Self::prompt_router() }
    }

    #[tool(
        name = "search_incidents",
        description = "Search public infrastructure postmortems (cloud and Kubernetes outages, as their owners reported them) by words and facets. Use it to find incidents like a symptom, a component or a failure you are looking at. Returns the best matches with a snippet, the total, and facet counts; then call get_incident for a whole case.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn search_incidents(&self, Parameters(a): Parameters<SearchArgs>) -> Result<Json<SearchAnswer>, String> {
        answer(service::search(&self.lib, &a.query, &a.filters, a.limit))
    }

    #[tool(
        name = "get_incident",
        description = "Get one incident case whole, by id or alias: when and where, impact, trigger, cause, components, contributing factors, detection, timeline, follow-ups, the source's own lessons, and the sources with how much of each was read. Every fact comes from those sources.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_incident(&self, Parameters(a): Parameters<CaseArgs>) -> Result<Json<Case>, String> {
        answer(service::case(&self.lib, &a.id).cloned())
    }

    #[tool(
        name = "list_incidents",
        description = "List incident cases newest first, filtered by facets (ids from vocab) and a start-date range (from, to: YYYY, YYYY-MM or YYYY-MM-DD), a page at a time. Pass next_cursor back as cursor for the next page. Use search_incidents instead to rank by words.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn list_incidents(&self, Parameters(p): Parameters<ListParams>) -> Result<Json<ListAnswer>, String> {
        answer(service::list(&self.lib, &p))
    }

    #[tool(
        name = "get_topic",
        description = "Get one vocabulary term (a cause, component, symptom or platform): its definition, every case that carries it grouped by year, and the manifest rules grounded in those cases.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_topic(&self, Parameters(a): Parameters<TopicArgs>) -> Result<Json<TopicAnswer>, String> {
        answer(service::topic(&self.lib, &a.kind, &a.term))
    }

    #[tool(
        name = "vocab",
        description = "The closed vocabularies that cases are tagged with and that filters take: cause categories, components, symptoms, platforms and source kinds, each term with its id, label and definition.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn vocab(&self) -> Json<VocabAnswer> {
        Json(service::vocab(&self.lib))
    }

    #[tool(
        name = "similar_incidents",
        description = "The incidents most related to one case, closest first, each with the reasons it is related (same cause, shared components, same symptoms, same organisation).",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn similar_incidents(&self, Parameters(a): Parameters<SimilarArgs>) -> Result<Json<SimilarAnswer>, String> {
        answer(service::similar(&self.lib, &a.id, a.limit))
    }

    #[tool(
        name = "check_manifest",
        description = "Review Kubernetes YAML (one or more documents, or kubectl get -o yaml output) against rules drawn from real incidents, locally. Give before as well to review a change. Each finding has line and column, why it matters, the incidents behind it, and a fix. Also validates against the Kubernetes schema of kube_version.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn check_manifest(&self, Parameters(p): Parameters<CheckParams>) -> Result<Json<CheckAnswer>, String> {
        answer(crate::run_check(&self.gate, p).await)
    }

    #[tool(
        name = "get_rule",
        description = "One manifest rule whole: what it flags, why it matters (the incidents it is grounded in), an example, what to use instead, its default severity and its fix.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn get_rule(&self, Parameters(a): Parameters<RuleArgs>) -> Result<Json<RuleAnswer>, String> {
        answer(service::rule(&a.id))
    }

    #[tool(
        name = "list_rules",
        description = "Every manifest rule check_manifest applies: id, title, default severity, area, whether it reviews a change, and the cases it is grounded in.",
        annotations(read_only_hint = true, open_world_hint = false)
    )]
    async fn list_rules(&self) -> Json<RulesAnswer> {
        Json(service::rules())
    }
}

#[prompt_router]
impl Casebook {
    /// Review a Kubernetes cluster read-only: which kubectl commands to run, and what to do with their output.
    #[prompt(name = "review_cluster")]
    async fn review_cluster(&self, Parameters(a): Parameters<ReviewClusterArgs>) -> Result<Vec<PromptMessage>, ErrorData> {
        let plan = service::kubectl_plan(a.context.as_deref(), a.namespace.as_deref()).map_err(|e| ErrorData::invalid_params(e.to_string(), None))?;
        let (required, optional) = plan.commands.split_at(plan.commands.len() - plan.optional);
        let line = |c: &Vec<String>| format!("    kubectl {}", c.join(" "));
        let text = format!(
            "Review this Kubernetes cluster{} with Casebook, read-only.\n\n\
             1. Run these commands. They only read (`kubectl get ... -o yaml`); run nothing that writes, and do not read Secrets:\n{}\n\n\
             2. Also run these; each reads a custom resource the cluster may not have. Skip any that fails with \"the server doesn't have a resource type\":\n{}\n\n\
             3. Pass each command's YAML output, unchanged, to the check_manifest tool (one call per command, or the outputs joined with `---` lines).\n\n\
             4. Report the findings grouped by object, most severe first. For each, give its line, why it matters, the incidents behind it (call get_incident for any you cite) and the fix. Say which checks could not be made (the notices). Do not apply any fix yourself.",
            a.namespace.as_deref().map(|n| format!(" (namespace {n})")).unwrap_or_default(),
            required.iter().map(line).collect::<Vec<_>>().join("\n"),
            optional.iter().map(line).collect::<Vec<_>>().join("\n"),
        );
        Ok(vec![PromptMessage::new_text(Role::User, text)])
    }
}

#[tool_handler(router = self.tool_router)]
#[prompt_handler(router = self.prompt_router)]
impl ServerHandler for Casebook {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().enable_resources().enable_prompts().build())
            .with_server_info(Implementation::new("casebook", env!("CARGO_PKG_VERSION")))
            .with_instructions(format!(
                "Casebook: {} public infrastructure incidents (cloud and Kubernetes outages, as their owners reported them), and manifest rules drawn from their lessons. \
                 Search with search_incidents or list_incidents, read a case with get_incident (or the resource casebook://cases/{{id}}), and review Kubernetes YAML with check_manifest. \
                 Everything runs locally; nothing is sent anywhere.",
                self.lib.cases.len()
            ))
    }

    async fn list_resources(&self, _request: Option<PaginatedRequestParams>, _: RequestContext<RoleServer>) -> Result<ListResourcesResult, ErrorData> {
        let resources = self
            .lib
            .cases
            .iter()
            .map(|c| Resource::new(format!("{CASE_URI}{}", c.id), c.id.clone()).with_title(c.title.clone()).with_mime_type("application/json"))
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn list_resource_templates(&self, _request: Option<PaginatedRequestParams>, _: RequestContext<RoleServer>) -> Result<ListResourceTemplatesResult, ErrorData> {
        let t = ResourceTemplate::new(format!("{CASE_URI}{{id}}"), "case")
            .with_title("An incident case, by id or alias")
            .with_mime_type("application/json");
        Ok(ListResourceTemplatesResult::with_all_items(vec![t]))
    }

    async fn read_resource(&self, request: ReadResourceRequestParams, _: RequestContext<RoleServer>) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri.as_str();
        let not_found = |why: String| ErrorData::resource_not_found(why, Some(serde_json::json!({ "uri": uri })));
        let key = uri.strip_prefix(CASE_URI).ok_or_else(|| not_found(format!("{uri:?} is not a Casebook resource; cases are {CASE_URI}{{id}}")))?;
        let case = service::case(&self.lib, key).map_err(|e| not_found(e.to_string()))?;
        let text = serde_json::to_string_pretty(case).map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(ReadResourceResult::new(vec![ResourceContents::text(text, uri.to_string()).with_mime_type("application/json")]).into())
    }
}

/// Serves MCP over standard input and output until the client closes it.
pub async fn serve_stdio(server: Casebook) -> Result<(), String> {
    let running = server.serve(rmcp::transport::stdio()).await.map_err(|e| format!("cannot start the MCP server: {e}"))?;
    running.waiting().await.map_err(|e| format!("the MCP server stopped: {e}"))?;
    Ok(())
}
