import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { displayedMessages } from "../../src/cli/displayed-messages.js";
import type { DisplayFlush } from "../../src/hooks/message-display.js";
import type { SdkMessage } from "../../src/session/sdk-messages.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import { expectHookInput, readJsonLines, useHookProject } from "./hook-project.js";

const project = useHookProject("keel-hook-display-");

const base = { parent_tool_use_id: null, session_id: "s", uuid: "u" };
const delta = (text: string) =>
  ({
    ...base,
    type: "stream_event",
    event: { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } },
  }) as SdkMessage;
const blockStart = {
  ...base,
  type: "stream_event",
  event: { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
} as SdkMessage;
const answer = (text: string) =>
  ({
    ...base,
    type: "assistant",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "m",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    },
  }) as SdkMessage;

async function* messages(...items: SdkMessage[]): AsyncGenerator<SdkMessage> {
  yield* items;
}

describe("MessageDisplay: streamed text goes out in whole lines, shown as the hooks say", () => {
  it("flushes completed lines while streaming and the rest as the final flush; the screen gets the hooks' text", async () => {
    const flushes: Array<DisplayFlush & { messageId: string }> = [];
    const shown: SdkMessage[] = [];
    const stream = messages(
      blockStart,
      delta("hel"),
      delta("lo\nwor"),
      delta("ld\nand"),
      delta(" more"),
      answer("hello\nworld\nand more"),
    );
    for await (const message of displayedMessages(stream, async (flush, ids) => {
      flushes.push({ ...flush, messageId: ids.messageId });
      return `[${flush.delta.toUpperCase()}]`;
    })) {
      shown.push(message);
    }
    expect(flushes.map(({ index, final, delta: d }) => ({ index, final, delta: d }))).toEqual([
      { index: 0, final: false, delta: "hello\n" },
      { index: 1, final: false, delta: "world\n" },
      { index: 2, final: true, delta: "and more" },
    ]);
    expect(new Set(flushes.map((f) => f.messageId)).size).toBe(1);
    const streamed = shown.flatMap((m) =>
      m.type === "stream_event" &&
      m.event.type === "content_block_delta" &&
      m.event.delta.type === "text_delta"
        ? [m.event.delta.text]
        : [],
    );
    expect(streamed).toEqual(["[HELLO\n]", "[WORLD\n]"]);
    const last = shown.at(-1);
    expect(last?.type === "assistant" && last.message.content).toEqual([
      { type: "text", text: "[HELLO\n][WORLD\n][AND MORE]" },
    ]);
  });
});

/** A MessageDisplay hook (node) that logs its input and shows the delta upper-cased. */
async function upperCaseHook(): Promise<string> {
  const { dir } = project;
  const script = join(dir, "display.mjs");
  await writeFile(
    script,
    `import { appendFileSync, readFileSync } from "node:fs";
const input = JSON.parse(readFileSync(0, "utf8"));
appendFileSync(${JSON.stringify(join(dir, "display.jsonl"))}, JSON.stringify(input) + "\\n");
process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "MessageDisplay", displayContent: input.delta.toUpperCase() } }));
`,
  );
  const command = `"${process.execPath}" "${script}"`;
  const hooks = { MessageDisplay: [{ hooks: [{ type: "command", command }] }] };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
  return script;
}

describe("MessageDisplay in keel -p", () => {
  it("text output shows the answer as the hook says (one final flush); json output is untouched", async () => {
    await upperCaseHook();
    const server = await scriptedServer({
      turnMode: "count",
      turns: [{ content: "hello there\nsecond line" }, { content: "plain data" }],
    });
    const env = { ...anthropicEnv(server), KEEL_CONFIG_DIR: project.stateDir };
    const text = await runKeel(["-p", "hi"], { cwd: project.dir, env });
    expect(text.code).toBe(0);
    expect(text.stdout).toBe("HELLO THERE\nSECOND LINE\n");
    const [input, ...rest] = await readJsonLines(join(project.dir, "display.jsonl"));
    expect(rest).toEqual([]);
    expectHookInput(input!, {
      event: "MessageDisplay",
      cwd: project.dir,
      fields: ["turn_id", "message_id", "index", "final", "delta"],
    });
    expect(input).toMatchObject({ index: 0, final: true, delta: "hello there\nsecond line" });
    const json = await runKeel(["-p", "hi", "--output-format", "json"], { cwd: project.dir, env });
    expect(JSON.parse(json.stdout).result).toBe("plain data");
    expect(server.violations).toEqual([]);
  });
});
