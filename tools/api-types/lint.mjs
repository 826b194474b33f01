// Lints the committed API document (the insta snapshot of /api/openapi.json) with Redocly's
// recommended rules; any problem, error or warning, fails (make lint runs it).
// Usage: node tools/api-types/lint.mjs server/tests/api/snapshots/api__openapi__api_document.snap
import { readFileSync } from "node:fs";
import { createConfig, formatProblems, getTotals, lintFromString } from "@redocly/openapi-core";

const file = process.argv[2];
// The document follows insta's header, which ends at the second line of "---".
const lines = readFileSync(file, "utf8").split("\n");
const body = lines.slice(lines.indexOf("---", lines.indexOf("---") + 1) + 1).join("\n");
const config = await createConfig({
  extends: ["recommended"],
  rules: {
    // AppState and AdminState describe what the HTML pages embed for the web app; no operation
    // answers them, and the browser's types are made from them.
    "no-unused-components": "off",
    // GET /api/openapi.json cannot fail; every other operation states its 4xx answers, and the
    // API contract test holds each to its document.
    "operation-4xx-response": "off",
  },
});
const problems = await lintFromString({ source: body, absoluteRef: file, config });
const totals = getTotals(problems);
if (problems.length > 0) {
  formatProblems(problems, { format: "codeframe", totals, version: "recommended" });
  process.exit(1);
}
console.log("The API document passes Redocly's recommended rules.");
