import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOOK_EVENTS } from "../../src/hooks/events.js";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const HOOK_MCP_SERVER = fileURLToPath(new URL("../fixtures/mcp/hook-server.mjs", import.meta.url));
let dir: string;
let stateDir: string;
let http: Server | undefined;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-hook-types-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await new Promise<void>((resolve) => (http ? http.close(() => resolve()) : resolve()));
  http = undefined;
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

async function settings(value: unknown): Promise<void> {
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify(value));
}

async function script(name: string, body: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

/** A hook endpoint on 127.0.0.1 that records each request and answers with `answer`. */
async function hookServer(answer: (body: unknown) => { status: number; body: string } | "hang") {
  const seen: Array<{ body: unknown; headers: IncomingMessage["headers"] }> = [];
  http = createServer((req, res) => {
    let text = "";
    req.setEncoding("utf8").on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => {
      const body: unknown = JSON.parse(text);
      seen.push({ body, headers: req.headers });
      const reply = answer(body);
      if (reply === "hang") return;
      res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => http?.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, seen };
}

async function keel(scenario: unknown, env: Record<string, string> = {}) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "do it", "--output-format", "stream-json", "--verbose"], {
    cwd: dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir, ...env },
  });
  return { run, server, lines: jsonLines(run.stdout) };
}

function toolResultTexts(lines: SdkMessage[]): string[] {
  return lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .flatMap((b) => (b.type === "tool_result" ? [JSON.stringify(b.content)] : []));
}

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});
const echoTurns = { turns: [bash("echo ran-the-tool"), { content: "ok" }] };
const preToolUse = (hook: unknown) => ({
  permissions: { allow: ["Bash(echo:*)"] },
  hooks: { PreToolUse: [{ matcher: "Bash", hooks: [hook] }] },
});

describe("every Claude Code hook event is known", () => {
  it("a settings file with a hook for each of the 34 events loads and the turn runs", async () => {
    expect(HOOK_EVENTS).toHaveLength(34);
    const hooks = Object.fromEntries(
      HOOK_EVENTS.map((event) => [event, [{ hooks: [{ type: "command", command: "true" }] }]]),
    );
    await settings({ hooks });
    const { run, server } = await keel({ turns: [{ content: "fine" }] });
    expect(run.stderr).not.toMatch(/hook|unknown|no effect/i);
    expect(run.code).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("an unknown event name is reported and skipped; a malformed hook stops keel", async () => {
    await settings({ hooks: { PreTooluse: [{ hooks: [{ type: "command", command: "true" }] }] } });
    const skipped = await keel({ turns: [{ content: "fine" }] });
    expect(skipped.run.code).toBe(0);
    expect(skipped.run.stderr).toContain('hooks.PreTooluse: unknown hook event "PreTooluse"');
    await settings({ hooks: { Stop: [{ hooks: [{ type: "command", command: "" }] }] } });
    const stopped = await keel({ turns: [{ content: "never" }] });
    expect(stopped.run.code).toBe(1);
    expect(stopped.run.stderr).toContain("hooks.Stop[0].hooks[0].command");
    expect(stopped.server.requests).toHaveLength(0);
  });
});

describe("command hooks run by /bin/sh", () => {
  it("allow: exit 0 with permissionDecision allow lets a call no rule allows run", async () => {
    const hook = await script(
      "allow.sh",
      'cat > /dev/null; echo \'{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}\'',
    );
    await settings({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: hook }] }] },
    });
    const { lines } = await keel({ turns: [bash("touch made.txt"), { content: "ok" }] });
    expect(toolResultTexts(lines)[0]).not.toContain("denied");
  });

  it("block: exit 2 denies the call with its stderr", async () => {
    const hook = await script("block.sh", 'cat > /dev/null; echo "blocked by sh" >&2; exit 2');
    await settings(preToolUse({ type: "command", command: hook }));
    const { lines } = await keel(echoTurns);
    expect(toolResultTexts(lines)[0]).toContain("blocked by sh");
  });

  it("times out: a hook past its timeout is stopped, reported, and the call goes on", async () => {
    await settings(preToolUse({ type: "command", command: "sleep 30", timeout: 1 }));
    const { run, lines } = await keel(echoTurns);
    expect(run.stderr).toContain("PreToolUse:Bash hook error: [sleep 30] timed out after 1 s");
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
  });

  it("runs its command with /bin/sh, not bash", async () => {
    const hook = 'cat > /dev/null; ls -l /proc/$$/exe | sed "s/.*-> //" >&2; exit 2';
    await settings(preToolUse({ type: "command", command: hook }));
    const { lines } = await keel(echoTurns);
    const shell = await realpath("/bin/sh");
    expect(toolResultTexts(lines)[0]).toContain(shell);
  });

  it("`if` runs the hook only for calls its rule matches; `once` runs it once", async () => {
    const block = await script("deny.sh", 'cat > /dev/null; echo "no rm" >&2; exit 2');
    const count = await script("count.sh", `cat > /dev/null; echo x >> "${dir}/count"`);
    await settings({
      permissions: { allow: ["Bash(echo:*)"] },
      hooks: {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: block, if: "Bash(echo rm*)" },
              { type: "command", command: count, once: true },
            ],
          },
        ],
      },
    });
    const { lines } = await keel({
      turns: [bash("echo fine"), bash("echo rm -rf x"), { content: "ok" }],
    });
    const [first, second] = toolResultTexts(lines);
    expect(first).toContain("fine");
    expect(second).toContain("no rm");
    const { readFile } = await import("node:fs/promises");
    expect(await readFile(join(dir, "count"), "utf8")).toBe("x\n");
  });
});

