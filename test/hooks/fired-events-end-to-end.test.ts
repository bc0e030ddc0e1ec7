import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-hook-fired-");

/** Settings whose `event` hook saves its stdin to <event>.json and prints `stdout`. */
async function recordingHook(event: string, matcher: string, stdout = ""): Promise<void> {
  const path = await writeRecordingHook(project.dir, {
    file: `${project.dir}/$1.json`,
    after: `printf '%s' '${stdout}'`,
  });
  const hooks = {
    [event]: [{ matcher, hooks: [{ type: "command", command: `${path} ${event}` }] }],
  };
  await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
}

async function keel(scenario: unknown) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(["-p", "do it", "--output-format", "stream-json", "--verbose"], {
    cwd: project.dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir },
  });
  return { run, server, lines: jsonLines(run.stdout) };
}

describe("PostToolUseFailure", () => {
  it("fires after a call that failed, with its input field by field; its context reaches the model", async () => {
    const context = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PostToolUseFailure",
        additionalContext: "try ls first",
      },
    });
    await recordingHook("PostToolUseFailure", "Read", context);
    const missing = join(project.dir, "missing.txt");
    const { run, server, lines } = await keel({
      turns: [
        {
          content: [
            { type: "tool_use", id: "toolu_1", name: "Read", input: { file_path: missing } },
          ],
        },
        { content: "ok" },
      ],
    });
    expect(run.code).toBe(0);
    const sessionId = only(lines, "result").session_id;
    const input = JSON.parse(await readFile(join(project.dir, "PostToolUseFailure.json"), "utf8"));
    expectHookInput(input, {
      event: "PostToolUseFailure",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["tool_name", "tool_input", "tool_use_id", "error", "is_interrupt"],
    });
    expect(input.tool_name).toBe("Read");
    expect(input.tool_input).toEqual({ file_path: missing });
    expect(input.tool_use_id).toBe("toolu_1");
    expect(input.error).toContain("missing.txt");
    expect(input.is_interrupt).toBe(false);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("try ls first");
    expect(server.violations).toEqual([]);
  });

  it("does not fire for a call that succeeded", async () => {
    await recordingHook("PostToolUseFailure", "*");
    await writeFile(join(project.dir, "here.txt"), "hello");
    await keel({
      turns: [
        {
          content: [
            { type: "tool_use", name: "Read", input: { file_path: join(project.dir, "here.txt") } },
          ],
        },
        { content: "ok" },
      ],
    });
    await expect(readFile(join(project.dir, "PostToolUseFailure.json"), "utf8")).rejects.toThrow();
  });
});

async function recorded(event: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(project.dir, `${event}.json`), "utf8"));
}

describe("StopFailure", () => {
  it("fires when the turn ends on an API error, with the error's kind and text (matcher on the kind)", async () => {
    await recordingHook("StopFailure", "invalid_request");
    const { run, lines } = await keel({
      turns: [{ content: "never", faults: [{ type: "http_error", status: 400 }] }],
    });
    expect(run.code).toBe(1);
    const sessionId = only(lines, "result").session_id;
    const input = await recorded("StopFailure");
    expectHookInput(input, {
      event: "StopFailure",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["error", "error_details", "last_assistant_message"],
    });
    expect(input.error).toBe("invalid_request");
    expect(input.error_details).toMatch(/^API Error: /);
    expect(input.last_assistant_message).toBe(input.error_details);
  });

  it("does not fire for a turn that succeeded, nor for another kind than its matcher's", async () => {
    await recordingHook("StopFailure", "rate_limit");
    await keel({ turns: [{ content: "never", faults: [{ type: "http_error", status: 400 }] }] });
    await expect(readFile(join(project.dir, "StopFailure.json"), "utf8")).rejects.toThrow();
    await recordingHook("StopFailure", "*");
    await keel({ turns: [{ content: "fine" }] });
    await expect(readFile(join(project.dir, "StopFailure.json"), "utf8")).rejects.toThrow();
  });
});

