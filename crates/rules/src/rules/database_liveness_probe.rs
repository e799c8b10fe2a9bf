use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "database-liveness-probe",
    title: "A database server container has a liveness probe that can restart it mid-stall or mid-recovery",
    category: Category::Probes,
    severity: Severity::Warning,
    cases: &["2026-08-27-pawtograder-postgres-liveness-probe-nfs-stall", "2018-12-04-nre-labs-etcd-liveness-probe-restart-loop"],
    fix: "Remove the liveness probe from the database container (keep a readiness probe), or make it a `startupProbe` plus a very tolerant liveness check.",
    needs_before: false,
    check,
    docs: docs!(
        r"## What it does
Flags a `livenessProbe` on a container whose image is a database server:
PostgreSQL (including PostGIS, TimescaleDB and Supabase images), MySQL,
MariaDB, Percona Server, MongoDB or etcd. Exporters, operators and proxies that
merely carry a database's name are left alone.

## Why it matters
Restarting a single-writer database fixes nothing that a liveness probe can
see. When its storage stalls, the restart cannot make the disk answer sooner;
when it is replaying its write-ahead log after a crash, it refuses connections
by design, and a probe that kills it then only starts the replay again. Each
restart drops every connection and the warm buffer cache. Pawtograder's
production went down twice in one day when a few seconds of NFS stall during
network maintenance made `pg_isready` fail, and the liveness probes restarted
first the primary and then the replica, with the storage already recovered.
The team removed the probes and added a test to keep them out. NRE Labs'
single etcd member was killed by its kubeadm-generated liveness probe every two
minutes, taking the API server with it, although etcd itself was healthy; the
outage ended when the probe was removed.

## Example
```yaml
containers:
  - name: postgres
    image: postgres:16
    livenessProbe:
      exec: {command: [pg_isready, -U, postgres]}
```

## Use instead
Keep a readiness probe, which only takes the pod out of service, and a
generous `startupProbe` if start-up is slow; leave restarts to the database's
own supervision or its operator:
```yaml
containers:
  - name: postgres
    image: postgres:16
    readinessProbe:
      exec: {command: [pg_isready, -U, postgres]}
      periodSeconds: 10
```
"
    ),
};

/// Image names (the last path segment, without tag or digest) of database servers.
const DATABASES: &[&str] = &["postgres", "postgresql", "postgis", "timescaledb", "mysql", "mariadb", "percona-server", "percona", "mongo", "mongodb", "etcd"];
/// Words that mark a companion image rather than the server itself.
const COMPANIONS: &[&str] = &["exporter", "operator", "proxy", "backup", "client", "bouncer", "pooler", "migrat", "express", "admin"];

/// The database an image runs, if it is a database server image.
fn database_of(image: &str) -> Option<&'static str> {
    let name = image.rsplit('/').next().unwrap_or(image);
    let name = name.split(['@', ':']).next().unwrap_or(name).to_ascii_lowercase();
    if COMPANIONS.iter().any(|c| name.contains(c)) {
        return None;
    }
    DATABASES.iter().copied().find(|d| name == *d || name.starts_with(&format!("{d}-")) || name.ends_with(&format!("-{d}")))
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for c in t.app_containers() {
            let Some(db) = c.get("image").and_then(Node::as_str).and_then(database_of) else { continue };
            let Some(probe) = c.key("livenessProbe") else { continue };
            out.emit(
                i,
                probe,
                format!(
                    "container {}: {db} has a liveness probe; restarting a database cannot end a storage stall or finish crash recovery sooner, and it drops every connection and its cache; keep readiness (and startup) probes instead",
                    container_name(c)
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::database_of;

    #[test]
    fn database_images_are_told_from_their_companions() {
        for image in [
            "postgres:16",
            "docker.io/library/postgres@sha256:abc",
            "bitnami/postgresql:15",
            "supabase/postgres:15.1",
            "postgis/postgis:16-3.4",
            "timescale/timescaledb:latest-pg16",
            "mysql:8",
            "mariadb",
            "mongo:7",
            "percona/percona-server:8.0",
        ] {
            assert!(database_of(image).is_some(), "{image}");
        }
        for image in [
            "prometheuscommunity/postgres-exporter",
            "bitnami/mysqld-exporter",
            "percona/mongodb_exporter",
            "ghcr.io/cloudnative-pg/postgresql-operator",
            "edoburu/pgbouncer",
            "mongo-express",
            "app:1",
            "postgrest/postgrest",
            "my-postgres-client",
        ] {
            assert!(database_of(image).is_none(), "{image}");
        }
    }
}
