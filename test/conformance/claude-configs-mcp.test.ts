import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { resolveCliMcpSetup } from "../../src/cli/mcp-config.js";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const corpus = path.resolve(repoRoot, "../shared/fixtures/claude-configs");
const missing = !existsSync(path.join(corpus, "SOURCES.md"));
if (missing) {
  console.warn(
    `claude-configs conformance: corpus missing at ${corpus}; not run: the real-world .mcp.json files`,
  );
}

/**
 * Each .mcp.json row of SOURCES.md: the servers Claude Code 2.1.332 tried to start (keel finds
 * each one; starting them would fetch packages, so this test stops at the decision), and the
 * entries keel reports as invalid (only row 114's, which Claude Code skips without a word:
 * contracts §12 has keel say so). Row 6's unset `${VAR}`s are named in a notice.
 */
const ROWS: Record<string, { n: number; servers: string[]; invalid?: string[] }> = {
  // Seven use variables that are unset here: kept as written, as Claude Code starts them.
  "ChrisWiles__claude-code-showcase/.mcp.json": {
    n: 6,
    servers: ["jira", "github", "linear", "sentry", "postgres", "slack", "notion", "memory"],
  },
  "getsentry__sentry/.mcp.json": { n: 72, servers: ["playwright-extension", "sentry"] },
  "PostHog__posthog/.mcp.json": { n: 73, servers: ["phrocs"] },
  "payloadcms__payload/.mcp.json": { n: 74, servers: ["playwright", "payload"] },
  "0K-cool__athena/.mcp.json": {
    n: 109,
    servers: [
      "athena-knowledge-base",
      "velociraptor",
      "kali_external",
      "kali_internal",
      "playwright",
    ],
  },
  "0-1-no__dealbook-plugin/.mcp.json": { n: 110, servers: ["dealbook"] },
  "0FL01__Oxide-Agent/.mcp.json": { n: 111, servers: ["rust-mcp-server", "mcp-rust-docs"] },
  "0nork__0nmcp-website/.mcp.json": { n: 112, servers: ["supabase"] },
  "00PrabalK00__Continuum/.mcp.json": { n: 113, servers: [] },
  "0mm-mark__gsd-2/.mcp.json": {
    n: 114,
    servers: [],
    invalid: ["GSD-2 Code", "Xai API Docs", "PocketStack Code"],
  },
};

let scratch: string | undefined;
afterEach(async () => {
  if (scratch) await rm(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe.skipIf(missing)("real-world .mcp.json files, as Claude Code 2.1.332 reads them", () => {
  it.each(Object.entries(ROWS))("%s", async (file, row) => {
    scratch = await realpath(await mkdtemp(path.join(tmpdir(), "keel-claude-configs-mcp-")));
    const cwd = path.join(scratch, "project");
    const home = path.join(scratch, "home");
    await mkdir(cwd, { recursive: true });
    await mkdir(home);
    await copyFile(path.join(corpus, file), path.join(cwd, ".mcp.json"));
    const setup = await resolveCliMcpSetup({
      mcpConfig: [],
      strict: false,
      cwd,
      home,
      stateDir: path.join(home, ".keel"),
      // No variables: `${VAR}`s stay unset, as in the recorded runs.
      env: { PATH: process.env.PATH ?? "" },
      settings: { mcpServers: {}, files: [] },
    });
    const found = [...setup.servers, ...setup.needsApproval].map((s) => s.name);
    expect(found.sort(), `row ${row.n}`).toEqual([...row.servers].sort());
    const invalid = setup.invalid.map((e) => JSON.stringify(e));
    for (const name of row.invalid ?? []) expect(invalid.join("\n")).toContain(name);
    if (!row.invalid) expect(setup.invalid, `row ${row.n}`).toEqual([]);
    if (row.n === 6) expect(setup.notices.join("\n")).toContain("JIRA_HOST");
  });
});
