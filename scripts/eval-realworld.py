#!/usr/bin/env python3
"""Measures the manifest review against real-world YAML (outside the tests' pass/fail).

Usage: scripts/eval-realworld.py <realworld-dir> [--casebook BIN] [--verdicts FILE]

<realworld-dir> holds install manifests (*.yaml at its top level) and Polaris's
check fixtures (polaris/<check>/*.yaml with polaris-expected.tsv); see its
README for where they come from. Nothing from it is copied into the project.

Prints:
1. per-rule finding counts by severity over the install manifests;
2. the verdicts (eval/realworld-verdicts.tsv): worth acting on / false / noise
   for every error and warning finding, the findings that have no verdict yet,
   and the verdicts that no longer match a finding;
3. Polaris agreement for each Polaris check a Casebook rule covers, and the
   checks no rule covers, with the decision recorded in eval/polaris-coverage.tsv.
"""
import argparse
import collections
import csv
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def review(binary, path, only=None, min_severity="info"):
    args = [binary, "check", path, "--format", "json", "--min-severity", min_severity]
    for r in only or []:
        args += ["--only", r]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode not in (0, 1, 2):
        sys.exit(f"{' '.join(args)} failed with exit {p.returncode}: {p.stderr.strip()}")
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        sys.exit(f"{' '.join(args)} printed no JSON: {p.stderr.strip()}")


def resource(f):
    r = f["resource"]
    ns = r.get("namespace")
    return f"{r['kind']}/{ns}/{r['name']}" if ns else f"{r['kind']}/{r['name']}"


def read_tsv(path):
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as fh:
        return [row for row in csv.DictReader((l for l in fh if not l.startswith("#")), delimiter="\t")]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--casebook", default=os.path.join(ROOT, "target/release/casebook"))
    ap.add_argument("--verdicts", default=os.path.join(ROOT, "eval/realworld-verdicts.tsv"))
    ap.add_argument("--coverage", default=os.path.join(ROOT, "eval/polaris-coverage.tsv"))
    a = ap.parse_args()
    if not os.path.isdir(a.dir):
        sys.exit(f"error: {a.dir} is not a folder")
    if not os.access(a.casebook, os.X_OK):
        sys.exit(f"error: {a.casebook} not found; build it with cargo build --release -p casebook-cli")

    manifests = sorted(f for f in os.listdir(a.dir) if f.endswith((".yaml", ".yml")))
    per_rule = collections.defaultdict(collections.Counter)
    acted = []  # (file, rule, resource, severity, line, message)
    for m in manifests:
        rep = review(a.casebook, os.path.join(a.dir, m))
        for f in rep["findings"]:
            per_rule[f["rule"]][f["severity"]] += 1
            if f["severity"] in ("error", "warning"):
                acted.append((m, f["rule"], resource(f), f["severity"], f["line"], f["message"]))

    print(f"## Findings on {len(manifests)} install manifests, by rule\n")
    print(f"{'rule':<40} {'error':>6} {'warning':>8} {'info':>6}")
    for r in sorted(per_rule):
        c = per_rule[r]
        print(f"{r:<40} {c['error']:>6} {c['warning']:>8} {c['info']:>6}")
    tot = collections.Counter()
    for c in per_rule.values():
        tot.update(c)
    print(f"{'total':<40} {tot['error']:>6} {tot['warning']:>8} {tot['info']:>6}\n")

    verdicts = {(v["file"], v["rule"], v["resource"]): v for v in read_tsv(a.verdicts)}
    seen = set()
    judged = collections.Counter()
    missing = []
    for m, rule, res, sev, line, msg in acted:
        key = (m, rule, res)
        seen.add(key)
        v = verdicts.get(key)
        if v is None:
            missing.append(f"{m}\t{rule}\t{res}\t{sev}\tline {line}: {msg}")
        else:
            judged[v["verdict"]] += 1
    stale = [k for k in verdicts if k not in seen]
    n = sum(judged.values())
    print("## Verdicts on error and warning findings\n")
    for k in ("act", "false", "noise"):
        share = f"{100 * judged[k] / n:.0f}%" if n else "-"
        print(f"{k:<6} {judged[k]:>4}  {share}")
    print(f"judged {n} of {len(acted)} error/warning findings")
    if missing:
        print(f"\n{len(missing)} finding(s) without a verdict (file, rule, resource, severity, where):")
        for x in missing:
            print("  " + x)
    if stale:
        print(f"\n{len(stale)} verdict(s) that match no finding any more:")
        for k in stale:
            print("  " + "\t".join(k))

    # Polaris agreement.
    expected = read_tsv(os.path.join(a.dir, "polaris-expected.tsv"))
    coverage = {row["check"]: row for row in read_tsv(a.coverage)}
    if expected:
        print("\n## Polaris agreement (covered checks)\n")
        by_check = collections.defaultdict(list)
        for row in expected:
            by_check[row["check"]].append(row)
        agree_all = total_all = 0
        uncovered = []
        for check in sorted(by_check):
            cov = coverage.get(check)
            rules = [r for r in (cov or {}).get("rules", "").split(",") if r.strip()]
            if not rules:
                uncovered.append((check, (cov or {}).get("decision", "no decision recorded")))
                continue
            agree = 0
            disagree = []
            for row in by_check[check]:
                rep = review(a.casebook, os.path.join(a.dir, row["file"]), only=rules)
                got = "fail" if rep["findings"] else "pass"
                if got == row["expected"]:
                    agree += 1
                else:
                    disagree.append(f"{os.path.basename(row['file'])} (polaris {row['expected']}, casebook {got})")
            agree_all += agree
            total_all += len(by_check[check])
            print(f"{check:<44} {','.join(rules):<44} {agree}/{len(by_check[check])}")
            for d in disagree:
                print(f"    disagrees: {d}")
        if total_all:
            print(f"\nagreement on covered checks: {agree_all}/{total_all} ({100 * agree_all / total_all:.0f}%)")
        print("\n## Polaris checks no rule covers\n")
        for check, decision in uncovered:
            print(f"{check:<44} {decision}")


if __name__ == "__main__":
    main()
