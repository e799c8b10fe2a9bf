use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "image-mutable-or-always-pulled",
    title: en!("Image uses :latest or is pulled on every start"),
    title_ko: ko!(":latest를 쓰거나 시작할 때마다 pull되는 이미지"),
    category: Category::Rollout,
    severity: Severity::Warning,
    cases: &["2020-07-13-github-kubernetes-image-pull-dns", "2026-03-19-aqua-trivy-action-tag-hijack"],
    fix: en!("Pin the image by tag and digest (`image: repo/app:1.2.3@sha256:...`) and use `imagePullPolicy: IfNotPresent`."),
    fix_ko: ko!("이미지를 태그와 다이제스트로 고정하고(`image: repo/app:1.2.3@sha256:...`) `imagePullPolicy: IfNotPresent`를 사용한다."),
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
    docs_ko: docs!(r"## 하는 일
이미지에 태그가 없거나 `:latest` 태그이면서 다이제스트도 없는 컨테이너와,
`imagePullPolicy: Always`인 컨테이너를 찾아낸다.

## 왜 중요한가
이미지를 pull해야 하는 재시작은 그 순간 레지스트리와 DNS가 살아 있는지에 달려 있다.
GitHub에서는 `ImagePullPolicy: Always`인 컨테이너가 메모리 한도를 넘어 강제 종료됐는데,
레지스트리로 가는 DNS가 고장 나 이미지를 pull하지 못했고, 재배포가 그 실패를 프로덕션 전체로
퍼뜨렸다. 변경 가능한 `:latest` 태그는 또한 한 Deployment의 두 파드가 서로 다른 코드를 실행할
수 있다는 뜻이다.

## 예시
```yaml
image: registry.example.com/api:latest
imagePullPolicy: Always
```

## 대신 이렇게
```yaml
image: registry.example.com/api:1.42.0@sha256:...
imagePullPolicy: IfNotPresent
```
"),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.containers() {
            if let Some(img) = c.get("image") {
                let s = img.as_str().unwrap_or_default();
                let last = s.rsplit('/').next().unwrap_or(s);
                let mutable = !s.contains('@') && (!last.contains(':') || last.ends_with(":latest"));
                if mutable && !s.is_empty() {
                    out.emit(i, img, msg!("container {} uses the mutable image {s}; pin a version tag or digest", "컨테이너 {}이(가) 변경 가능한 이미지 {s}을(를) 쓴다. 버전 태그나 다이제스트로 고정한다", container_name(c)));
                }
            }
            if let Some(p) = c.get("imagePullPolicy").filter(|p| p.as_str() == Some("Always")) {
                out.emit(i, p, msg!("container {} pulls its image on every start, so restarts fail whenever the registry or DNS is unreachable", "컨테이너 {}은(는) 시작할 때마다 이미지를 받아 오므로, 레지스트리나 DNS에 닿지 못하면 재시작이 실패한다", container_name(c)));
            }
        }
    }
}