describe("PermissionRequest", () => {
  const writeTurns = (file: string) => ({
    turns: [
      {
        content: [
          {
            type: "tool_use",
            id: "toolu_w",
            name: "Write",
            input: { file_path: file, content: "hi" },
          },
        ],
      },
      { content: "ok" },
    ],
  });

  it("fires where the call would ask (headless: before the denial), field by field; its allow runs the call", async () => {
    const allow = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } },
    });
    await recordingHook("PermissionRequest", "Write", allow);
    const file = join(project.dir, "out.txt");
    const { run, lines, server } = await keel(writeTurns(file));
    expect(run.code).toBe(0);
    const sessionId = only(lines, "result").session_id;
    const input = await recorded("PermissionRequest");
    expectHookInput(input, {
      event: "PermissionRequest",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["tool_name", "tool_input", "permission_suggestions"],
    });
    expect(input.tool_name).toBe("Write");
    expect(input.tool_input).toEqual({ file_path: file, content: "hi" });
    expect(input.permission_suggestions).toContainEqual(
      expect.objectContaining({ type: "addRules", behavior: "allow" }),
    );
    expect(await readFile(file, "utf8")).toBe("hi");
    expect(server.violations).toEqual([]);
  });

  it("its deny refuses the call with its message; no hook decision leaves the headless denial", async () => {
    const deny = JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PermissionRequest",
        decision: { behavior: "deny", message: "writes are reviewed first" },
      },
    });
    await recordingHook("PermissionRequest", "Write", deny);
    const file = join(project.dir, "out.txt");
    const denied = await keel(writeTurns(file));
    expect(JSON.stringify(denied.server.requests[1]?.body)).toContain("writes are reviewed first");
    await expect(readFile(file, "utf8")).rejects.toThrow();
    await recordingHook("PermissionRequest", "Write", "");
    const asked = await keel(writeTurns(file));
    expect(JSON.stringify(asked.server.requests[1]?.body)).toContain("--allowedTools");
    await expect(readFile(file, "utf8")).rejects.toThrow();
  });

  it("does not fire for a call that is allowed without asking", async () => {
    await recordingHook("PermissionRequest", "*");
    await writeFile(join(project.dir, "here.txt"), "hello");
    await keel({
      turns: [
        {
          content: [
            { type: "tool_use", name: "Read", input: { file_path: join(project.dir, "here.txt") } },
          ],
        },
        { content: "ok" },
      ],
    });
    await expect(readFile(join(project.dir, "PermissionRequest.json"), "utf8")).rejects.toThrow();
  });
});

describe("SubagentStart", () => {
  it("fires as a subagent starts, field by field (matcher on the agent type); its context reaches the subagent", async () => {
    await mkdir(join(project.dir, ".claude", "agents"), { recursive: true });
    await writeFile(
      join(project.dir, ".claude", "agents", "reviewer.md"),
      "---\nname: reviewer\ndescription: Reviews.\ntools: Read\n---\nYou review.\n",
    );
    const context = JSON.stringify({
      hookSpecificOutput: { hookEventName: "SubagentStart", additionalContext: "mind the tabs" },
    });
    await recordingHook("SubagentStart", "reviewer", context);
    const { run, lines, server } = await keel({
      turnMode: "count",
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Agent",
              input: {
                description: "Review",
                prompt: "Review it.",
                subagent_type: "reviewer",
                run_in_background: false,
              },
            },
          ],
        },
        { content: "Looks fine." },
        { content: "The reviewer says it looks fine." },
      ],
    });
    expect(run.code).toBe(0);
    const sessionId = only(lines, "result").session_id;
    const input = await recorded("SubagentStart");
    expectHookInput(input, {
      event: "SubagentStart",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["agent_id", "agent_type"],
    });
    expect(input.agent_type).toBe("reviewer");
    expect(input.agent_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("mind the tabs");
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain("mind the tabs");
    expect(server.violations).toEqual([]);
  });
});

describe("PostToolBatch", () => {
  const twoReads = () => ({
    turns: [
      {
        content: [
          {
            type: "tool_use",
            id: "toolu_a",
            name: "Read",
            input: { file_path: join(project.dir, "a.txt") },
          },
          {
            type: "tool_use",
            id: "toolu_b",
            name: "Read",
            input: { file_path: join(project.dir, "b.txt") },
          },
        ],
      },
      { content: "ok" },
    ],
  });

  it("fires once a round's calls all have results, with each call field by field; its context reaches the next request", async () => {
    await writeFile(join(project.dir, "a.txt"), "alpha");
    await writeFile(join(project.dir, "b.txt"), "beta");
    const context = JSON.stringify({
      hookSpecificOutput: { hookEventName: "PostToolBatch", additionalContext: "both read" },
    });
    await recordingHook("PostToolBatch", "", context);
    const { run, lines, server } = await keel(twoReads());
    expect(run.code).toBe(0);
    const sessionId = only(lines, "result").session_id;
    const input = await recorded("PostToolBatch");
    expectHookInput(input, {
      event: "PostToolBatch",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["tool_calls"],
    });
    const calls = input.tool_calls as Array<Record<string, unknown>>;
    expect(calls.map((c) => Object.keys(c).sort())).toEqual([
      ["tool_input", "tool_name", "tool_response", "tool_use_id"],
      ["tool_input", "tool_name", "tool_response", "tool_use_id"],
    ]);
    expect(calls.map((c) => [c.tool_name, c.tool_use_id, c.tool_input])).toEqual([
      ["Read", "toolu_a", { file_path: join(project.dir, "a.txt") }],
      ["Read", "toolu_b", { file_path: join(project.dir, "b.txt") }],
    ]);
    expect(JSON.stringify(calls[0]?.tool_response)).toContain("alpha");
    expect(JSON.stringify(calls[1]?.tool_response)).toContain("beta");
    expect(JSON.stringify(server.requests[1]?.body)).toContain("both read");
    expect(server.violations).toEqual([]);
  });

  it("exit 2 stops the turn before the next request", async () => {
    await writeFile(join(project.dir, "a.txt"), "alpha");
    await writeFile(join(project.dir, "b.txt"), "beta");
    const path = join(project.dir, "stop.sh");
    await writeFile(path, "#!/bin/sh\necho 'enough reading' >&2\nexit 2\n");
    await chmod(path, 0o755);
    const hooks = { PostToolBatch: [{ hooks: [{ type: "command", command: path }] }] };
    await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    const { lines, server } = await keel(twoReads());
    expect(server.requests).toHaveLength(1);
    expect(only(lines, "result").terminal_reason).toBe("hook_stopped");
  });
});

