import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliSessionInputs } from "../../src/cli/cli-session-types.js";
import type { CliIo } from "../../src/cli/io.js";
import { withMainAgent } from "../../src/cli/main-agent-option.js";
import type { CliOptions } from "../../src/cli/options.js";
import type { PrintModel } from "../../src/cli/print-model.js";
import { loadSessionPolicy } from "../../src/cli/session-policy.js";
import { openSessionStore } from "../../src/cli/session-store.js";
import { createSessionToolset, type SessionToolset } from "../../src/cli/session-toolset.js";
import type { AgentDefinition } from "../../src/config/agent-definition.js";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { createHeadlessCanUseTool } from "../../src/policy/headless.js";

const WIDE_SERVER = fileURLToPath(
  new URL("../fixtures/session-toolset/wide-mcp-server.mjs", import.meta.url),
);

let dir: string;
let state: string;
const toolsets: SessionToolset[] = [];

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-toolset-agent-")));
  state = await mkdtemp(join(tmpdir(), "keel-toolset-agent-state-"));
});

afterEach(async () => {
  await Promise.all(toolsets.splice(0).map((toolset) => toolset.dispose()));
  await rm(dir, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

const base: CliOptions = {
  print: true,
  outputFormat: "stream-json",
  inputFormat: "text",
  verbose: false,
  permissionMode: "default",
  mcpConfig: [],
  strictMcpConfig: true,
  pluginDir: [],
  pluginDirNoMcp: [],
  allowedTools: [],
  disallowedTools: [],
  addDir: [],
  continue: false,
  forkSession: false,
  sessionPersistence: false,
  includePartialMessages: false,
  prompt: "",
};

/** A main-thread agent defined nowhere on disk: only the options carry it. */
function agent(fields: Partial<AgentDefinition>): AgentDefinition {
  return {
    name: "glossarist",
    description: "Looks words up.",
    prompt: "You look words up.",
    source: { kind: "sdk" },
    ...fields,
  };
}

/** A model the toolset never calls: the inputs of a session need one. */
const model: PrintModel = {
  provider: createScriptedProvider(parseScenario({ turns: [] }, "toolset")),
  model: "claude-sonnet-5",
  maxOutputTokens: 8_000,
  apiKeySource: "none",
  retry: {},
  maxToolUseConcurrency: 10,
};

/** The wide server (its tool is deferred) as an --mcp-config value. */
const wideServerConfig = JSON.stringify({
  mcpServers: { wide: { command: process.execPath, args: [WIDE_SERVER] } },
});

async function toolNames(options: CliOptions, stderr = new PassThrough()): Promise<string[]> {
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr,
    env: { HOME: dir, KEEL_CONFIG_DIR: state },
    cwd: dir,
    signal: new AbortController().signal,
  };
  const sessionId = "0b6f2a9e-3c4d-4e5f-8a7b-9c0d1e2f3a4b";
  const warnings: string[] = [];
  const warn = (text: string) => void warnings.push(text);
  const roots = { home: dir, stateDir: state, cwd: dir };
  const policy = await loadSessionPolicy(options, roots, warn);
  const store = await openSessionStore({
    stateDir: state,
    cwd: dir,
    sessionId,
    persist: false,
    history: [],
    onError: (error) => {
      throw error;
    },
  });
  const inputs: CliSessionInputs = {
    options,
    io,
    model,
    sessionId,
    history: [],
    resumed: false,
    store,
    stateDir: state,
    policy,
    canUseTool: createHeadlessCanUseTool,
    warn,
  };
  const toolset = await createSessionToolset(inputs, io.env);
  toolsets.push(toolset);
  // A machine without bubblewrap says so at start: not this test's business.
  expect(warnings.filter((w) => !w.startsWith("no sandbox here"))).toEqual([]);
  return toolset.refreshTools().map((tool) => tool.name);
}

describe("the tools of a main thread that runs as an agent", () => {
  it("filters by the agent the options carry, without looking its name up again", async () => {
    const names = await toolNames({ ...base, mainAgent: agent({ tools: ["Read", "Grep"] }) });
    expect(names).toEqual(["Read", "Grep"]);
  });

  it("keeps ToolSearch when an MCP tool the agent may use is deferred", async () => {
    const names = await toolNames({
      ...base,
      mcpConfig: [wideServerConfig],
      mainAgent: agent({ tools: ["Read", "mcp__wide"] }),
    });
    expect(names).toEqual(["Read", "mcp__wide__lookup", "ToolSearch"]);
  });

  it("drops ToolSearch when no deferred tool is allowed, or the agent disallows it", async () => {
    const withoutMcp = await toolNames({
      ...base,
      mcpConfig: [wideServerConfig],
      mainAgent: agent({ tools: ["Read"] }),
    });
    expect(withoutMcp).toEqual(["Read"]);
    const disallowed = await toolNames({
      ...base,
      mcpConfig: [wideServerConfig],
      mainAgent: agent({ tools: ["Read", "mcp__wide"], disallowedTools: ["ToolSearch"] }),
    });
    expect(disallowed).toEqual(["Read", "mcp__wide__lookup"]);
  });

  it("offers every tool, ToolSearch included, without an agent", async () => {
    const names = await toolNames({ ...base, mcpConfig: [wideServerConfig] });
    expect(names).toContain("Bash");
    expect(names.slice(-2)).toEqual(["mcp__wide__lookup", "ToolSearch"]);
  });
});

describe("the agent a session's main thread runs as", () => {
  it("is resolved once, with the options, and carried to the tool set", async () => {
    await mkdir(join(dir, ".claude", "agents"), { recursive: true });
    const file = join(dir, ".claude", "agents", "reader.md");
    await writeFile(file, "---\nname: reader\ndescription: Reads.\ntools: Read\n---\nRead.\n");
    const io = { cwd: dir, env: { HOME: dir } };
    const options = await withMainAgent(base, "reader", io, join(dir, ".keel"));
    expect(options.mainAgent).toMatchObject({ name: "reader", source: { path: file } });
    // The file is gone before the tool set is made: it filters by what the options carry.
    await rm(file);
    expect(await toolNames(options)).toEqual(["Read"]);
  });

  it("loads an agent file with a bad maxTurns, saying the field is ignored", async () => {
    await mkdir(join(dir, ".claude", "agents"), { recursive: true });
    const file = join(dir, ".claude", "agents", "slow.md");
    await writeFile(file, '---\nname: slow\ndescription: Slow.\nmaxTurns: "5"\n---\nSlow.\n');
    const stderr = new PassThrough();
    const options = await withMainAgent(
      base,
      "slow",
      { cwd: dir, env: { HOME: dir } },
      join(dir, ".keel"),
    );
    await toolNames(options, stderr);
    expect(String(stderr.read())).toBe(
      `keel: agent file ${file}: maxTurns: must be a number (the field is ignored)\n`,
    );
  });
});
