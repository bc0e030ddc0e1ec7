import { mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { trustFolder } from "../../src/config/trust/trust-store.js";
import { recordMcpApproval } from "../../src/mcp/approvals.js";
import type { SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const TEST_SERVER = fileURLToPath(new URL("../fixtures/mcp/test-server.mjs", import.meta.url));
/** Generous: other test runs share the machine, and nothing here asserts on time. */
const SLOW = 60_000;

let dir: string;
let home: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-mcp-cmd-")));
  home = await mkdtemp(join(tmpdir(), "keel-mcp-cmd-home-"));
  stateDir = join(home, ".keel");
});

afterEach(async () => {
  for (const folder of [dir, home]) await rm(folder, { recursive: true, force: true });
});

/** Runs `keel <args>` in the project folder with this test's HOME and state folder. */
function keel(args: string[], env: Record<string, string> = {}) {
  return runKeel(args, { cwd: dir, env: { HOME: home, KEEL_CONFIG_DIR: stateDir, ...env } });
}

/** A session in which the model calls `mcp__<server>__echo` and reports what came back. */
async function sessionUsingEcho(server: string) {
  const model = await scriptedServer({
    turnMode: "count",
    turns: [
      { content: [{ type: "tool_use", name: `mcp__${server}__echo`, input: { message: "ping" } }] },
      { content: "The server said echo: ping" },
    ],
  });
  const run = await keel(
    [
      "-p",
      "ask the server",
      "--allowedTools",
      `mcp__${server}__*`,
      "--output-format",
      "stream-json",
      "--verbose",
    ],
    anthropicEnv(model),
  );
  expect(model.violations).toEqual([]);
  const lines = jsonLines(run.stdout);
  const results = lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .filter((b) => b.type === "tool_result");
  return { run, lines, results };
}

const keelFile = () => join(stateDir, "mcp-servers.json");
const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8")) as unknown;

