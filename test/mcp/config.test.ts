// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are MCP config variables, not templates
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readMcpConfigValue, readMcpConfigValues } from "../../src/cli/mcp-config.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { expandVariables, readMcpConfigSources, resolveMcpServers } from "../../src/mcp/index.js";
import { tempFolder } from "./mcp-test-kit.js";

const stdio = (command: string) => ({ command });

describe("${VAR} expansion", () => {
  it("expands set variables, uses defaults for unset ones, and reports unset ones without a default", () => {
    const env = { HOST: "example.org", EMPTY: "" };
    expect(expandVariables("https://${HOST}/x", env)).toEqual({
      text: "https://example.org/x",
      missing: [],
    });
    expect(expandVariables("${PORT:-8080}", env)).toEqual({ text: "8080", missing: [] });
    expect(expandVariables("${EMPTY:-used}", env)).toEqual({ text: "", missing: [] });
    expect(expandVariables("${TOKEN}-${OTHER}", env)).toEqual({
      text: "${TOKEN}-${OTHER}",
      missing: ["TOKEN", "OTHER"],
    });
    expect(expandVariables("$HOST and ${ not a var }", env).text).toBe("$HOST and ${ not a var }");
  });

  it("expands command, args, env, url and headers of entries", () => {
    const env = { BIN: "/opt/bin", KEY: "k1", BASE: "https://api" };
    const { servers, errors } = resolveMcpServers(
      [
        {
          scope: "project",
          origin: "/p/.mcp.json",
          servers: {
            local: { command: "${BIN}/srv", args: ["--key=${KEY}"], env: { API_KEY: "${KEY}" } },
            remote: {
              type: "streamable-http",
              url: "${BASE}/mcp",
              headers: { A: "Bearer ${KEY}" },
            },
          },
        },
      ],
      env,
    );
    expect(errors).toEqual([]);
    expect(servers.map((s) => s.config)).toEqual([
      { type: "stdio", command: "/opt/bin/srv", args: ["--key=k1"], env: { API_KEY: "k1" } },
      { type: "http", url: "https://api/mcp", headers: { A: "Bearer k1" } },
    ]);
  });
});

describe("precedence and bad entries", () => {
  it("takes a name from the highest scope: dynamic > local > project > user", () => {
    const source = (scope: "dynamic" | "local" | "project" | "user", names: string[]) => ({
      scope,
      origin: scope,
      servers: Object.fromEntries(names.map((n) => [n, stdio(`${scope}-${n}`)])),
    });
    const { servers } = resolveMcpServers(
      [
        source("dynamic", ["a"]),
        source("user", ["a", "b", "c", "d"]),
        source("project", ["a", "b", "c"]),
        source("local", ["a", "b"]),
      ],
      {},
    );
    const commands = Object.fromEntries(
      servers.map((s) => [s.name, s.config.type === "stdio" ? s.config.command : ""]),
    );
    expect(commands).toEqual({ a: "dynamic-a", b: "local-b", c: "project-c", d: "user-d" });
  });

  it("within one scope a later source wins (keel's settings over ~/.claude.json)", () => {
    const { servers } = resolveMcpServers(
      [
        { scope: "user", origin: "~/.claude.json", servers: { a: stdio("from-claude-json") } },
        { scope: "user", origin: "settings", servers: { a: stdio("from-settings") } },
      ],
      {},
    );
    expect(servers[0]).toMatchObject({ origin: "settings", config: { command: "from-settings" } });
  });

  it("reports a bad entry naming the file and the server, and keeps the others", () => {
    const { servers, errors, warnings } = resolveMcpServers(
      [
        {
          scope: "project",
          origin: "/repo/.mcp.json",
          servers: {
            good: stdio("ok"),
            noCommand: { args: ["x"] },
            badType: { type: "websocket", url: "ws://x" },
            unsetVar: { type: "http", url: "${NOPE}/mcp" },
          },
        },
      ],
      {},
    );
    // An unset variable is left as written and the server kept, as Claude Code keeps it.
    expect(servers.map((s) => s.name)).toEqual(["good", "unsetVar"]);
    expect(servers[1]?.config).toEqual({ type: "http", url: "${NOPE}/mcp", headers: {} });
    expect(errors.map((e) => [e.origin, e.server])).toEqual([
      ["/repo/.mcp.json", "noCommand"],
      ["/repo/.mcp.json", "badType"],
    ]);
    expect(errors[0]!.message).toMatch(/^\/repo\/\.mcp\.json: MCP server "noCommand" is invalid: /);
    expect(warnings.map((w) => w.message)).toEqual([
      '/repo/.mcp.json: MCP server "unsetVar" uses unset environment variables: NOPE (left as written)',
    ]);
  });
});

