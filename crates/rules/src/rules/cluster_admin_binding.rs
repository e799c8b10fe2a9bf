use crate::msg;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "cluster-admin-binding",
    title: en!("cluster-admin granted to a default or broad service account"),
    title_ko: ko!("기본 또는 광범위한 서비스 어카운트에 부여된 cluster-admin"),
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2023-08-30-sourcegraph-leaked-site-admin-token", "2019-03-13-matrix-org-jenkins-ssh-agent-compromise"],
    fix: en!("Bind a Role or ClusterRole with only the verbs and resources this subject needs, to a dedicated service account, instead of `cluster-admin`."),
    fix_ko: ko!("`cluster-admin` 대신, 이 주체에게 필요한 동사와 리소스만 담은 Role 또는 ClusterRole을 전용 서비스 어카운트에 바인딩한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags ClusterRoleBindings and RoleBindings that grant `cluster-admin` to a
namespace's `default` ServiceAccount, or to the groups `system:serviceaccounts`,
`system:authenticated` or `system:unauthenticated`.

## Why it matters
Every pod that doesn't name a service account runs as `default`. Binding it to
`cluster-admin` makes any compromised pod in that namespace an administrator of
the whole cluster.

## Example
```yaml
kind: ClusterRoleBinding
roleRef: {kind: ClusterRole, name: cluster-admin}
subjects: [{kind: ServiceAccount, name: default, namespace: tools}]
```

## Use instead
Create a dedicated ServiceAccount with a Role that lists only the verbs and
resources it needs.
"),
    docs_ko: docs!(r"## 하는 일
네임스페이스의 `default` ServiceAccount, 또는 `system:serviceaccounts`,
`system:authenticated`, `system:unauthenticated` 그룹에 `cluster-admin`을
부여하는 ClusterRoleBindings와 RoleBindings를 표시한다.

## 왜 중요한가
서비스 어카운트를 지정하지 않은 모든 파드는 `default`로 실행된다. 이를
`cluster-admin`에 바인딩하면, 그 네임스페이스에서 침해된 파드는 어느 것이든
클러스터 전체의 관리자가 된다.

## 예시
```yaml
kind: ClusterRoleBinding
roleRef: {kind: ClusterRole, name: cluster-admin}
subjects: [{kind: ServiceAccount, name: default, namespace: tools}]
```

## 대신 이렇게
필요한 동사와 리소스만 나열한 Role을 가진 전용 ServiceAccount를 만든다.
"),
};

const BROAD_GROUPS: &[&str] = &["system:serviceaccounts", "system:authenticated", "system:unauthenticated"];

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, b) in input.objects.iter().enumerate().filter(|(_, o)| o.kind == "ClusterRoleBinding" || o.kind == "RoleBinding") {
        let Some(role) = b.root.path(&["roleRef", "name"]).filter(|r| r.as_str() == Some("cluster-admin")) else { continue };
        for s in b.root.get("subjects").map(Node::items).unwrap_or_default() {
            let kind = s.get("kind").and_then(Node::as_str).unwrap_or_default();
            let name = s.get("name").and_then(Node::as_str).unwrap_or_default();
            let broad = (kind == "ServiceAccount" && name == "default") || (kind == "Group" && BROAD_GROUPS.contains(&name));
            if broad {
                let at = s.key("name").unwrap_or(role);
                out.emit(i, at, msg!("{} grants cluster-admin to {kind} {name}; any pod using it can control the cluster", "{}이(가) {kind} {name}에 cluster-admin을 부여한다. 이를 쓰는 파드는 누구든 클러스터를 제어할 수 있다", b.display()));
            }
        }
    }
}
