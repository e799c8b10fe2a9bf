use crate::msg;
use super::{services_selecting, workloads};
use crate::rule::{Category, Emitter, Input, Msg, Rule, Severity};

pub(crate) static RULE: Rule = Rule {
    id: "single-replica-behind-service",
    title: en!("A Service is backed by a single replica"),
    title_ko: ko!("복제본 하나가 뒷받침하는 Service"),
    category: Category::Availability,
    severity: Severity::Warning,
    cases: &[
        "2019-04-03-mybinder-ingress-cordoned-node-upgrade",
        "2020-09-28-moj-cloud-platform-kops-node-termination-single-replica-ingress",
        "2023-11-27-2i2c-leap-autoscaler-drained-hub-core-node",
        "2021-09-29-wikimedia-calico-typha-single-replica-rolling-restart-eqiad",
    ],
    fix: en!("Run at least 2 replicas (with a PodDisruptionBudget), or, for software that can only run once, add the annotation `cluster-autoscaler.kubernetes.io/safe-to-evict: \"false\"`."),
    fix_ko: ko!("복제본을 최소 2개(PodDisruptionBudget과 함께) 실행하거나, 하나만 실행할 수 있는 소프트웨어라면 `cluster-autoscaler.kubernetes.io/safe-to-evict: \"false\"` 애너테이션을 추가한다."),
    needs_before: false,
    check,
    docs: docs!(
        r#"## What it does
Flags Deployments and StatefulSets with one replica (explicitly or by default)
that a Service in the input sends traffic to. A workload pasted with no Service
at all is reported at `info` when its pods declare a serving port (metrics,
health and profiling ports aside): a Service likely sends it traffic, but the
input does not show one.

## Why it matters
Node upgrades, drains and evictions move pods. With one replica, every move is
an outage for everything behind the Service. mybinder.org went fully down during
a node-pool upgrade when cordoning the last old nodes left the ingress
controller with nowhere to run, and nobody noticed for 40 minutes. On the UK
Ministry of Justice Cloud Platform, teams whose own ingress controllers ran one
replica got failing health checks and uptime alerts when nine nodes were
terminated at once. 2i2c's LEAP JupyterHub went down twice in two days when the
cluster autoscaler scaled down the node its single hub pod ran on. At Wikimedia,
a routine rolling restart reached Calico's only Typha replica; its replacement
was still pulling its image when the core routers' BGP timers ran out, and
every service in the cluster was unreachable for two minutes.

## Example
```yaml
kind: Deployment
spec: {replicas: 1}
```

## Use instead
Run at least two replicas, spread across nodes, with a PodDisruptionBudget
(`maxUnavailable: 1`).

If the software can only run one copy (a JupyterHub hub, a singleton
controller), at least keep the cluster autoscaler from choosing its node, as
2i2c did after LEAP's outages:
```yaml
spec:
  template:
    metadata:
      annotations:
        cluster-autoscaler.kubernetes.io/safe-to-evict: "false"
```
"#
    ),
    docs_ko: docs!(r#"## 하는 일
입력에 있는 Service가 트래픽을 보내는, 복제본이 하나(명시적으로 또는 기본값으로)인
Deployment와 StatefulSet을 찾아낸다. Service 없이 붙여 넣은 워크로드는 파드가 서비스
포트(메트릭, 헬스, 프로파일링 포트 제외)를 선언하면 `info`로 보고한다. Service가 트래픽을
보낼 가능성이 높지만 입력에는 보이지 않기 때문이다.

## 왜 중요한가
노드 업그레이드, 드레인, 축출은 파드를 옮긴다. 복제본이 하나면 옮길 때마다 Service 뒤에 있는
모든 것에 장애가 된다. mybinder.org는 노드 풀 업그레이드 중 마지막 남은 구 노드를
cordon하자 ingress 컨트롤러가 실행될 곳이 없어져 완전히 중단됐고, 40분 동안 아무도 알아채지
못했다. UK Ministry of Justice Cloud Platform에서는 노드 9개가 한꺼번에 종료되자, 자체
ingress 컨트롤러를 복제본 하나로 운영하던 팀들이 헬스 체크 실패와 가동 시간(uptime) 알림을
받았다. 2i2c의 LEAP JupyterHub는 클러스터 오토스케일러가 단일 hub 파드가 돌던 노드를
축소하면서 이틀 동안 두 번 중단됐다. Wikimedia에서는 일상적인 롤링 재시작이 Calico의 유일한
Typha 복제본에 이르렀다. 대체 파드가 아직 이미지를 pull하는 동안 코어 라우터의 BGP 타이머가
만료됐고, 클러스터의 모든 서비스가 2분 동안 접근할 수 없었다.

## 예시
```yaml
kind: Deployment
spec: {replicas: 1}
```

## 대신 이렇게
노드에 분산해 복제본을 최소 두 개 실행하고, PodDisruptionBudget(`maxUnavailable: 1`)을 함께
둔다.

소프트웨어가 하나만 실행될 수 있다면(JupyterHub hub, 싱글턴 컨트롤러), LEAP 장애 후 2i2c가
했던 것처럼 최소한 클러스터 오토스케일러가 그 노드를 고르지 못하게 한다:
```yaml
spec:
  template:
    metadata:
      annotations:
        cluster-autoscaler.kubernetes.io/safe-to-evict: "false"
```
"#),
};

fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, wl, _) in workloads(input) {
        if wl.replicas().is_none() || wl.kind == "ReplicaSet" {
            continue;
        }
        // An autoscaler owns the replica count: judge by the floor it keeps.
        let floor = super::autoscaler_floor(input, i);
        let lowest = floor.map_or(wl.replicas(), |(f, _)| Some(f));
        if lowest != Some(1) {
            continue;
        }
        let (at, Msg { en: how, ko: how_ko }) = match floor {
            Some((_, h)) => (
                h.root.path(&["spec"]).and_then(|s| s.key("minReplicas")).unwrap_or(h.anchor()),
                msg!("can scale down to one replica ({} {})", "복제본 하나까지 줄어들 수 있다({} {})", h.kind, h.name),
            ),
            None => (wl.root.path(&["spec"]).and_then(|s| s.key("replicas")).unwrap_or(wl.anchor()), msg!("runs one replica", "복제본 하나로 실행된다")),
        };
        let svcs = services_selecting(input, i);
        let serving = svcs.iter().copied().find(|&s| super::service_role(input, &input.objects[s]) == super::ServiceRole::Serving);
        let Some(s) = serving.or_else(|| svcs.first().copied()) else {
            // Partial input: the workload alone, its ports saying it serves.
            let ports = wl.pod_template().map(|t| super::serving_ports(&t)).unwrap_or_default();
            if super::no_services(input) && !ports.is_empty() {
                out.emit(i, at, msg!("{} {how}; no Service is in the input, but its pods declare port {}, so one likely sends them traffic, and any drain, eviction or crash would then be an outage", "{}: {how_ko}. 입력에 Service는 없지만 파드가 포트 {}을(를) 선언하므로 어딘가에서 트래픽을 보낼 가능성이 높고, 그렇다면 드레인, 축출, 크래시 하나하나가 장애가 된다", wl.display(), ports.join(", ")))
                    .at_most(Severity::Info);
            }
            continue;
        };
        let raw = out.emit(i, at, msg!("{} {how} behind Service {}; any drain, eviction or crash is an outage", "{}: Service {1} 뒤에서 {how_ko}. 드레인, 축출, 크래시 하나하나가 장애다", wl.display(), input.objects[s].name));
        if serving.is_none() {
            raw.at_most(Severity::Info);
            raw.message.push(" (info: the Service only serves metrics or a webhook)", " (info로 낮춤: 이 Service는 메트릭이나 웹훅만 제공한다)");
        }
    }
}
