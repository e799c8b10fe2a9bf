use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "image-mutable-or-always-pulled",
    title: "Image uses :latest or is pulled on every start",
    category: Category::Rollout,
    severity: Severity::Warning,
    cases: &["2020-07-13-github-kubernetes-image-pull-dns", "2026-03-19-aqua-trivy-action-tag-hijack"],
    fix: "Pin the image by tag and digest (`image: repo/app:1.2.3@sha256:...`) and use `imagePullPolicy: IfNotPresent`.",
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags containers whose image has no tag or the `:latest` tag (and no digest), and
containers with `imagePullPolicy: Always`.

## Why it matters
A restart that must pull an image depends on the registry and on DNS being up at
that moment. At GitHub, containers with `ImagePullPolicy: Always` were killed
for exceeding their memory limit, could not pull their image because DNS to the
registry was broken, and a redeploy spread the failure across production. A
mutable `:latest` tag also means two pods of one Deployment may run different
code.

## Example
```yaml
image: registry.example.com/api:latest
imagePullPolicy: Always
```

## Use instead
```yaml
image: registry.example.com/api:1.42.0@sha256:...
imagePullPolicy: IfNotPresent
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input.objects) {
        for c in t.containers() {
            if let Some(img) = c.get("image") {
                let s = img.as_str().unwrap_or_default();
                let last = s.rsplit('/').next().unwrap_or(s);
                let mutable = !s.contains('@') && (!last.contains(':') || last.ends_with(":latest"));
                if mutable && !s.is_empty() {
                    out.emit(i, img, format!("container {} uses the mutable image {s}; pin a version tag or digest", container_name(c)));
                }
            }
            if let Some(p) = c.get("imagePullPolicy").filter(|p| p.as_str() == Some("Always")) {
                out.emit(i, p, format!("container {} pulls its image on every start, so restarts fail whenever the registry or DNS is unreachable", container_name(c)));
            }
        }
    }
}
