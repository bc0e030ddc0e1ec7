import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { allowReasonOf } from "../../src/policy/allow-reason.js";
import { runKeel } from "../helpers/run-keel.js";
import { scriptedServer } from "../helpers/scripted.js";

/**
 * Why each allowed call was allowed is kept: in the transcript, on the call's tool result
 * (`allowReason`), and in the debug log's permission line; the types are Claude Code's
 * `decision_reason_type` names.
 */
describe("the reason an allow records", () => {
  it("names the classifier for the auto mode, the mode for others, and keeps the engine's sentence", () => {
    const auto = allowReasonOf({
      behavior: "allow",
      reason: { type: "mode", mode: "auto" },
      message: "The auto mode allowed it: reads only",
    });
    expect(auto).toEqual({ type: "classifier", reason: "The auto mode allowed it: reads only" });
    const bypass = allowReasonOf({
      behavior: "allow",
      reason: { type: "mode", mode: "bypassPermissions" },
      message: "bypassPermissions allows every call",
    });
    expect(bypass.type).toBe("mode");
    const sandbox = allowReasonOf({ behavior: "allow", reason: { type: "sandbox" }, message: "x" });
    expect(sandbox.type).toBe("sandboxOverride");
  });
});

interface ResultEntry {
  type: string;
  message?: { content?: string | Array<{ type: string; tool_use_id?: string }> };
  allowReason?: { type: string; reason: string };
}

describe("allow reasons in keel -p's transcript and debug log", () => {
  let home: string;
  let cwd: string;

  beforeEach(async () => {
    home = await mkdtemp(join(tmpdir(), "keel-allow-reasons-"));
    cwd = join(home, "work");
    await mkdir(join(home, ".claude"), { recursive: true });
    await mkdir(cwd);
    // A user-level PreToolUse hook that allows Write.
    const hook = `echo '${JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        permissionDecisionReason: "the hook trusts writes here",
      },
    })}'`;
    await writeFile(
      join(home, ".claude", "settings.json"),
      JSON.stringify({
        hooks: { PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: hook }] }] },
      }),
    );
  });

  afterEach(async () => {
    await rm(home, { recursive: true, force: true });
  });

  it("a rule's, a hook's and the working folder's allow are each recorded with their call", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              id: "toolu_rule",
              name: "Bash",
              input: { command: "touch made.txt" },
            },
            { type: "tool_use", id: "toolu_read", name: "Glob", input: { pattern: "*.txt" } },
            {
              type: "tool_use",
              id: "toolu_hook",
              name: "Write",
              input: { file_path: join(cwd, "note.txt"), content: "hi" },
            },
          ],
        },
        { content: "Done." },
      ],
    });
    const debugFile = join(home, "debug.txt");
    const run = await runKeel(
      ["-p", "go", "--allowedTools", "Bash(touch:*)", "--debug-file", debugFile],
      {
        cwd,
        env: {
          HOME: home,
          KEEL_CONFIG_DIR: join(home, ".keel"),
          ANTHROPIC_BASE_URL: server.url,
          ANTHROPIC_API_KEY: "test-key",
        },
      },
    );
    expect(run.code).toBe(0);
    const projects = join(home, ".keel", "projects");
    const [folder] = await readdir(projects);
    const file = (await readdir(join(projects, folder ?? ""))).find((f) => f.endsWith(".jsonl"));
    const entries = (await readFile(join(projects, folder ?? "", file ?? ""), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ResultEntry);
    const reasonFor = (id: string) =>
      entries.find(
        (e) =>
          Array.isArray(e.message?.content) && e.message.content.some((b) => b.tool_use_id === id),
      )?.allowReason;
    expect(reasonFor("toolu_rule")).toMatchObject({ type: "rule" });
    expect(reasonFor("toolu_rule")?.reason).toContain("Bash(touch:*)");
    expect(reasonFor("toolu_read")).toMatchObject({ type: "other" });
    expect(reasonFor("toolu_hook")).toMatchObject({ type: "hook" });
    const log = await readFile(debugFile, "utf8");
    expect(log).toMatch(/Bash allow \(rule: .*Bash\(touch:\*\)/);
    expect(log).toMatch(/Write allow \(hook: /);
  });
});
