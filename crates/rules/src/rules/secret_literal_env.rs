use crate::msg;
use super::{container_name, workloads};
use crate::rule::{Category, Emitter, Input, Rule, Severity};
use crate::yaml::Node;

pub(crate) static RULE: Rule = Rule {
    id: "secret-literal-env",
    title: en!("Secret passed as a literal environment value"),
    title_ko: ko!("리터럴 환경 변수 값으로 전달되는 시크릿"),
    category: Category::Security,
    severity: Severity::Error,
    cases: &["2026-03-24-litellm-ci-trivy-pypi-token-theft", "2021-01-31-codecov-bash-uploader-compromise", "2022-12-29-circleci-session-token-theft"],
    fix: en!("Move the value into a Secret and reference it with `valueFrom: {secretKeyRef: {name: <secret>, key: <key>}}`."),
    fix_ko: ko!("값을 Secret으로 옮기고 `valueFrom: {secretKeyRef: {name: <secret>, key: <key>}}`로 참조한다."),
    needs_before: false,
    check,
    docs: docs!(r"## What it does
Flags `env` entries whose name looks like a credential (`PASSWORD`, `SECRET`,
`TOKEN`, `API_KEY`, `ACCESS_KEY`, `PRIVATE_KEY`, `CREDENTIALS`) and whose value
is written literally in the manifest, and any `env` value that holds a private
key block (`-----BEGIN ... PRIVATE KEY-----`), whatever its name. The value
itself is never printed.

## Why it matters
A literal secret lives in Git, in CI logs, in `kubectl get -o yaml` output and
in every copy of the manifest; it cannot be rotated without a deploy. When
CircleCI was breached, every customer had to rotate every secret stored in the
platform, which is only practical when secrets come from one managed place.

## Example
```yaml
env:
  - {name: DB_PASSWORD, value: hunter2}
```

## Use instead
```yaml
env:
  - name: DB_PASSWORD
    valueFrom: {secretKeyRef: {name: db, key: password}}
```
"),
    docs_ko: docs!(r"## 하는 일
이름이 자격 증명처럼 보이고(`PASSWORD`, `SECRET`, `TOKEN`, `API_KEY`, `ACCESS_KEY`,
`PRIVATE_KEY`, `CREDENTIALS`) 값이 매니페스트에 리터럴로 적힌 `env` 항목과, 이름과
상관없이 private key 블록(`-----BEGIN ... PRIVATE KEY-----`)을 담은 모든 `env` 값을
찾아낸다. 값 자체는 절대 출력하지 않는다.

## 왜 중요한가
리터럴 시크릿은 Git, CI 로그, `kubectl get -o yaml` 출력, 그리고 매니페스트의 모든 사본에
남으며, 배포 없이는 교체할 수 없다. CircleCI가 침해되었을 때 모든 고객은 플랫폼에 저장한
모든 시크릿을 교체해야 했는데, 이는 시크릿이 관리되는 한 곳에서 나올 때만 현실적으로
가능하다.

## 예시
```yaml
env:
  - {name: DB_PASSWORD, value: hunter2}
```

## 대신 이렇게
```yaml
env:
  - name: DB_PASSWORD
    valueFrom: {secretKeyRef: {name: db, key: password}}
```
"),
};


fn check(input: &Input<'_>, out: &mut Emitter) {
    for (i, _, t) in workloads(input) {
        for c in t.containers() {
            for env in c.get("env").map(Node::items).unwrap_or_default() {
                let Some((name, v)) = super::literal_secret_env(env) else { continue };
                let name = name.as_str().unwrap_or_default();
                out.emit(i, v, msg!("container {}: {name} is set to a literal value (redacted); load it from a Secret", "컨테이너 {}: {name}이(가) 리터럴 값(가림 처리됨)으로 설정되어 있다. Secret에서 불러온다", container_name(c)))
                    .fix(msg!("Move the value of {name} into a Secret and reference it: `valueFrom: {{secretKeyRef: {{name: <secret>, key: <key>}}}}`.", "{name}의 값을 Secret으로 옮기고 참조한다: `valueFrom: {{secretKeyRef: {{name: <secret>, key: <key>}}}}`."));
            }
        }
    }
}
