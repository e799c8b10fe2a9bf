use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Casebook: public infrastructure incidents, searchable, related, and turned into manifest checks.
#[derive(Debug, Parser)]
#[command(name = "casebook", version, about)]
pub(crate) struct Cli {
    /// Language of cases, vocabulary, rules and findings: en or ko.
    #[arg(long, global = true, default_value = "en", value_parser = parse_lang)]
    pub(crate) lang: casebook_model::Lang,
    #[command(subcommand)]
    pub(crate) command: Command,
}

fn parse_lang(s: &str) -> Result<casebook_model::Lang, String> {
    casebook_model::Lang::parse(s).ok_or_else(|| format!("unknown language {s:?}; Casebook is published in: en, ko"))
}

/// Where the library comes from.
#[derive(Debug, Args, Clone)]
pub(crate) struct Source {
    /// The directory of case files.
    #[arg(long, default_value = "cases", global = true)]
    pub(crate) cases: PathBuf,
    /// Read a built bundle instead of the case files (what the app loads).
    #[arg(long, global = true)]
    pub(crate) bundle: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Validate every case file and list every problem at once.
    Validate {
        #[command(flatten)]
        source: Source,
    },
    /// Compile cases/ into the versioned bundle and the static JSON export.
    Build {
        #[command(flatten)]
        source: Source,
        /// Output directory: writes casebook.bin and api/{cases,similar}/<id>.json.
        #[arg(long, default_value = "target/site-data")]
        out: PathBuf,
        /// Build date to record (YYYY-MM-DD); defaults to today (UTC).
        #[arg(long)]
        date: Option<String>,
    },
    /// Print one case, by id or alias (e.g. IL-0136).
    Show {
        /// Case id or alias.
        id: String,
        /// Print JSON.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        source: Source,
    },
    /// Search the library with the same engine as the app.
    Search {
        /// The query.
        query: String,
        /// Print JSON: {"results":[{"id","title","score"}]}.
        #[arg(long)]
        json: bool,
        /// Show at most N results.
        #[arg(long, default_value_t = 10)]
        limit: usize,
        #[command(flatten)]
        facets: FacetArgs,
        #[command(flatten)]
        source: Source,
    },
    /// Review Kubernetes YAML against rules drawn from the library's incidents.
    ///
    /// Exit codes: 0 nothing at or above --min-severity, 1 findings, 2 unusable input or usage.
    Check {
        /// The YAML file to check, or - for standard input.
        #[arg(default_value = "-")]
        file: String,
        /// The previous version, for a before/after change review.
        #[arg(long)]
        before: Option<String>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Report (and fail on) findings at or above this severity: info, warning, error.
        /// Default: the config's min-severity, else info.
        #[arg(long)]
        min_severity: Option<String>,
        /// Override a rule's severity, e.g. --severity pdb-missing=error (repeatable).
        #[arg(long)]
        severity: Vec<String>,
        /// Run only these rules (repeatable).
        #[arg(long)]
        only: Vec<String>,
        /// Project config (default: the nearest .casebook.toml above the input, or above the
        /// current directory for standard input).
        #[arg(long)]
        config: Option<String>,
        /// Kubernetes release for schema validation (e.g. 1.30); default: the newest in the table.
        #[arg(long)]
        kube_version: Option<String>,
        /// Ignore any .casebook.toml.
        #[arg(long, conflicts_with = "config")]
        no_config: bool,
        /// Read the cluster instead of a file: run read-only `kubectl get ... -o yaml`
        /// commands (never a write, never Secrets) and review what they print.
        #[arg(long, conflicts_with = "before")]
        kubectl: bool,
        /// With --kubectl: the kubeconfig context (default: the current one).
        #[arg(long, requires = "kubectl")]
        context: Option<String>,
        /// With --kubectl: the namespace to read.
        #[arg(short = 'n', long, requires = "kubectl", conflicts_with = "all_namespaces")]
        namespace: Option<String>,
        /// With --kubectl: read every namespace (the default when -n is not given).
        #[arg(short = 'A', long, requires = "kubectl")]
        all_namespaces: bool,
    },
    /// Serve the library and the rules to an AI assistant over MCP on standard input and output.
    ///
    /// The library is embedded in the binary: no files and no network are needed.
    Mcp {
        /// Serve this built bundle instead of the embedded library.
        #[arg(long)]
        bundle: Option<PathBuf>,
    },
    /// Serve MCP (Streamable HTTP, at /mcp) and a read-only JSON API (under /api/).
    Serve {
        /// Address to listen on. The default is loopback only.
        #[arg(long, default_value = "127.0.0.1:8787")]
        addr: std::net::SocketAddr,
        /// Accept this name in the Host header, besides `localhost`, `127.0.0.1` and `::1`
        /// (repeatable; needed behind a load balancer or a DNS name).
        #[arg(long)]
        allow_host: Vec<String>,
        /// Answer a request that takes longer than this many seconds with a timeout error.
        #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
        timeout: u64,
        /// Manifest reviews run at once; more wait their turn (default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
        max_checks: Option<u64>,
        /// Serve this built bundle instead of the embedded library.
        #[arg(long)]
        bundle: Option<PathBuf>,
    },
    /// List every manifest rule with the cases it is grounded in.
    Rules {
        /// Show one rule's full docs.
        id: Option<String>,
        /// Print JSON.
        #[arg(long)]
        json: bool,
    },
    /// List the cases most related to one case, with reasons.
    Similar {
        /// Case id or alias.
        id: String,
        /// Print JSON: {"related":[{"id","score","reasons"}]}.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        source: Source,
    },
}

/// Output format for `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Format {
    /// Human-readable, with code frames.
    Text,
    /// JSON: {"findings":[...],"errors":[...],"suppressed":N}.
    Json,
    /// SARIF 2.1.0 for code-scanning UIs.
    Sarif,
    /// Markdown for a pull-request comment.
    Markdown,
}

/// Facet filters; repeat a flag to OR values of one facet.
#[derive(Debug, Args, Clone, Default)]
pub(crate) struct FacetArgs {
    /// Filter by component (e.g. dns).
    #[arg(long)]
    pub(crate) component: Vec<String>,
    /// Filter by cause category.
    #[arg(long)]
    pub(crate) cause: Vec<String>,
    /// Filter by symptom.
    #[arg(long)]
    pub(crate) symptom: Vec<String>,
    /// Filter by platform.
    #[arg(long)]
    pub(crate) platform: Vec<String>,
    /// Filter by organisation.
    #[arg(long)]
    pub(crate) org: Vec<String>,
    /// Filter by year.
    #[arg(long)]
    pub(crate) year: Vec<String>,
}
