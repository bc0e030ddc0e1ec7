import { existsSync } from "node:fs";
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { useHookProject } from "./hook-project.js";

const project = useHookProject("keel-hook-outputs-");

/** An MCP server whose `record` tool answers "recorded" (mcp__judge__record here). */
const MCP_SERVER = fileURLToPath(new URL("../fixtures/mcp/hook-server.mjs", import.meta.url));

/** A hook for `event` on tools matching `matcher` that prints `output` as its JSON. */
interface PrintingHook {
  event: string;
  matcher: string;
  output: unknown;
}

/** Writes the hooks into the project's settings (plus `settings`); each prints its output. */
async function printingHooks(hooks: PrintingHook[], settings: object = {}): Promise<void> {
  const config: Record<string, unknown[]> = {};
  for (const [i, hook] of hooks.entries()) {
    const path = join(project.dir, `hook-${i}.sh`);
    const json = JSON.stringify(hook.output).replaceAll("'", "'\\''");
    await writeFile(path, `#!/bin/sh\ncat > /dev/null\nprintf '%s' '${json}'\n`);
    await chmod(path, 0o755);
    config[hook.event] ??= [];
    config[hook.event]?.push({
      matcher: hook.matcher,
      hooks: [{ type: "command", command: path }],
    });
  }
  const file = join(project.dir, ".claude", "settings.json");
  await writeFile(file, JSON.stringify({ ...settings, hooks: config }));
}

async function keel(scenario: unknown, args: string[] = []) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "do it", ...args], {
    cwd: project.dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  return { run, server };
}

/** The tool_result blocks the model was sent in a request's body. */
function toolResults(body: unknown): Array<Record<string, unknown>> {
  const messages = (body as { messages: Array<{ content: unknown }> }).messages;
  return messages.flatMap((m) =>
    Array.isArray(m.content)
      ? (m.content as Array<Record<string, unknown>>).filter((b) => b.type === "tool_result")
      : [],
  );
}

const bashTurn = (command: string) => ({
  content: [{ type: "tool_use", id: "toolu_1", name: "Bash", input: { command } }],
});

describe("hookSpecificOutput naming another event", () => {
  it("is an error and none of the output applies, continue:false included", async () => {
    await printingHooks([
      {
        event: "PostToolUse",
        matcher: "Bash",
        output: {
          continue: false,
          stopReason: "stop here",
          hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: "ticket 42" },
        },
      },
    ]);
    const { run, server } = await keel({ turns: [bashTurn("echo hi"), { content: "done" }] });
    expect(run.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).not.toContain("ticket 42");
    expect(run.stderr).toContain('hookEventName is "PreToolUse", expected "PostToolUse"');
    expect(run.stdout).toContain("done");
  });
});

