import { describe, expect, it } from "vitest";
import { replaceToolResults } from "../../src/context/tool-results.js";
import type { Message, UserMessage } from "../../src/protocol/messages.js";
import { historyBuilder } from "./histories.js";

/** A history of two rounds whose results carry the tool's own output, as the pipeline makes them. */
function rounds(): Message[] {
  const h = historyBuilder();
  return [
    h.user("start"),
    ...h.round("Bash", { command: "a" }, "output a"),
    ...h.round("Bash", { command: "b" }, "output b"),
  ].map((m) =>
    m.type === "user" && typeof m.message.content !== "string"
      ? { ...m, toolUseResult: { stdout: "raw" } }
      : m,
  );
}

const answers = (messages: readonly Message[]) =>
  messages.filter((m): m is UserMessage => m.type === "user" && "toolUseResult" in m);

describe("replaceToolResults", () => {
  it("rewrites only the messages whose results it replaces, keeping uuids, order and the tool's output", () => {
    const history = rounds();
    const out = replaceToolResults(history, new Map([["toolu_1", "[cleared]"]]));
    expect(out.map((m) => m.uuid)).toEqual(history.map((m) => m.uuid));
    const changed = out.filter((m, i) => m !== history[i]);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({
      type: "user",
      toolUseResult: { stdout: "raw" },
      message: { content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "[cleared]" }] },
    });
  });

  it("drops the tool's own output from what it rewrites when asked, and only there", () => {
    const history = rounds();
    const out = replaceToolResults(history, new Map([["toolu_1", "[cleared]"]]), {
      dropToolUseResult: true,
    });
    const [first, second] = answers(history).map((m) => out.find((o) => o.uuid === m.uuid));
    expect(first).not.toHaveProperty("toolUseResult");
    expect(second).toBe(answers(history)[1]);
  });

  it("returns the same array when nothing changes", () => {
    const history = rounds();
    expect(replaceToolResults(history, new Map())).toBe(history);
    expect(replaceToolResults(history, new Map([["toolu_9", "x"]]))).toBe(history);
  });
});
