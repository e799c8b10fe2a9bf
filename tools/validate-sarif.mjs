// Validates SARIF files against the official SARIF 2.1.0 JSON schema.
// Usage: node tools/validate-sarif.mjs file.sarif [...]
import Ajv from "ajv-draft-04";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const schema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false, logger: false });
const validate = ajv.compile(schema);
let bad = 0;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(readFileSync(file, "utf8"));
  if (!validate(log)) {
    bad++;
    console.error(`${file}: INVALID SARIF`);
    for (const e of validate.errors.slice(0, 20)) console.error(`  ${e.instancePath || "/"} ${e.message}`);
  } else if (!log.runs?.[0]?.tool?.driver?.rules?.length) {
    bad++;
    console.error(`${file}: valid, but lists no rules`);
  } else {
    console.log(`${file}: valid SARIF 2.1.0 (${log.runs[0].results.length} results, ${log.runs[0].tool.driver.rules.length} rules)`);
  }
}
process.exit(bad ? 1 : 0);
