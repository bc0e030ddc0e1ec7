import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SDKMessage, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import {
  collect,
  keelOptions,
  loadAgentSdk,
  resultsOf,
  userMessage,
  useSdkSandbox,
} from "./sdk-harness.js";

const sandbox = useSdkSandbox();

/** A prompt stream the test feeds by hand; `end()` closes it. */
function promptStream() {
  const queued: SDKUserMessage[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const stream: AsyncIterable<SDKUserMessage> = {
    async *[Symbol.asyncIterator]() {
      while (true) {
        const next = queued.shift();
        if (next) {
          yield next;
          continue;
        }
        if (ended) return;
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
  const poke = () => {
    wake?.();
    wake = undefined;
  };
  return {
    stream,
    send: (text: string) => {
      queued.push(userMessage(text));
      poke();
    },
    end: () => {
      ended = true;
      poke();
    },
  };
}

describe("the Agent SDK drives keel with streaming input", () => {
  it("interrupts a turn mid-request: that turn ends error_during_execution, the next one succeeds", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({
      // The interrupted turn leaves no assistant message, so its turn serves the third
      // question; only the first request for it is held (the fault happens once).
      turns: [
        { content: "first answer" },
        { content: "third answer", faults: [{ type: "stall", ms: 15_000 }] },
      ],
    });
    const input = promptStream();
    const q = query({ prompt: input.stream, options: keelOptions(sandbox(), server.url) });
    input.send("first question");
    const messages: SDKMessage[] = [];
    let inits = 0;
    let interrupted = false;
    for await (const message of q) {
      messages.push(message);
      if (message.type === "system" && message.subtype === "init") {
        inits += 1;
        if (inits === 2) {
          // The second turn's request is in flight (the server holds it): interrupt it.
          await q.interrupt();
          interrupted = true;
        }
      }
      if (message.type !== "result") continue;
      const count = resultsOf(messages).length;
      if (count === 1) input.send("second question");
      if (count === 2) input.send("third question");
      if (count === 3) input.end();
    }
    expect(interrupted).toBe(true);
    const results = resultsOf(messages);
    expect(results.map((r) => r.subtype)).toEqual(["success", "error_during_execution", "success"]);
    expect(results[1]?.is_error).toBe(true);
    expect(results[2]).toMatchObject({ result: "third answer" });
    expect(new Set(messages.map((m) => m.session_id)).size).toBe(1);
  });

  it("finishes the queued turn when stdin closes mid-turn, and exits 0", async () => {
    const { query } = await loadAgentSdk();
    const file = join(sandbox().cwd, "notes.txt");
    await writeFile(file, "draft\n");
    const server = await scriptedServer({
      turns: [
        {
          content: [{ type: "tool_use", name: "Read", input: { file_path: file } }],
          chunkDelayMs: 20,
        },
        {
          content: [
            {
              type: "tool_use",
              name: "Edit",
              input: { file_path: file, old_string: "draft", new_string: "final" },
            },
          ],
        },
        { content: "edited" },
      ],
    });
    async function* once() {
      yield userMessage("Edit notes.txt");
    }
    const run = await collect(
      query({
        prompt: once(),
        options: keelOptions(sandbox(), server.url, {
          permissionMode: "acceptEdits",
        }),
      }),
    );
    expect(run.error).toBeUndefined();
    expect(resultsOf(run.messages).map((r) => r.subtype)).toEqual(["success"]);
    expect(await readFile(file, "utf8")).toBe("final\n");
  });

  it("streams raw events with includePartialMessages, before the result, text deltas adding up", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Hello from the scripted model." }] });
    const run = await collect(
      query({
        prompt: "hi",
        options: keelOptions(sandbox(), server.url, { includePartialMessages: true }),
      }),
    );
    expect(run.error).toBeUndefined();
    const events = run.messages.filter((m) => m.type === "stream_event");
    const types = new Set(events.map((e) => (e.type === "stream_event" ? e.event.type : "")));
    for (const type of [
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]) {
      expect(types).toContain(type);
    }
    const text = events
      .map((e) =>
        e.type === "stream_event" &&
        e.event.type === "content_block_delta" &&
        e.event.delta.type === "text_delta"
          ? e.event.delta.text
          : "",
      )
      .join("");
    expect(text).toBe("Hello from the scripted model.");
    const resultAt = run.messages.findIndex((m) => m.type === "result");
    const lastEventAt = run.messages.map((m) => m.type).lastIndexOf("stream_event");
    expect(lastEventAt).toBeLessThan(resultAt);
    expect(run.messages.some((m) => m.type === "assistant")).toBe(true);
  });
});