describe("PostToolUse updatedToolOutput / updatedMCPToolOutput", () => {
  it("a string replaces a built-in tool's output in what the model sees", async () => {
    await printingHooks([
      {
        event: "PostToolUse",
        matcher: "Bash",
        output: {
          hookSpecificOutput: { hookEventName: "PostToolUse", updatedToolOutput: "[redacted]" },
        },
      },
    ]);
    const { run, server } = await keel({
      turns: [bashTurn("echo secret-123"), { content: "done" }],
    });
    expect(run.code).toBe(0);
    const [result] = toolResults(server.requests[1]?.body);
    expect(result?.content).toBe("[redacted]");
  });

  it("an output of the tool's own shape is mapped as the tool's (the hook edits tool_response)", async () => {
    const path = join(project.dir, "redact.mjs");
    const redact = [
      'let raw = "";',
      "for await (const chunk of process.stdin) raw += chunk;",
      "const response = JSON.parse(raw).tool_response;",
      'response.stdout = response.stdout.replace("secret-123", "***");',
      "const hookSpecificOutput = { hookEventName: 'PostToolUse', updatedToolOutput: response };",
      "process.stdout.write(JSON.stringify({ hookSpecificOutput }));",
    ].join("\n");
    await writeFile(path, redact);
    const hooks = {
      PostToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: `${process.execPath} ${path}` }] },
      ],
    };
    await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const { server } = await keel({
      turns: [bashTurn("echo token secret-123 end"), { content: "done" }],
    });
    const [result] = toolResults(server.requests[1]?.body);
    expect(JSON.stringify(result?.content)).toContain("token *** end");
    expect(JSON.stringify(result?.content)).not.toContain("secret-123");
  });

  it("updatedMCPToolOutput replaces an MCP tool's output and leaves a built-in tool's alone", async () => {
    const output = {
      hookSpecificOutput: { hookEventName: "PostToolUse", updatedMCPToolOutput: "from the hook" },
    };
    await printingHooks([{ event: "PostToolUse", matcher: "*", output }]);
    const mcpConfig = {
      mcpServers: { judge: { command: process.execPath, args: [MCP_SERVER] } },
    };
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "tool_use", id: "toolu_1", name: "mcp__judge__record", input: {} },
            { type: "tool_use", id: "toolu_2", name: "Bash", input: { command: "echo plain" } },
          ],
        },
        { content: "done" },
      ],
    });
    const run = await runKeel(
      [
        "-p",
        "do it",
        "--mcp-config",
        JSON.stringify(mcpConfig),
        "--permission-mode",
        "bypassPermissions",
      ],
      {
        cwd: project.dir,
        env: {
          ...anthropicEnv(server),
          KEEL_CONFIG_DIR: project.stateDir,
          HOOK_RECORD: join(project.dir, "record.jsonl"),
        },
      },
    );
    expect(run.code).toBe(0);
    const results = toolResults(server.requests[1]?.body);
    expect(results.map((r) => r.tool_use_id)).toEqual(["toolu_1", "toolu_2"]);
    expect(JSON.stringify(results[0]?.content)).toContain("from the hook");
    expect(JSON.stringify(results[0]?.content)).not.toContain("recorded");
    expect(JSON.stringify(results[1]?.content)).toContain("plain");
  });
});

describe("PermissionRequest decision", () => {
  const turn = (id: string, name: string, input: object) => ({
    content: [{ type: "tool_use", id, name, input }],
  });

  it("an allow's updatedPermissions apply for the session: rules and the mode", async () => {
    // Answers the first ask only: later calls must pass on what it added.
    const path = join(project.dir, "allow-once.sh");
    const output = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PermissionRequest",
        decision: {
          behavior: "allow",
          updatedPermissions: [
            {
              type: "addRules",
              rules: [{ toolName: "Bash", ruleContent: "touch:*" }],
              behavior: "allow",
              destination: "session",
            },
            { type: "setMode", mode: "acceptEdits", destination: "session" },
          ],
        },
      },
    });
    const marker = join(project.dir, "answered");
    await writeFile(
      path,
      `#!/bin/sh\ncat > /dev/null\n[ -e "${marker}" ] && exit 0\ntouch "${marker}"\nprintf '%s' '${output}'\n`,
    );
    await chmod(path, 0o755);
    const hooks = {
      PermissionRequest: [{ matcher: "*", hooks: [{ type: "command", command: path }] }],
    };
    await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const { run, server } = await keel({
      turns: [
        turn("toolu_1", "Bash", { command: "touch a.txt" }),
        turn("toolu_2", "Bash", { command: "touch b.txt" }),
        turn("toolu_3", "Write", { file_path: join(project.dir, "c.txt"), content: "c" }),
        { content: "done" },
      ],
    });
    expect(run.code).toBe(0);
    const results = toolResults(server.requests[3]?.body);
    expect(results.map((r) => r.is_error ?? false)).toEqual([false, false, false]);
    expect(existsSync(join(project.dir, "b.txt"))).toBe(true);
    expect(existsSync(join(project.dir, "c.txt"))).toBe(true);
  });

  it("a deny's interrupt stops the turn as well as the call", async () => {
    const output = {
      hookSpecificOutput: {
        hookEventName: "PermissionRequest",
        decision: { behavior: "deny", message: "not today", interrupt: true },
      },
    };
    await printingHooks([{ event: "PermissionRequest", matcher: "Bash", output }]);
    const { server } = await keel({
      turns: [turn("toolu_1", "Bash", { command: "touch a.txt" }), { content: "done" }],
    });
    expect(server.requests).toHaveLength(1);
    expect(existsSync(join(project.dir, "a.txt"))).toBe(false);
  });
});