describe("http hooks", () => {
  it("POSTs the input JSON with allowed header variables; a deny answer blocks", async () => {
    const endpoint = await hookServer(() => ({
      status: 200,
      body: JSON.stringify({
        hookSpecificOutput: {
          hookEventName: "PreToolUse",
          permissionDecision: "deny",
          permissionDecisionReason: "the http hook says no",
        },
      }),
    }));
    await settings({
      ...preToolUse({
        type: "http",
        url: endpoint.url,
        headers: { authorization: "Bearer $HOOK_TOKEN", "x-other": "[$SECRET]" },
        allowedEnvVars: ["HOOK_TOKEN"],
      }),
    });
    const { lines } = await keel(echoTurns, { HOOK_TOKEN: "t0k", SECRET: "hidden" });
    expect(toolResultTexts(lines)[0]).toContain("the http hook says no");
    expect(endpoint.seen).toHaveLength(1);
    expect(endpoint.seen[0]?.headers.authorization).toBe("Bearer t0k");
    expect(endpoint.seen[0]?.headers["x-other"]).toBe("[]");
    expect(endpoint.seen[0]?.body).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "echo ran-the-tool" },
      cwd: dir,
    });
  });

  it("allows: an empty 2xx answer lets the call run", async () => {
    const endpoint = await hookServer(() => ({ status: 200, body: "{}" }));
    await settings(preToolUse({ type: "http", url: endpoint.url }));
    const { lines } = await keel(echoTurns);
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
    expect(endpoint.seen).toHaveLength(1);
  });

  it("times out: a server that never answers is reported and the call goes on", async () => {
    const endpoint = await hookServer(() => "hang");
    await settings(preToolUse({ type: "http", url: endpoint.url, timeout: 1 }));
    const { run, lines } = await keel(echoTurns);
    expect(run.stderr).toContain(`[${endpoint.url}] timed out after 1 s`);
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
  });

  it("refuses a URL outside allowedHttpHookUrls: the server sees no request", async () => {
    const endpoint = await hookServer(() => ({ status: 200, body: "{}" }));
    await settings({
      ...preToolUse({ type: "http", url: endpoint.url }),
      allowedHttpHookUrls: ["https://hooks.example.com/*"],
    });
    const { run, lines } = await keel(echoTurns);
    expect(endpoint.seen).toHaveLength(0);
    expect(run.stderr).toContain(
      `refused: ${endpoint.url} matches none of allowedHttpHookUrls (https://hooks.example.com/*)`,
    );
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
  });
});

describe("prompt hooks (the small model decides, a hook_prompt side request)", () => {
  const hookPrompt = (answer: string, extra: Record<string, unknown> = {}) => ({
    turns: [bash("echo ran-the-tool"), { content: "ok" }],
    side: [{ match: { requestKind: "hook_prompt" }, content: answer, ...extra }],
  });
  const promptHook = { type: "prompt", prompt: "Is this safe? $ARGUMENTS", continueOnBlock: true };

  it("allows on ok true, and the side request carries the input", async () => {
    await settings(preToolUse(promptHook));
    const { lines, server } = await keel(hookPrompt('{"ok": true}'));
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
    const side = server.requests.filter((r) => r.headers["x-keel-request-kind"] === "hook_prompt");
    expect(side).toHaveLength(1);
    expect(JSON.stringify(side[0]?.body)).toContain("Is this safe?");
    expect(JSON.stringify(side[0]?.body)).toContain("echo ran-the-tool");
    expect(JSON.stringify(side[0]?.body)).toContain("claude-haiku-4-5");
  });

  it("blocks on ok false with its reason", async () => {
    await settings(preToolUse(promptHook));
    const { lines } = await keel(hookPrompt('{"ok": false, "reason": "too risky"}'));
    expect(toolResultTexts(lines)[0]).toContain("too risky");
  });

  it("times out: a model slower than the hook's timeout is reported and the call goes on", async () => {
    await settings(preToolUse({ ...promptHook, timeout: 1 }));
    const { run, lines } = await keel(hookPrompt('{"ok": false}', { chunkDelayMs: 5000 }));
    expect(run.stderr).toContain("timed out after 1 s");
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
  });
});

