#!/usr/bin/env python3
"""Generates crates/rules/schema/k8s.schema: a compact table of the built-in
Kubernetes kinds' fields, from the JSON schemas of the official Kubernetes
OpenAPI that the PyPI package `kubernetes-validate` ships (one folder per
Kubernetes release, `kubernetes-json-schema/v1.NN.0-local-strict/`).

Usage: tools/gen-k8s-schema.py <kubernetes_validate-*.whl> <out-file>

The output is deterministic: the same wheel gives the same bytes (the tests
regenerate it and compare). Format, one record per line, fields separated by
a space:
  casebook-k8s-schema 1
  source <wheel file name>
  B <id> <open?> then one line per field: F <name> <required?> <type>
      type: s string, i integer, n number, b boolean, x int-or-string,
      q quantity (string or number), * anything, #<id> object of body <id>,
      a<type> array of <type>, m<type> map of <type>, o object without a schema
  V <release>              (e.g. 1.37)
  K <apiVersion> <kind> <body id>
Bodies are shared between releases when identical.
"""
import json
import re
import sys
import zipfile

PREFIX = "kubernetes_validate/kubernetes-json-schema/"


def main():
    wheel, out_path = sys.argv[1], sys.argv[2]
    z = zipfile.ZipFile(wheel)
    releases = sorted(
        {m.group(1) for n in z.namelist() if (m := re.match(re.escape(PREFIX) + r"v(1\.\d+)\.0-local-strict/", n))},
        key=lambda v: int(v.split(".")[1]),
    )
    bodies = {}  # canonical text -> id
    body_lines = []
    out = ["casebook-k8s-schema 1", "source " + wheel.rsplit("/", 1)[-1]]
    version_lines = []
    for rel in releases:
        defs = json.loads(z.read(f"{PREFIX}v{rel}.0-local-strict/_definitions.json"))["$defs"]
        memo = {}

        def ty(s, depth=0):
            if depth > 64:
                return "*"
            if "$ref" in s:
                return ref(s["$ref"].split("/")[-1])
            if "oneOf" in s:
                kinds = set()
                for alt in s["oneOf"]:
                    t = alt.get("type")
                    kinds.update(t if isinstance(t, list) else [t])
                kinds.discard("null")
                if kinds == {"string", "integer"}:
                    return "x"
                if kinds == {"string", "number"}:
                    return "q"
                return "*"
            t = s.get("type")
            ts = set(t if isinstance(t, list) else [t]) - {"null", None}
            if len(ts) != 1:
                return "*"
            t = ts.pop()
            if t == "string":
                return "s"
            if t == "integer":
                return "i"
            if t == "number":
                return "n"
            if t == "boolean":
                return "b"
            if t == "array":
                return "a" + ty(s.get("items", {}), depth + 1)
            if t == "object":
                if "properties" in s:
                    return "#" + str(body(s, depth + 1))
                ap = s.get("additionalProperties")
                if isinstance(ap, dict):
                    return "m" + ty(ap, depth + 1)
                return "o"
            return "*"

        def ref(name):
            if name in memo:
                return memo[name]
            memo[name] = "*"  # a cycle (JSONSchemaProps) is not checked inside
            s = defs.get(name, {})
            memo[name] = ty(s) if ("properties" in s or "type" in s or "oneOf" in s or "$ref" in s) else "*"
            return memo[name]

        def body(s, depth=0):
            required = set(s.get("required", []))
            props = s.get("properties", {})
            open_ = "1" if s.get("additionalProperties") not in (None, False) else "0"
            fields = [f"F {k} {'1' if k in required else '0'} {ty(v, depth + 1)}" for k, v in sorted(props.items())]
            text = f"{open_}\n" + "\n".join(fields)
            if text not in bodies:
                bodies[text] = len(bodies)
                body_lines.append(f"B {bodies[text]} {open_}")
                body_lines.extend(fields)
            return bodies[text]

        version_lines.append(f"V {rel}")
        kinds = []
        for name, s in defs.items():
            for gvk in s.get("x-kubernetes-group-version-kind", []):
                api = (gvk["group"] + "/" if gvk["group"] else "") + gvk["version"]
                if "properties" in s and "kind" in s["properties"] and not gvk["kind"].endswith("List"):
                    kinds.append((api, gvk["kind"], name))
        for api, kind, name in sorted(set(kinds)):
            t = ref(name)
            if t.startswith("#"):
                version_lines.append(f"K {api} {kind} {t[1:]}")
    out.extend(body_lines)
    out.extend(version_lines)
    with open(out_path, "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
