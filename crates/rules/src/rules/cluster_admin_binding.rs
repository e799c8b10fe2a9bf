use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "cluster-admin-binding",
    title: "cluster-admin granted to a default or broad service account",
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2023-08-30-sourcegraph-leaked-site-admin-token", "2019-03-13-matrix-org-jenkins-ssh-agent-compromise"],
    fix: "Bind a Role or ClusterRole with only the verbs and resources this subject needs, to a dedicated service account, instead of `cluster-admin`.",
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
                out.emit(i, at, format!("{} grants cluster-admin to {kind} {name}; any pod using it can control the cluster", b.display()));
            }
        }
    }
}