describe("agent hooks (a read-only subagent decides)", () => {
  const agentHook = { type: "agent", prompt: "Is this command safe? $ARGUMENTS" };
  const withAgent = (turns: unknown[], extra: Record<string, unknown> = {}) => ({
    ...echoTurns,
    agents: { "hook-agent": { turns, ...extra } },
  });
  const read = (file: string) => ({
    content: [{ type: "tool_use", name: "Read", input: { file_path: join(dir, file) } }],
  });

  it("allows on ok true; the subagent gets the prompt with the input, and its own tools", async () => {
    await writeFile(join(dir, "policy.txt"), "echo is fine\n");
    // The subagent's own Read fires no hooks (a Read hook would leave its mark).
    const mark = await script("mark.sh", `cat > /dev/null; touch "${dir}/read-hook-ran"`);
    const readHook = { matcher: "Read", hooks: [{ type: "command", command: mark }] };
    const base = preToolUse(agentHook);
    await settings({ ...base, hooks: { PreToolUse: [...base.hooks.PreToolUse, readHook] } });
    const { lines, server } = await keel(
      withAgent([read("policy.txt"), { content: '{"ok": true}' }]),
    );
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
    const asked = server.requests.filter((r) => r.headers["x-keel-agent"] === "hook-agent");
    expect(asked).toHaveLength(2);
    const first = JSON.stringify(asked[0]?.body);
    expect(first).toContain("Is this command safe?");
    expect(first).toContain("echo ran-the-tool");
    expect(first).toContain("claude-haiku-4-5");
    const body = (asked[0]?.body ?? {}) as { tools?: Array<{ name: string }> };
    const tools = body.tools ?? [];
    expect(tools.map((t) => t.name).sort()).toEqual(["Glob", "Grep", "Read"]);
    expect(JSON.stringify(asked[1]?.body)).toContain("echo is fine");
    expect(existsSync(join(dir, "read-hook-ran"))).toBe(false);
    expect(server.violations).toEqual([]);
  });

  it("blocks on ok false with its reason", async () => {
    await settings(preToolUse(agentHook));
    const { lines } = await keel(withAgent([{ content: '{"ok": false, "reason": "not echo"}' }]));
    expect(toolResultTexts(lines)[0]).toContain("not echo");
    expect(toolResultTexts(lines)[0]).not.toContain("ran-the-tool");
  });

  it("times out: a subagent slower than the hook's timeout is reported and the call goes on", async () => {
    await settings(preToolUse({ ...agentHook, timeout: 1 }));
    const { run, lines } = await keel(
      withAgent([{ content: '{"ok": false}' }], { latencyMs: 5000 }),
    );
    expect(run.stderr).toContain("timed out after 1 s");
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
  });
});

describe("mcp_tool hooks (a connected MCP server's tool decides)", () => {
  const mcpEnv = () => ({
    HOOK_RECORD: join(dir, "record.jsonl"),
  });
  async function withServer(hook: Record<string, unknown>) {
    await settings({
      ...preToolUse({ type: "mcp_tool", server: "judge", ...hook }),
      mcpServers: { judge: { command: process.execPath, args: [HOOK_MCP_SERVER] } },
    });
  }
  // A placeholder of the hook's own syntax, not a template string.
  const judge = { tool: "judge", input: { command: ["$", "{tool_input.command}"].join("") } };

  it("allows: an empty answer lets the call run", async () => {
    await withServer(judge);
    const { lines, run } = await keel(echoTurns, mcpEnv());
    expect(run.code).toBe(0);
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
  });

  it("blocks: a deny answer refuses the call with its reason (input interpolated)", async () => {
    await withServer(judge);
    const { lines } = await keel({ turns: [bash("echo forbidden"), { content: "ok" }] }, mcpEnv());
    expect(toolResultTexts(lines)[0]).toContain("the MCP judge refuses: echo forbidden");
  });

  it("times out: a tool that never answers is reported and the call goes on", async () => {
    await withServer({ ...judge, timeout: 1 });
    const { run, lines } = await keel({ turns: [bash("echo slow"), { content: "ok" }] }, mcpEnv());
    expect(run.stderr).toContain("[mcp_tool: judge/judge] timed out after 1 s");
    expect(toolResultTexts(lines)[0]).toContain("slow");
  });

  it("without `input` the tool gets the hook's input; an unknown server is reported", async () => {
    await withServer({ tool: "record" });
    const { lines } = await keel(echoTurns, mcpEnv());
    expect(toolResultTexts(lines)[0]).toContain("ran-the-tool");
    const { readFile } = await import("node:fs/promises");
    const got = JSON.parse(await readFile(join(dir, "record.jsonl"), "utf8"));
    expect(got).toMatchObject({
      hook_event_name: "PreToolUse",
      tool_name: "Bash",
      tool_input: { command: "echo ran-the-tool" },
      cwd: dir,
    });
    await settings(preToolUse({ type: "mcp_tool", server: "nowhere", tool: "judge" }));
    const missing = await keel(echoTurns);
    expect(missing.run.stderr).toContain('MCP server "nowhere" is not configured');
    expect(toolResultTexts(missing.lines)[0]).toContain("ran-the-tool");
  });
});
