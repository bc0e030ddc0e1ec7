import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HOOK_EVENTS } from "../../src/hooks/events.js";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

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

  it("agent and mcp_tool hooks are accepted and said, one line each, not to run", async () => {
    await settings({
      hooks: {
        Stop: [
          {
            hooks: [
              { type: "agent", prompt: "verify" },
              { type: "mcp_tool", server: "s", tool: "t" },
            ],
          },
        ],
      },
    });
    const { run } = await keel({ turns: [{ content: "fine" }] });
    expect(run.code).toBe(0);
    const lines = run.stderr.split("\n").filter((l) => l.includes("not run by keel"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"agent" hooks');
    expect(lines[1]).toContain('"mcp_tool" hooks');
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
