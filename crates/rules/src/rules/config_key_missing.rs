use crate::msg;
use super::{container_name, workloads};
use crate::objects::Object;
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "config-key-missing",
    title: en!("Reference to a ConfigMap or Secret key that does not exist"),
    title_ko: ko!("존재하지 않는 ConfigMap 또는 Secret 키에 대한 참조"),
    category: Category::Config,
    severity: Severity::Error,
    cases: &["2025-11-05-render-oregon-404", "2025-11-24-supabase-api-gateway-missing-flag"],
    fix: en!("Add the key to the ConfigMap or Secret, or mark the reference `optional: true` if the program works without it."),
    fix_ko: ko!("ConfigMap 또는 Secret에 키를 추가하거나, 프로그램이 그 키 없이도 동작하면 참조를 `optional: true`로 표시한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags `configMapKeyRef` and `secretKeyRef` (in `env`) and `configMap`/`secret`
volume `items` that name a key absent from the ConfigMap or Secret of that name
in the input. References marked `optional: true`, and references to objects not
in the input, are not flagged.

## Why it matters
Configuration that one service still reads is easy to delete or forget. At
Render a feature flag was cleaned up while the metadata service still read it;
the service fell back to an inefficient path, ran out of memory and crashed,
causing 404s. Supabase shipped an API Gateway release that depended on a flag
with no value in production, and about 90% of gateway requests failed.

## Example
```yaml
env:
  - name: TRANSFER_MODE
    valueFrom: {configMapKeyRef: {name: flags, key: efficient-transfer}}
---
kind: ConfigMap
metadata: {name: flags}
data: {other-flag: 'true'}
```

## Use instead
Add the key, mark the reference `optional: true` with a safe default in code, or
stop reading it before removing it.
"),
    docs_ko: docs!(r"## 하는 일
입력에 있는 같은 이름의 ConfigMap 또는 Secret에 없는 키를 지정하는 (`env` 안의)
`configMapKeyRef`와 `secretKeyRef`, 그리고 `configMap`/`secret` 볼륨의 `items`를
찾아낸다. `optional: true`로 표시된 참조와 입력에 없는 객체에 대한 참조는 찾아내지
않는다.

## 왜 중요한가
한 서비스가 아직 읽는 설정은 삭제하거나 잊기 쉽다. Render에서는 메타데이터 서비스가 아직
읽던 기능 플래그가 정리되었다. 서비스는 비효율적인 경로로 돌아갔고, 메모리가 부족해
크래시했으며, 404를 일으켰다. Supabase는 프로덕션에서 값이 없는 플래그에 의존하는 API
Gateway 릴리스를 배포했고, 게이트웨이 요청의 약 90%가 실패했다.

## 예시
```yaml
env:
  - name: TRANSFER_MODE
    valueFrom: {configMapKeyRef: {name: flags, key: efficient-transfer}}
---
kind: ConfigMap
metadata: {name: flags}
data: {other-flag: 'true'}
```

## 대신 이렇게
키를 추가하거나, 코드에 안전한 기본값을 두고 참조를 `optional: true`로 표시하거나,
키를 제거하기 전에 그 키를 더 이상 읽지 않게 한다.
"),
};

fn find<'a>(input: &Input<'a>, kind: &str, name: &str, near: &Object) -> Option<&'a Object> {
    input.lookup.named(kind, name).map(|i| &input.objects[i]).find(|o| o.same_namespace(near))
}

fn has_key(obj: &Object, key: &str) -> bool {
    ["data", "stringData", "binaryData"].iter().any(|d| obj.root.get(d).is_some_and(|m| m.get(key).is_some()))
}

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, t) in workloads(input) {
        for c in t.containers() {
            for env in c.get("env").map(Node::items).unwrap_or_default() {
                for (ref_kind, kind) in [("configMapKeyRef", "ConfigMap"), ("secretKeyRef", "Secret")] {
                    let Some(r) = env.path(&["valueFrom", ref_kind]) else { continue };
                    if r.get("optional").and_then(Node::as_bool) == Some(true) {
                        continue;
                    }
                    let (Some(name), Some(key)) = (r.get("name").and_then(Node::as_str), r.get("key")) else { continue };
                    let Some(target) = find(input, kind, name, wl) else { continue };
                    let k = key.as_str().unwrap_or_default();
                    if !has_key(target, k) {
                        out.emit(i, key, msg!("container {} reads key {k:?} from {kind} {name}, which has no such key; the pod will fail to start or run without it", "컨테이너 {}이(가) {kind} {name}에서 키 {k:?}을(를) 읽지만 그런 키가 없다. 파드가 시작하지 못하거나 그 값 없이 실행된다", container_name(c)));
                    }
                }
            }
        }
        for vol in t.spec.get("volumes").map(Node::items).unwrap_or_default() {
            for (vk, kind, name_key) in [("configMap", "ConfigMap", "name"), ("secret", "Secret", "secretName")] {
                let Some(v) = vol.get(vk) else { continue };
                if v.get("optional").and_then(Node::as_bool) == Some(true) {
                    continue;
                }
                let Some(name) = v.get(name_key).and_then(Node::as_str) else { continue };
                let Some(target) = find(input, kind, name, wl) else { continue };
                for item in v.get("items").map(Node::items).unwrap_or_default() {
                    if let Some(key) = item.get("key") {
                        let k = key.as_str().unwrap_or_default();
                        if !has_key(target, k) {
                            out.emit(i, key, msg!("volume mounts key {k:?} from {kind} {name}, which has no such key", "볼륨이 {kind} {name}의 키 {k:?}을(를) 마운트하지만 그런 키가 없다"));
                        }
                    }
                }
            }
        }
    }
}