describe("keel mcp add, list, then a session that uses the server", { timeout: SLOW * 2 }, () => {
  it.each(["local", "user"] as const)(
    "%s scope: written to keel's own file; list connects it; keel -p calls its tool",
    async (scope) => {
      const added = await keel(["mcp", "add", "-s", scope, "tester", "--", "node", TEST_SERVER]);
      expect(added.stderr).toBe("");
      expect(added.code).toBe(0);
      expect(added.stdout).toContain(
        `Added stdio MCP server tester with command: node ${TEST_SERVER} to ${scope} config`,
      );
      expect(added.stdout).toContain(`File modified: ${keelFile()}`);
      const entry = { type: "stdio", command: "node", args: [TEST_SERVER], env: {} };
      expect(await readJson(keelFile())).toEqual(
        scope === "user"
          ? { mcpServers: { tester: entry } }
          : { projects: { [dir]: { mcpServers: { tester: entry } } } },
      );

      const listed = await keel(["mcp", "list"]);
      expect(listed.code).toBe(0);
      expect(listed.stdout).toBe(
        `Checking MCP server health...\n\ntester: node ${TEST_SERVER} - ✓ Connected\n`,
      );

      const { run, lines, results } = await sessionUsingEcho("tester");
      expect(run.code).toBe(0);
      const init = only(lines, "system") as { mcp_servers: unknown[] };
      expect(init.mcp_servers).toEqual([{ name: "tester", status: "connected" }]);
      expect(JSON.stringify(results)).toContain("echo: ping");
      expect(only(lines, "result")).toMatchObject({ is_error: false });
    },
  );

  it("local scope belongs to its folder: another folder does not see the server", async () => {
    await keel(["mcp", "add", "tester", "--", "node", TEST_SERVER]);
    const elsewhere = await realpath(await mkdtemp(join(tmpdir(), "keel-mcp-cmd-other-")));
    try {
      const listed = await runKeel(["mcp", "list"], {
        cwd: elsewhere,
        env: { HOME: home, KEEL_CONFIG_DIR: stateDir },
      });
      expect(listed.stdout).toBe(
        "No MCP servers configured. Use `keel mcp add` to add a server.\n",
      );
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });

  it("project scope: written to .mcp.json; listed as untrusted, then unapproved, never started; once approved, connected and used", async () => {
    const added = await keel(["mcp", "add", "-s", "project", "shared", "--", "node", TEST_SERVER]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`File modified: ${join(dir, ".mcp.json")}`);
    expect(await readJson(join(dir, ".mcp.json"))).toEqual({
      mcpServers: { shared: { type: "stdio", command: "node", args: [TEST_SERVER], env: {} } },
    });

    const untrusted = await keel(["mcp", "list"]);
    expect(untrusted.stdout).toContain(
      `shared: node ${TEST_SERVER} - ⚠ This folder is not trusted (start keel here to decide; not started)`,
    );
    await trustFolder(stateDir, dir, new Date(0));
    const unapproved = await keel(["mcp", "list"]);
    expect(unapproved.stdout).toContain(
      `shared: node ${TEST_SERVER} - ⚠ Not approved yet (the REPL asks at start-up; not started)`,
    );
    // Nothing was started: the server writes its log only when it runs.
    await expect(readFile(join(stateDir, "logs", "mcp-shared.log"), "utf8")).rejects.toThrow();

    await recordMcpApproval(stateDir, dir, "shared", true);
    const approved = await keel(["mcp", "list"]);
    expect(approved.stdout).toContain(`shared: node ${TEST_SERVER} - ✓ Connected`);
    const { run, results } = await sessionUsingEcho("shared");
    expect(run.code).toBe(0);
    expect(JSON.stringify(results)).toContain("echo: ping");

    await recordMcpApproval(stateDir, dir, "shared", false);
    const rejected = await keel(["mcp", "list"]);
    expect(rejected.stdout).toContain(
      `shared: node ${TEST_SERVER} - ✗ Rejected in this project's MCP choices (not started)`,
    );
  });

  it("lists each server's state: connected, failed, invalid, and an http server", async () => {
    await keel(["mcp", "add", "good", "--", "node", TEST_SERVER]);
    await keel(["mcp", "add", "dies", "--", "node", "-e", "process.exit(3)"]);
    await keel(["mcp", "add", "-t", "http", "remote", "http://127.0.0.1:9/mcp"]);
    const file = (await readJson(keelFile())) as { mcpServers?: Record<string, unknown> };
    file.mcpServers = { broken: { type: "http" } };
    await writeFile(keelFile(), JSON.stringify(file));
    const listed = await keel(["mcp", "list"]);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.split("\n");
    expect(lines).toContain(`good: node ${TEST_SERVER} - ✓ Connected`);
    expect(lines).toContain("dies: node -e process.exit(3) - ✗ Failed to connect");
    expect(lines).toContain("remote: http://127.0.0.1:9/mcp (HTTP) - ✗ Failed to connect");
    expect(lines.find((l) => l.startsWith("broken: ✗ Invalid config:"))).toContain(
      'MCP server "broken" is invalid',
    );
  });
});

describe("keel mcp get, add-json and remove", { timeout: SLOW }, () => {
  it("get shows where a server is declared, how it runs and whether it connects", async () => {
    await keel(["mcp", "add", "-e", "GREETING=hi", "tester", "--", "node", TEST_SERVER]);
    const shown = await keel(["mcp", "get", "tester"]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(
      [
        "tester:",
        "  Status: ✓ Connected",
        "  Scope: Local config (private to you in this project)",
        `  File: ${keelFile()} (projects["${dir}"])`,
        "  Type: stdio",
        "  Command: node",
        `  Args: ${TEST_SERVER}`,
        "  Environment:",
        "    GREETING=hi",
        "",
        'To remove this server, run: keel mcp remove "tester" -s local',
        "",
      ].join("\n"),
    );
    const missing = await keel(["mcp", "get", "nobody"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('keel: No MCP server found with name: "nobody"\n');
  });

  it("add-json writes the entry as given (keys keel does not use stay) and it is usable", async () => {
    const json = JSON.stringify({ command: "node", args: [TEST_SERVER], timeout: 5000 });
    const added = await keel(["mcp", "add-json", "-s", "user", "fromjson", json]);
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Added stdio MCP server fromjson");
    expect(await readJson(keelFile())).toEqual({
      mcpServers: { fromjson: { command: "node", args: [TEST_SERVER], timeout: 5000 } },
    });
    const { run, results } = await sessionUsingEcho("fromjson");
    expect(run.code).toBe(0);
    expect(JSON.stringify(results)).toContain("echo: ping");
  });

  it("remove takes a server out of the one scope that has it; a name in two scopes needs -s", async () => {
    await keel(["mcp", "add", "tester", "--", "node", TEST_SERVER]);
    await keel(["mcp", "add", "-s", "user", "tester", "--", "node", TEST_SERVER]);
    await keel(["mcp", "add", "-s", "project", "other", "--", "node", TEST_SERVER]);
    const ambiguous = await keel(["mcp", "remove", "tester"]);
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toContain(
      'MCP server "tester" exists in several scopes (local, user)',
    );
    const removed = await keel(["mcp", "remove", "tester", "-s", "user"]);
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(
      `Removed MCP server tester from user config\nFile modified: ${keelFile()}\n`,
    );
    expect((await keel(["mcp", "remove", "tester"])).code).toBe(0);
    expect((await keel(["mcp", "remove", "other"])).stdout).toContain("from project config");
    expect(await readJson(join(dir, ".mcp.json"))).toEqual({ mcpServers: {} });
    const gone = await keel(["mcp", "remove", "tester"]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe('keel: No MCP server found with name: "tester"\n');
  });

  it("remove leaves Claude Code's ~/.claude.json alone and says where the server is", async () => {
    const claudeJson = join(home, ".claude.json");
    const text = JSON.stringify({
      mcpServers: { theirs: { command: "node", args: [TEST_SERVER] } },
    });
    await writeFile(claudeJson, text);
    const refused = await keel(["mcp", "remove", "theirs"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `keel: MCP server "theirs" is declared in ${claudeJson}, which keel reads but does not change: edit it there\n`,
    );
    expect(await readFile(claudeJson, "utf8")).toBe(text);
  });
});

describe("keel mcp with bad input: one clear error, exit 1, nothing written", () => {
  it.each([
    [
      ["add", "-s", "team", "x", "node"],
      "argument 'team' is invalid. Allowed choices are local, project, user",
    ],
    [
      ["add", "-t", "ws", "x", "node"],
      "argument 'ws' is invalid. Allowed choices are stdio, sse, http",
    ],
    [["add", "bad name", "node"], 'invalid server name "bad name"'],
    [
      ["add", "-e", "NOVALUE", "x", "node"],
      'invalid environment variable "NOVALUE": expected KEY=value',
    ],
    [["add", "-t", "http", "-H", "nocolon", "x", "http://h/"], 'invalid header "nocolon"'],
    [["add", "x", "--"], "give the command or URL after --"],
    [["add-json", "x", '{"command": '], 'invalid JSON for server "x"'],
    [["add-json", "x", '{"type": "http"}'], 'invalid MCP server config for "x"'],
    [["add-json", "-s", "everywhere", "x", "{}"], "argument 'everywhere' is invalid"],
    [["remove", "-s", "nowhere", "x"], "argument 'nowhere' is invalid"],
    [["serve"], "mcp serve is not available in keel"],
  ])("keel mcp %j", async (args, message) => {
    const run = await keel(["mcp", ...args]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe("");
    await expect(readFile(keelFile(), "utf8")).rejects.toThrow();
  });

  it("a name the scope already has is refused and the first entry stays", async () => {
    await keel(["mcp", "add", "tester", "--", "node", TEST_SERVER]);
    const before = await readFile(keelFile(), "utf8");
    const again = await keel(["mcp", "add", "tester", "--", "node", "other.js"]);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("keel: MCP server tester already exists in local config\n");
    expect(await readFile(keelFile(), "utf8")).toBe(before);
  });

  it("a .mcp.json that does not parse is left as it is", async () => {
    await writeFile(join(dir, ".mcp.json"), "{ not json");
    const run = await keel(["mcp", "add", "-s", "project", "x", "--", "node", TEST_SERVER]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${join(dir, ".mcp.json")}: not valid JSON`);
    expect(await readFile(join(dir, ".mcp.json"), "utf8")).toBe("{ not json");
  });
});

describe("words that are not subcommands", () => {
  it("keel tasks -p is a prompt, not a subcommand", async () => {
    const model = await scriptedServer({ turns: [{ content: "No tasks here." }] });
    const run = await keel(["tasks", "-p"], anthropicEnv(model));
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("No tasks here.\n");
    expect(JSON.stringify(model.requests[0]?.body)).toContain("tasks");
    expect(model.violations).toEqual([]);
  });
});
