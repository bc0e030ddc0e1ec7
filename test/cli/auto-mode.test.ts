import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-auto-mode-")));
  await mkdir(join(dir, ".claude"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A model that writes out.txt, with the classifier answering as the side rule says. */
function scenario(classifier: Record<string, unknown>) {
  return {
    side: [{ match: { requestKind: "auto_classifier" }, ...classifier }],
    turns: [
      {
        content: [
          {
            type: "tool_use",
            id: "toolu_w",
            name: "Write",
            input: { file_path: "out.txt", content: "written\n" },
          },
        ],
      },
      { content: "Done." },
    ],
  };
}

const verdict = (decision: string, reason: string) => ({
  content: JSON.stringify({ decision, reason }),
  usage: { input_tokens: 1000, output_tokens: 100 },
});

interface Result {
  is_error: boolean;
  total_cost_usd: number;
  modelUsage: Record<string, unknown>;
  permission_denials: unknown[];
}

/** keel -p in the auto mode; the result, the tool result the model got, and the server. */
async function runAuto(classifier: Record<string, unknown>, env: Record<string, string> = {}) {
  const server = await scriptedServer(scenario(classifier));
  const run = await runKeel(
    ["-p", "write out.txt", "--permission-mode", "auto", "--output-format", "json"],
    { cwd: dir, env: { ...anthropicEnv(server), KEEL_RETRY_BASE_MS: "1", ...env } },
  );
  expect(server.violations).toEqual([]);
  const kinds = server.requests.map((r) => r.headers["x-keel-request-kind"]);
  const second = server.requests.find((_, i) => i > 0 && kinds[i] === "main");
  if (!second) throw new Error(`no second main request; kinds: ${kinds.join(", ")}`);
  const messages = (second.body as { messages: { content: unknown }[] }).messages;
  const toolResult = JSON.stringify(messages.at(-1)?.content);
  return { run, result: JSON.parse(run.stdout) as Result, toolResult, kinds, server };
}

const written = () => existsSync(join(dir, "out.txt"));

describe("the auto permission mode (a scripted classifier: only the plumbing is tested)", () => {
  it("allow: the call that would ask runs, its reason is kept, and the classifier's cost counts", async () => {
    const state = join(dir, "state");
    const { run, result, kinds } = await runAuto(verdict("allow", "the person asked for it"), {
      KEEL_CONFIG_DIR: state,
    });
    expect(run.code).toBe(0);
    expect(written()).toBe(true);
    // The transcript keeps why the Write was allowed, with its result.
    const projects = join(state, "projects");
    const [folder = ""] = await readdir(projects);
    const file = (await readdir(join(projects, folder))).find((f) => f.endsWith(".jsonl")) ?? "";
    const writeResult = (await readFile(join(projects, folder, file), "utf8"))
      .split("\n")
      .find((line) => line.includes('"tool_use_id":"toolu_w"'));
    expect(JSON.parse(writeResult ?? "{}").allowReason).toEqual({
      type: "classifier",
      reason: "The auto mode allowed it: the person asked for it",
    });
    expect(kinds).toEqual(["main", "auto_classifier", "main"]);
    expect(Object.keys(result.modelUsage)).toContain("claude-haiku-4-5");
    // 1000 input and 100 output tokens of claude-haiku-4-5 at $1 / $5 per million.
    expect(result.total_cost_usd).toBeGreaterThanOrEqual(0.0015);
  });

  it("deny: nothing is written, the model gets the reason, PermissionDenied hooks fire", async () => {
    const hookOut = join(dir, "denied.json");
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({
        hooks: {
          PermissionDenied: [
            { matcher: "Write", hooks: [{ type: "command", command: `cat > '${hookOut}'` }] },
          ],
        },
      }),
    );
    const { run, result, toolResult } = await runAuto(verdict("deny", "it was not asked for"));
    expect(run.code).toBe(0);
    expect(written()).toBe(false);
    expect(toolResult).toContain("The auto mode's classifier denied Write: it was not asked for");
    expect(result.permission_denials).toHaveLength(1);
    const input = JSON.parse(await readFile(hookOut, "utf8")) as Record<string, unknown>;
    expect(input).toMatchObject({
      hook_event_name: "PermissionDenied",
      tool_name: "Write",
      tool_input: { file_path: "out.txt", content: "written\n" },
      tool_use_id: "toolu_w",
      reason: "it was not asked for",
      permission_mode: "auto",
    });
  });

  it("deny: a PermissionDenied hook's retry tells the model it may try again; the denial stands", async () => {
    const output = { hookSpecificOutput: { hookEventName: "PermissionDenied", retry: true } };
    const command = `cat > /dev/null; printf '%s' '${JSON.stringify(output)}'`;
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({
        hooks: { PermissionDenied: [{ matcher: "Write", hooks: [{ type: "command", command }] }] },
      }),
    );
    const { toolResult } = await runAuto(verdict("deny", "it was not asked for"));
    expect(written()).toBe(false);
    expect(toolResult).toContain("The auto mode's classifier denied Write: it was not asked for");
    expect(toolResult).toContain(
      "The PermissionDenied hook indicated this command is now approved. You may retry it if you would like.",
    );
  });

  it("ask: with no one to ask in print mode, the call is denied as any ask is", async () => {
    const { result, toolResult } = await runAuto(verdict("ask", "a person should decide"));
    expect(written()).toBe(false);
    expect(toolResult).toContain("keel is running headless");
    expect(toolResult).toContain(
      "The auto mode's classifier asks a person: a person should decide",
    );
    expect(result.permission_denials).toHaveLength(1);
  });

  it("a classifier that fails or answers nonsense falls back to asking", async () => {
    const failing = await runAuto({
      content: "unused",
      faults: [{ type: "http_error", status: 500, times: 10 }],
    });
    expect(written()).toBe(false);
    expect(failing.toolResult).toContain("could not judge it");
    expect(failing.toolResult).toContain("keel is running headless");
    const nonsense = await runAuto({ content: "I think it is fine." });
    expect(written()).toBe(false);
    expect(nonsense.toolResult).toContain("its answer is not a verdict");
  });

  it("a classifier slower than KEEL_AUTO_CLASSIFIER_TIMEOUT_MS falls back to asking", async () => {
    const { toolResult } = await runAuto(
      { ...verdict("allow", "too late"), chunkDelayMs: 30_000 },
      { KEEL_AUTO_CLASSIFIER_TIMEOUT_MS: "200" },
    );
    expect(written()).toBe(false);
    expect(toolResult).toContain("no answer within 200 ms");
  });

  it("deny rules and safety checks win: the classifier is never asked", async () => {
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { deny: ["Write(out.txt)"] } }),
    );
    const denied = await runAuto(verdict("allow", "would allow"));
    expect(written()).toBe(false);
    expect(denied.kinds).not.toContain("auto_classifier");
    await writeFile(join(dir, ".claude", "settings.json"), "{}");
    const server = await scriptedServer({
      ...scenario(verdict("allow", "would allow")),
      turns: [
        {
          content: [
            {
              type: "tool_use",
              id: "toolu_s",
              name: "Write",
              input: { file_path: ".git/hooks/pre-commit", content: "x" },
            },
          ],
        },
        { content: "Done." },
      ],
    });
    await runKeel(["-p", "go", "--permission-mode", "auto"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(existsSync(join(dir, ".git", "hooks", "pre-commit"))).toBe(false);
    expect(server.requests.map((r) => r.headers["x-keel-request-kind"])).not.toContain(
      "auto_classifier",
    );
  });

  it("defaultMode auto in the settings starts the session in it", async () => {
    await writeFile(
      join(dir, ".claude", "settings.json"),
      JSON.stringify({ permissions: { defaultMode: "auto" } }),
    );
    const server = await scriptedServer(scenario(verdict("allow", "fine")));
    const run = await runKeel(["-p", "write out.txt"], { cwd: dir, env: anthropicEnv(server) });
    expect(run.stderr).toBe("");
    expect(written()).toBe(true);
  });
});