describe("Stop additionalContext", () => {
  it("reaches the model, which goes on working (once: the hook gives it once)", async () => {
    const path = join(project.dir, "stop-once.sh");
    const output = JSON.stringify({
      hookSpecificOutput: { hookEventName: "Stop", additionalContext: "also run the linter" },
    });
    const marker = join(project.dir, "said");
    await writeFile(
      path,
      `#!/bin/sh\ncat > /dev/null\n[ -e "${marker}" ] && exit 0\ntouch "${marker}"\nprintf '%s' '${output}'\n`,
    );
    await chmod(path, 0o755);
    const hooks = { Stop: [{ hooks: [{ type: "command", command: path }] }] };
    await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const { run, server } = await keel({ turns: [{ content: "first" }, { content: "linted" }] });
    expect(run.code).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).toContain(
      "Stop hook additional context: also run the linter",
    );
    expect(run.stdout).toContain("linted");
  });
});

describe("PostToolUse classifierContext", () => {
  const allow = JSON.stringify({ decision: "allow", reason: "asked for" });
  const writeTurn = () => ({
    content: [
      {
        type: "tool_use",
        id: "toolu_2",
        name: "Write",
        input: { file_path: join(project.dir, "out.txt"), content: "x" },
      },
    ],
  });

  /** keel -p in the auto mode: Bash, then Write; the classifier requests' bodies as text. */
  async function classified(): Promise<string[]> {
    const { run, server } = await keel(
      {
        side: [{ match: { requestKind: "auto_classifier" }, content: allow }],
        turns: [bashTurn("touch a.txt"), writeTurn(), { content: "done" }],
      },
      ["--permission-mode", "auto"],
    );
    expect(run.code).toBe(0);
    const kinds = server.requests.map((r) => r.headers["x-keel-request-kind"]);
    return server.requests
      .filter((_, i) => kinds[i] === "auto_classifier")
      .map((r) => JSON.stringify(r.body));
  }

  it("an assertion made with a rewrite goes when a later hook's rewrite wins", async () => {
    const hook = (rewrite: string, note: string) => ({
      event: "PostToolUse",
      matcher: "Bash",
      output: {
        hookSpecificOutput: {
          hookEventName: "PostToolUse",
          updatedToolOutput: rewrite,
          classifierContext: note,
        },
      },
    });
    await printingHooks([hook("first", "note of the first"), hook("second", "note of the second")]);
    const bodies = await classified();
    expect(bodies[1]).toContain("note of the second");
    expect(bodies[1]).not.toContain("note of the first");
  });

  it("reaches the auto mode's classifier with the call's id, never the model", async () => {
    const note = "the person said: touch and write files as needed";
    const output = {
      hookSpecificOutput: { hookEventName: "PostToolUse", classifierContext: note },
    };
    await printingHooks([{ event: "PostToolUse", matcher: "Bash", output }]);
    const allow = JSON.stringify({ decision: "allow", reason: "asked for" });
    const { run, server } = await keel(
      {
        side: [{ match: { requestKind: "auto_classifier" }, content: allow }],
        turns: [
          bashTurn("touch a.txt"),
          {
            content: [
              {
                type: "tool_use",
                id: "toolu_2",
                name: "Write",
                input: { file_path: join(project.dir, "out.txt"), content: "x" },
              },
            ],
          },
          { content: "done" },
        ],
      },
      ["--permission-mode", "auto"],
    );
    expect(run.code).toBe(0);
    const kinds = server.requests.map((r) => r.headers["x-keel-request-kind"]);
    const classifier = server.requests.filter((_, i) => kinds[i] === "auto_classifier");
    expect(classifier).toHaveLength(2);
    expect(JSON.stringify(classifier[0]?.body)).not.toContain(note);
    expect(JSON.stringify(classifier[1]?.body)).toContain(
      `<host_context tool_use_id=\\"toolu_1\\">\\n${note}`,
    );
    const main = server.requests.filter((_, i) => kinds[i] === "main");
    for (const request of main) expect(JSON.stringify(request.body)).not.toContain(note);
  });
});