describe("finding the configured servers", () => {
  async function layout() {
    const home = await tempFolder("keel-mcp-home-");
    const cwd = await tempFolder("keel-mcp-project-");
    await writeFile(
      join(home, ".claude.json"),
      JSON.stringify({
        mcpServers: { userOnly: stdio("u"), shared: stdio("user-shared") },
        projects: {
          [cwd]: { mcpServers: { shared: stdio("local-shared") } },
          "/elsewhere": { mcpServers: { other: stdio("x") } },
        },
      }),
    );
    await writeFile(
      join(cwd, ".mcp.json"),
      JSON.stringify({ mcpServers: { project: stdio("p"), shared: stdio("project-shared") } }),
    );
    return { home, cwd };
  }

  it("reads ~/.claude.json (user and this project's local servers), .mcp.json and settings", async () => {
    const { home, cwd } = await layout();
    const found = await readMcpConfigSources({
      home,
      cwd,
      settingsServers: { fromSettings: stdio("s") },
    });
    expect(found.notices).toEqual([]);
    const { servers } = resolveMcpServers(found.sources, {});
    const byName = Object.fromEntries(servers.map((s) => [s.name, s.scope]));
    expect(byName).toEqual({
      userOnly: "user",
      shared: "local",
      fromSettings: "user",
      project: "project",
    });
  });

  it("with --strict-mcp-config uses only the --mcp-config servers", async () => {
    const { home, cwd } = await layout();
    const dynamic = await readMcpConfigValues(['{"mcpServers":{"only":{"command":"o"}}}'], cwd);
    const found = await readMcpConfigSources({ home, cwd, dynamic, strict: true });
    expect(resolveMcpServers(found.sources, {}).servers.map((s) => s.name)).toEqual(["only"]);
  });

  it("names a file that is not valid JSON and still reads the others", async () => {
    const { home, cwd } = await layout();
    await writeFile(join(cwd, ".mcp.json"), "{ not json");
    const found = await readMcpConfigSources({ home, cwd });
    expect(found.notices).toHaveLength(1);
    expect(found.notices[0]).toContain(`${join(cwd, ".mcp.json")}: not valid JSON`);
    expect(resolveMcpServers(found.sources, {}).servers.map((s) => s.name)).toContain("userOnly");
  });
});

describe("--mcp-config values", () => {
  it("reads inline JSON and files relative to the working folder", async () => {
    const cwd = await tempFolder();
    await mkdir(join(cwd, "conf"));
    await writeFile(
      join(cwd, "conf", "mcp.json"),
      JSON.stringify({ mcpServers: { f: stdio("f") } }),
    );
    const [inline, file] = await readMcpConfigValues(
      ['  {"mcpServers":{"i":{"command":"i"}}}', "conf/mcp.json"],
      cwd,
    );
    expect(inline).toEqual({
      scope: "dynamic",
      origin: "--mcp-config (inline JSON)",
      servers: { i: { command: "i" } },
    });
    expect(file).toMatchObject({
      origin: join(cwd, "conf", "mcp.json"),
      servers: { f: { command: "f" } },
    });
  });

  it("refuses a value that cannot be read or is not JSON, as a usage error", async () => {
    const cwd = await tempFolder();
    await expect(readMcpConfigValue("missing.json", cwd)).rejects.toBeInstanceOf(UsageError);
    await expect(readMcpConfigValue("{oops", cwd)).rejects.toThrow(
      /--mcp-config \(inline JSON\): not valid JSON/,
    );
    await expect(readMcpConfigValue('{"mcpServers":[]}', cwd)).rejects.toBeInstanceOf(UsageError);
  });
});