describe("SessionStart (compact) and PostCompact", () => {
  it("fire after an automatic compaction, field by field; SessionStart's context follows the summary", async () => {
    const path = await writeRecordingHook(project.dir, {
      file: `${project.dir}/$1-$2.json`,
      after: `printf '%s' "$3"`,
    });
    const hook = (event: string, matcher: string, stdout = "") => ({
      [event]: [
        {
          matcher,
          hooks: [{ type: "command", command: `${path} ${event} ${matcher} '${stdout}'` }],
        },
      ],
    });
    const hooks = {
      ...hook("SessionStart", "compact", "after the summary"),
      ...hook("PostCompact", "auto"),
    };
    await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
    await writeFile(join(project.dir, "a.txt"), "alpha");
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        {
          content: [
            { type: "tool_use", name: "Read", input: { file_path: join(project.dir, "a.txt") } },
          ],
          usage: { input_tokens: 170_000 },
        },
        { content: "done" },
      ],
      side: [{ match: { requestKind: "compact" }, content: "<summary>Read a.txt.</summary>" }],
    });
    const run = await runKeel(["-p", "read it", "--output-format", "stream-json", "--verbose"], {
      cwd: project.dir,
      env: {
        ...anthropicEnv(server),
        KEEL_CONFIG_DIR: project.stateDir,
        KEEL_CONTEXT_WINDOW: "200000",
      },
    });
    expect(run.code).toBe(0);
    expect(server.requests.map((r) => r.kind)).toEqual(["main", "compact", "main"]);
    const sessionId = only(jsonLines(run.stdout), "result").session_id;
    const started = await recorded("SessionStart-compact");
    expectHookInput(started, {
      event: "SessionStart",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["source"],
    });
    expect(started.source).toBe("compact");
    const post = await recorded("PostCompact-auto");
    expectHookInput(post, {
      event: "PostCompact",
      sessionId,
      cwd: project.dir,
      mode: "default",
      fields: ["trigger", "compact_summary"],
    });
    expect(post.trigger).toBe("auto");
    expect(post.compact_summary).toContain("Read a.txt.");
    const last = JSON.stringify(server.requests[2]?.body);
    expect(last).toContain("after the summary");
    expect(last.indexOf("Read a.txt.")).toBeLessThan(last.indexOf("after the summary"));
    expect(server.violations).toEqual([]);
  });
});

describe("InstructionsLoaded", () => {
  it("fires for each memory file loaded at session start, in order, field by field", async () => {
    const home = await mkdtemp(join(tmpdir(), "keel-hook-home-"));
    try {
      await mkdir(join(home, ".claude"));
      await writeFile(join(home, ".claude", "CLAUDE.md"), "Be brief.\n");
      await writeFile(join(project.dir, "CLAUDE.md"), "Use tabs.\n");
      const path = await writeRecordingHook(project.dir, {
        file: join(project.dir, "loaded.jsonl"),
        append: true,
      });
      const hooks = { InstructionsLoaded: [{ hooks: [{ type: "command", command: path }] }] };
      await writeFile(join(project.dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
      const server = await scriptedServer({ turns: [{ content: "ok" }] });
      const run = await runKeel(["-p", "hi", "--output-format", "stream-json", "--verbose"], {
        cwd: project.dir,
        env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir, HOME: home },
      });
      expect(run.code).toBe(0);
      const sessionId = only(jsonLines(run.stdout), "result").session_id;
      const inputs = await readJsonLines(join(project.dir, "loaded.jsonl"));
      expect(inputs.map((i) => [i.file_path, i.memory_type, i.load_reason])).toEqual([
        [join(home, ".claude", "CLAUDE.md"), "User", "session_start"],
        [join(project.dir, "CLAUDE.md"), "Project", "session_start"],
      ]);
      for (const input of inputs) {
        expectHookInput(input, {
          event: "InstructionsLoaded",
          sessionId,
          cwd: project.dir,
          mode: "default",
          fields: ["file_path", "memory_type", "load_reason"],
        });
      }
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });
});
