use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "database-liveness-probe",
    title: en!("A database server container has a liveness probe that can restart it mid-stall or mid-recovery"),
    title_ko: ko!("스토리지 지연이나 복구 도중에 재시작될 수 있는 liveness probe가 있는 데이터베이스 서버 컨테이너"),
    category: Category::Probes,
    severity: Severity::Warning,
    cases: &["2026-08-27-pawtograder-postgres-liveness-probe-nfs-stall", "2018-12-04-nre-labs-etcd-liveness-probe-restart-loop"],
    fix: en!("Remove the liveness probe from the database container (keep a readiness probe), or make it a `startupProbe` plus a very tolerant liveness check."),
    fix_ko: ko!("데이터베이스 컨테이너에서 liveness probe를 제거하거나(readiness probe는 유지한다), `startupProbe`와 매우 관대한 liveness 검사로 바꾼다."),
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
    docs_ko: docs!(r"## 하는 일
이미지가 데이터베이스 서버인 컨테이너의 `livenessProbe`를 찾아낸다. 대상은
PostgreSQL(PostGIS, TimescaleDB, Supabase 이미지 포함), MySQL, MariaDB,
Percona Server, MongoDB, etcd다. 데이터베이스 이름만 달고 있는 exporter,
operator, 프록시는 건드리지 않는다.

## 왜 중요한가
단일 writer 데이터베이스를 재시작해도 liveness probe가 감지할 수 있는 문제는 아무것도
해결되지 않는다. 스토리지가 지연될 때 재시작한다고 디스크가 더 빨리 응답하지는 않는다.
크래시 후 write-ahead log를 재생하는 동안에는 설계상 연결을 거부하며, 그때 데이터베이스를
죽이는 probe는 재생을 처음부터 다시 시작하게 할 뿐이다. 재시작할 때마다 모든 연결과 예열된
버퍼 캐시가 사라진다. Pawtograder의 프로덕션은 네트워크 유지보수 중 몇 초간의 NFS 지연으로
`pg_isready`가 실패하자 liveness probe가 먼저 프라이머리를, 이어서 복제본을 재시작하면서
하루에 두 번 다운됐다. 그때 스토리지는 이미 복구된 상태였다. 팀은 probe를 제거하고 다시
들어오지 않도록 테스트를 추가했다. NRE Labs의 단일 etcd 멤버는 kubeadm이 생성한 liveness
probe에 의해 2분마다 죽었고 API 서버도 함께 내려갔다. etcd 자체는 정상이었다. 장애는 probe를
제거하고 나서야 끝났다.

## 예시
```yaml
containers:
  - name: postgres
    image: postgres:16
    livenessProbe:
      exec: {command: [pg_isready, -U, postgres]}
```

## 대신 이렇게
파드를 서비스 대상에서 빼기만 하는 readiness probe를 유지하고, 시작이 느리다면 넉넉한
`startupProbe`를 둔다. 재시작은 데이터베이스 자체의 감독 기능이나 operator에 맡긴다:
```yaml
containers:
  - name: postgres
    image: postgres:16
    readinessProbe:
      exec: {command: [pg_isready, -U, postgres]}
      periodSeconds: 10
```
"),
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
    DATABASES.iter().copied().find(|d| {
        name == *d || name.strip_prefix(d).is_some_and(|r| r.starts_with('-')) || name.strip_suffix(d).is_some_and(|r| r.ends_with('-'))
    })
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.app_containers() {
            let Some(db) = c.get("image").and_then(Node::as_str).and_then(database_of) else { continue };
            let Some(probe) = c.key("livenessProbe") else { continue };
            out.emit(
                i,
                probe,
                msg!(
                    "container {}: {db} has a liveness probe; restarting a database cannot end a storage stall or finish crash recovery sooner, and it drops every connection and its cache; keep readiness (and startup) probes instead", "컨테이너 {}: {db}에 liveness probe가 있다. 데이터베이스를 재시작해도 스토리지 지연이 끝나거나 크래시 복구가 빨라지지 않으며, 모든 연결과 캐시가 사라진다. readiness(와 startup) probe만 둔다",
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
            "registry.example.com/team-mysql:8",
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
