import type { DoctorCheck, DoctorReport } from "./report.js";

/** What each check is called in the human report. */
const TITLES: Record<DoctorCheck["id"], string> = {
  installation: "installation",
  ripgrep: "ripgrep",
  sandbox: "sandbox",
  settings: "settings",
  trust: "folder trust",
  mcp: "MCP servers",
  api: "API",
  "web-search": "WebSearch",
};

/** The human report: one line per check with ✓ or ✗ and why, its details indented below. */
export function renderReport(report: DoctorReport): string {
  const lines = report.checks.flatMap((check) => [
    `${check.ok ? "✓" : "✗"} ${TITLES[check.id]}: ${check.summary}`,
    ...check.details.map((detail) => `    ${detail}`),
  ]);
  const failed = report.checks.filter((check) => !check.ok).map((check) => TITLES[check.id]);
  lines.push(
    "",
    failed.length === 0 ? "Nothing wrong found." : `Something is wrong: ${failed.join(", ")}.`,
  );
  return `${lines.join("\n")}\n`;
}
