import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-e2e-"));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
  await mkdir(join(dir, "src"));
  await writeFile(
    join(dir, "src", "a.ts"),
    "export const a = 1;\n// TODO: fix the greeting\nexport const greeting = 'helo';\n",
  );
  await writeFile(join(dir, "src", "b.ts"), "export const b = 2;\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

const toolUse = (name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  name,
  input,
});

async function keel(scenario: unknown, args: string[] = []) {
  const server = await scriptedServer(scenario);
  const run = await runKeel(
    ["-p", "fix the first TODO", "--output-format", "stream-json", "--verbose", ...args],
    {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
    },
  );
  return { run, server, lines: jsonLines(run.stdout) };
}

function toolResults(lines: SdkMessage[]) {
  return lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .filter((b) => b.type === "tool_result");
}

describe("keel -p runs the agent loop end to end (validator on)", () => {
  it("does a multi-tool task: find, search, read, edit, answer", async () => {
    const { run, server, lines } = await keel(
      {
        turns: [
          {
            content: [
              { type: "text", text: "Let me look." },
              toolUse("Glob", { pattern: "src/**/*.ts" }),
            ],
          },
          { content: [toolUse("Grep", { pattern: "TODO", output_mode: "content" })] },
          { content: [toolUse("Read", { file_path: "src/a.ts" })] },
          {
            content: [
              toolUse("Edit", {
                file_path: "src/a.ts",
                old_string: "'helo'",
                new_string: "'hello'",
              }),
            ],
          },
          { content: "Fixed the greeting in src/a.ts." },
        ],
      },
      ["--permission-mode", "acceptEdits"],
    );
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(await readFile(join(dir, "src", "a.ts"), "utf8")).toContain("'hello'");
    const results = toolResults(lines);
    expect(results).toHaveLength(4);
    expect(results.every((r) => !r.is_error)).toBe(true);
    expect(only(lines, "result")).toMatchObject({
      is_error: false,
      result: "Fixed the greeting in src/a.ts.",
      num_turns: 5,
    });
    expect(run.stderr).toMatch(/continue next_turn/);
  });

  it("runs a parallel batch and reports every result in the model's order", async () => {
    const { run, server, lines } = await keel({
      turns: [
        {
          content: [
            toolUse("Read", { file_path: "src/a.ts" }),
            toolUse("Read", { file_path: "src/b.ts" }),
            toolUse("Glob", { pattern: "**/*.ts" }),
            toolUse("Grep", { pattern: "export", output_mode: "count" }),
          ],
        },
        { content: "Read both." },
      ],
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    const second = server.requests[1]!.body as {
      messages: Array<{ role: string; content: Array<{ type: string; tool_use_id?: string }> }>;
    };
    const calls = (second.messages[1]!.content as Array<{ type: string; id?: string }>).map(
      (b) => b.id,
    );
    const answered = second.messages[2]!.content.map((b) => b.tool_use_id);
    expect(answered).toEqual(calls);
    expect(toolResults(lines).map((r) => r.is_error ?? false)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("answers a bad tool input with an error the model can act on, and goes on", async () => {
    const { run, server, lines } = await keel({
      turns: [
        { content: [toolUse("Read", { path: "src/a.ts" })] },
        { content: [toolUse("Read", { file_path: "src/a.ts" })] },
        { content: "Got it on the second try." },
      ],
    });
    expect(server.violations).toEqual([]);
    const [bad, good] = toolResults(lines);
    expect(bad).toMatchObject({ is_error: true });
    expect(JSON.stringify(bad!.content)).toMatch(/InputValidationError.*file_path/s);
    expect(good!.is_error ?? false).toBe(false);
    expect(run.code).toBe(0);
  });

  it("denies an edit in default mode headless, telling the model which flag would allow it", async () => {
    const { run, server, lines } = await keel({
      turns: [
        { content: [toolUse("Read", { file_path: "src/b.ts" })] },
        { content: [toolUse("Edit", { file_path: "src/b.ts", old_string: "2", new_string: "3" })] },
        { content: "I was not allowed to edit." },
      ],
    });
    expect(server.violations).toEqual([]);
    const denied = toolResults(lines)[1]!;
    expect(denied.is_error).toBe(true);
    expect(JSON.stringify(denied.content)).toMatch(/--permission-mode acceptEdits/);
    expect(await readFile(join(dir, "src", "b.ts"), "utf8")).toBe("export const b = 2;\n");
    expect(only(lines, "result").permission_denials).toHaveLength(1);
    expect(run.code).toBe(0);
  });

  it("survives a max-tokens storm: three recoveries, then an error result", async () => {
    const cut = { type: "max_tokens", afterBlocks: 0 };
    const turn = (text: string) => ({ content: text, faults: [cut] });
    const { run, server, lines } = await keel(
      { turns: [turn("one"), turn("two"), turn("three"), turn("four"), { content: "never" }] },
      ["--model", "test-model"],
    );
    expect(server.violations).toEqual([]);
    expect(server.requests).toHaveLength(4);
    expect(run.stderr.match(/max_output_tokens_recovery/g)).toHaveLength(3);
    expect(only(lines, "result")).toMatchObject({ is_error: true });
    expect(run.code).toBe(1);
  });

  it("rides out a fault storm: overloads, error events, cut connections, a 500", async () => {
    const { run, server, lines } = await keel({
      turns: [
        {
          content: [{ type: "text", text: "Reading." }, toolUse("Read", { file_path: "src/b.ts" })],
          faults: [
            { type: "http_error", status: 529, times: 2 },
            { type: "error_event", afterBlocks: 0 },
            { type: "disconnect", afterBlocks: 0, midBlock: true },
          ],
        },
        { content: "Survived.", faults: [{ type: "http_error", status: 500 }] },
      ],
    });
    expect(server.violations).toEqual([]);
    expect(lines.filter((l) => l.type === "system" && l.subtype === "api_retry")).toHaveLength(5);
    expect(only(lines, "result")).toMatchObject({ is_error: false, result: "Survived." });
    expect(run.code).toBe(0);
  });

  it("keeps the completed blocks of a stream cut after a tool call, runs it once, and continues", async () => {
    const { run, server, lines } = await keel({
      turns: [
        {
          content: [
            toolUse("Read", { file_path: "src/b.ts" }),
            { type: "text", text: "This text is cut off halfway through." },
          ],
          faults: [{ type: "disconnect", afterBlocks: 1, midBlock: true }],
        },
        { content: "Continued after the cut." },
      ],
    });
    expect(server.violations).toEqual([]);
    expect(toolResults(lines)).toHaveLength(1);
    const second = JSON.stringify(server.requests[1]!.body);
    expect(second).toContain("cut off mid-stream");
    expect(second).not.toContain("halfway");
    expect(only(lines, "result")).toMatchObject({
      is_error: false,
      result: "Continued after the cut.",
    });
    expect(run.code).toBe(0);
  });

  it("ends with error_max_turns when --max-turns is reached", async () => {
    const call = { content: [toolUse("Glob", { pattern: "*.ts" })] };
    const { run, lines } = await keel({ turns: [call, call, call] }, ["--max-turns", "1"]);
    expect(only(lines, "result")).toMatchObject({
      subtype: "error_max_turns",
      is_error: true,
      terminal_reason: "max_turns",
      errors: ["Reached maximum number of turns (1)"],
    });
    expect(run.code).toBe(1);
  });
});
