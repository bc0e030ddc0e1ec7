import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { startFixtureServer } from "../helpers/fixture-server.js";
import { sandboxRuntimeReady } from "../helpers/sandbox-ready.js";
import {
  closedPort,
  doctorPlace,
  failedChecks,
  pathWithout,
  projectServers,
  put,
  reportOf,
  runDoctor,
  testServerEntry,
  trust,
} from "./doctor-harness.js";

/** Without bubblewrap installed the sandbox check fails everywhere; these tests need it. */
const ready = sandboxRuntimeReady("keel doctor's end-to-end tests");

describe.skipIf(!ready)("keel doctor", () => {
  it("on a healthy setup: every check passes, one ✓ line each, exit 0", async () => {
    const place = await doctorPlace();
    await projectServers(place, { tester: testServerEntry });
    await trust(place);
    const run = await runDoctor(place);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const checks = run.stdout.split("\n").filter((line) => /^[✓✗] /.test(line));
    expect(checks.map((line) => line.split(":")[0])).toEqual([
      "✓ installation",
      "✓ ripgrep",
      "✓ sandbox",
      "✓ settings",
      "✓ folder trust",
      "✓ MCP servers",
      "✓ API",
      "✓ WebSearch",
    ]);
    expect(run.stdout).toContain(`✓ folder trust: ${place.dir} is trusted`);
    expect(run.stdout).toMatch(
      /✓ tester \(project, .*\.mcp\.json: .*test-server\.mjs\): connected/,
    );
    expect(run.stdout).toContain("answers (HTTP 200) for claude-sonnet-5");
    expect(run.stdout).toContain("Nothing wrong found.");
  });

  it("--json prints one object, described by its zod schema", async () => {
    const place = await doctorPlace();
    await projectServers(place, { tester: testServerEntry });
    await trust(place);
    const run = await runDoctor(place, ["--json"]);
    expect(run.code).toBe(0);
    const report = reportOf(run);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual([
      "installation",
      "ripgrep",
      "sandbox",
      "settings",
      "trust",
      "mcp",
      "api",
      "web-search",
    ]);
    const mcp = report.checks.find((c) => c.id === "mcp");
    expect(mcp?.id === "mcp" && mcp.servers).toEqual([
      expect.objectContaining({ name: "tester", scope: "project", state: "connected" }),
    ]);
    expect(report.checks.find((c) => c.id === "api")).toMatchObject({ status: 200 });
  });

  it("a bad settings key: exit 1, naming the file and key", async () => {
    const place = await doctorPlace();
    const file = await put(join(place.dir, ".claude", "settings.json"), { model: 42 });
    const run = await runDoctor(place);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("✗ settings: 1 problem in 1 settings file");
    expect(run.stdout).toContain(`    ${file}: model: Invalid input: expected string`);
    expect(failedChecks(reportOf(await runDoctor(place, ["--json"])))).toEqual(["settings"]);
  });

  it("settings that would stop keel are named too, and said to stop it", async () => {
    const place = await doctorPlace();
    const file = await put(join(place.dir, ".claude", "settings.json"), {
      permissions: { deny: ["Bash(rm"] },
    });
    const run = await runDoctor(place);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("(1 stop keel from starting)");
    expect(run.stdout).toContain(`${file}: permissions.deny[0]: "Bash(rm" must end with ")"`);
    // The servers a session would start cannot be known from settings keel will not run with.
    expect(run.stdout).toContain(`✗ MCP servers: not checked: ${file}: permissions.deny[0]`);
  });

  it("an MCP server that fails to start: exit 1, naming it and why", async () => {
    const place = await doctorPlace();
    await projectServers(place, {
      tester: testServerEntry,
      broken: { command: join(place.dir, "no-such-server") },
    });
    await trust(place);
    const run = await runDoctor(place);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("✗ MCP servers: broken failed; 1 connected");
    expect(run.stdout).toMatch(
      /✗ broken \(project, .*no-such-server\): failed — connection failed: /,
    );
    const report = reportOf(await runDoctor(place, ["--json"]));
    expect(failedChecks(report)).toEqual(["mcp"]);
  });

  it("an untrusted folder: exit 1; its .mcp.json servers are listed, not started", async () => {
    const place = await doctorPlace();
    await projectServers(place, { tester: testServerEntry });
    const run = await runDoctor(place);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      `✗ folder trust: ${place.dir} is not trusted: the REPL keeps 1 MCP server off`,
    );
    expect(run.stdout).toContain("✓ MCP servers: 0 connected; not started: 1 untrusted");
    expect(run.stdout).toContain("tester (project, ");
    expect(run.stdout).toContain("untrusted — not started: the folder is not trusted");
    const report = reportOf(await runDoctor(place, ["--json"]));
    expect(failedChecks(report)).toEqual(["trust"]);
  });

  it("an API that refuses connections: exit 1, naming the URL and the cause", async () => {
    const place = await doctorPlace();
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runDoctor(place, [], { ANTHROPIC_BASE_URL: url });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`✗ API: ECONNREFUSED at ${url}/v1/messages/count_tokens`);
    const report = reportOf(await runDoctor(place, ["--json"], { ANTHROPIC_BASE_URL: url }));
    expect(failedChecks(report)).toEqual(["api"]);
  });

  it("an API that refuses the key: exit 1 with the HTTP status and the API's message", async () => {
    const place = await doctorPlace();
    const api = await startFixtureServer();
    try {
      const body = JSON.stringify({
        type: "error",
        error: { type: "authentication_error", message: "invalid x-api-key" },
      });
      api.enqueue({ status: 401, headers: { "content-type": "application/json" }, body });
      const run = await runDoctor(place, [], { ANTHROPIC_BASE_URL: api.url });
      expect(run.code).toBe(1);
      expect(run.stdout).toContain(
        `✗ API: HTTP 401 from ${api.url}/v1/messages/count_tokens: invalid x-api-key`,
      );
      expect(api.requests[0]).toMatchObject({ method: "POST" });
      expect(api.requests[0]?.headers["x-api-key"]).toBe("test-key");
      expect(api.requests[0]?.json).toMatchObject({ model: "claude-sonnet-5" });
    } finally {
      await api.close();
    }
  });

  it("WebSearch on an openai: model: left out without a service (passes), a named service without its key fails", async () => {
    const place = await doctorPlace();
    const api = await startFixtureServer();
    try {
      api.enqueue({ headers: { "content-type": "application/json" }, body: '{"data":[]}' });
      const env = { ANTHROPIC_MODEL: "openai:local", OPENAI_BASE_URL: `${api.url}/v1` };
      const none = reportOf(await runDoctor(place, ["--json"], env));
      expect(none.checks.find((c) => c.id === "web-search")).toMatchObject({
        ok: true,
        offered: false,
        summary: expect.stringContaining("name no webSearch service"),
      });
      await put(join(place.stateDir, "settings.json"), { webSearch: { provider: "brave" } });
      api.enqueue({ headers: { "content-type": "application/json" }, body: '{"data":[]}' });
      const run = await runDoctor(place, [], env);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain("✗ WebSearch: WebSearch is left out: webSearch names brave in");
      expect(run.stdout).toContain("but BRAVE_API_KEY is not set");
    } finally {
      await api.close();
    }
  });

  it("ripgrep missing (USE_BUILTIN_RIPGREP=0 and no rg on PATH): exit 1", async () => {
    const place = await doctorPlace();
    const env = { USE_BUILTIN_RIPGREP: "0", PATH: pathWithout("rg") };
    const run = await runDoctor(place, [], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "✗ ripgrep: not found: USE_BUILTIN_RIPGREP=0 and rg is not on PATH; Grep and Glob cannot run",
    );
    expect(failedChecks(reportOf(await runDoctor(place, ["--json"], env)))).toEqual(["ripgrep"]);
  });

  it("no bubblewrap on PATH: the sandbox is unavailable, exit 1", async () => {
    const place = await doctorPlace();
    const env = { PATH: pathWithout("bwrap") };
    const run = await runDoctor(place, [], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "✗ sandbox: no read-only jail: bwrap (bubblewrap) is not installed",
    );
    expect(failedChecks(reportOf(await runDoctor(place, ["--json"], env)))).toEqual(["sandbox"]);
  });
});
