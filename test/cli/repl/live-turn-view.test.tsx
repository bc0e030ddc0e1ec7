import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { DisplaySettingsContext } from "../../../src/cli/repl/render/display-settings.js";
import { formatTokens, Spinner } from "../../../src/cli/repl/spinner.js";
import { ToolView } from "../../../src/cli/repl/tool-view.js";
import { TranscriptItemView } from "../../../src/cli/repl/transcript-item-view.js";
import {
  applyProgress,
  applySdkMessage,
  EMPTY_VIEW,
  type ThinkingItem,
  type TranscriptView,
} from "../../../src/cli/repl/transcript-model.js";
import type { SdkMessage } from "../../../src/session/sdk-messages.js";
import { assistantMessage, resultMessage, toolResultMessage } from "./sdk-builders.js";

const CWD = "/project";
const ESC = String.fromCharCode(27);

function fold(...messages: SdkMessage[]): TranscriptView {
  return messages.reduce((view, message) => applySdkMessage(view, message, CWD), EMPTY_VIEW);
}

const running = fold(
  assistantMessage("a1", [
    { type: "tool_use", id: "t1", name: "Bash", input: { command: "npm test" } },
  ]),
);

const bashProgress = (output: string, elapsedMs = 3_200) => ({
  type: "bash_progress",
  elapsedMs,
  outputChars: output.length,
  output,
});

function frameOf(view: TranscriptView): string {
  const tool = view.running[0] ?? view.done[0];
  if (tool?.kind !== "tool") throw new Error("no tool call in the view");
  const app = render(<ToolView tool={tool} />);
  const frame = app.lastFrame() ?? "";
  app.unmount();
  return frame;
}

describe("a running Bash call's live output", () => {
  it("shows the last five lines of its output and how long it has run", () => {
    const output = ["one", "two", "three", "four", "five", "six", "seven", ""].join("\n");
    const frame = frameOf(applyProgress(running, "t1", bashProgress(output)));
    expect(frame).toContain("Bash(npm test) running… 3s");
    const shown = ["three", "four", "five", "six", "seven"].map((line) => frame.indexOf(line));
    expect(shown.every((at) => at > 0)).toBe(true);
    expect([...shown].sort((a, b) => a - b)).toEqual(shown);
    expect(frame).not.toMatch(/\btwo\b/);
  });

  it("keeps what a carriage return redrew last, and drops escape sequences", () => {
    const output = `downloading 10%\rdownloading 90%\r${ESC}[32mdownloading done${ESC}[0m\n`;
    const frame = frameOf(applyProgress(running, "t1", bashProgress(output)));
    expect(frame).toContain("⎿ downloading done");
    expect(frame).not.toContain("10%");
    expect(frame).not.toContain(ESC);
  });

  it("ignores reports that are not Bash progress, and reports for calls not running", () => {
    expect(applyProgress(running, "t1", { type: "agent_progress", message: {} })).toBe(running);
    expect(applyProgress(running, "t1", { type: "bash_progress", output: 12 })).toBe(running);
    expect(applyProgress(running, "other", bashProgress("x"))).toBe(running);
  });

  it("shows the result instead of the live output once the call ends", () => {
    const progressed = applyProgress(running, "t1", bashProgress("partial line\n"));
    const ended = applySdkMessage(
      progressed,
      toolResultMessage("u1", [{ type: "tool_result", tool_use_id: "t1", content: "all passed" }]),
      CWD,
    );
    const frame = frameOf(ended);
    expect(frame).toContain("⎿ all passed");
    expect(frame).not.toContain("partial line");
    expect(frame).not.toContain("running");
  });
});

describe("thinking on screen", () => {
  const thinking: ThinkingItem = {
    kind: "thinking",
    id: "a1:0",
    text: "The user wants the failing test fixed first.",
    redacted: false,
  };

  function frame(item: ThinkingItem, verbose: boolean): string {
    const app = render(
      <DisplaySettingsContext.Provider value={{ color: false, verbose }}>
        <TranscriptItemView item={item} />
      </DisplaySettingsContext.Provider>,
    );
    const text = app.lastFrame() ?? "";
    app.unmount();
    return text;
  }

  it("is one collapsed line with its length, never its text", () => {
    const shown = frame(thinking, false);
    expect(shown).toContain("✻ Thinking… (44 chars)");
    expect(shown).not.toContain("failing test");
  });

  it("shows its text under the line with --verbose", () => {
    const shown = frame(thinking, true);
    expect(shown).toContain("✻ Thinking… (44 chars)");
    expect(shown).toContain("The user wants the failing test fixed first.");
  });

  it("says a redacted block is redacted", () => {
    expect(frame({ kind: "thinking", id: "a1:1", text: "", redacted: true }, true)).toContain(
      "✻ Thinking… (redacted)",
    );
  });
});

describe("the spinner's token count", () => {
  const streamEvent = (uuid: string, event: unknown) =>
    ({
      type: "stream_event",
      uuid,
      session_id: "s-1",
      parent_tool_use_id: null,
      event,
    }) as SdkMessage;
  const delta = (uuid: string, text: string) =>
    streamEvent(uuid, {
      type: "content_block_delta",
      index: 0,
      delta: { type: "text_delta", text },
    });
  const finalUsage = (uuid: string, output: number) =>
    streamEvent(uuid, {
      type: "message_delta",
      delta: { stop_reason: "end_turn" },
      usage: { output_tokens: output },
    });

  it("grows while a response streams, then takes the response's exact count", () => {
    const streaming = fold(delta("d1", "x".repeat(40)), delta("d2", "y".repeat(40)));
    expect(streaming.turnTokens).toBe(20);
    const settled = applySdkMessage(streaming, finalUsage("m1", 17), CWD);
    expect(settled.turnTokens).toBe(17);
    const next = applySdkMessage(settled, delta("d3", "z".repeat(8)), CWD);
    expect(next.turnTokens).toBe(19);
    expect(applySdkMessage(next, resultMessage("r1"), CWD).turnTokens).toBe(0);
  });

  it("is shown with the seconds elapsed and a way to interrupt", () => {
    const app = render(<Spinner startedAt={1_000} now={() => 13_500} tokens={1_234} />);
    expect(app.lastFrame()).toContain("Working… (12s · ↓ 1.2k tokens · esc to interrupt)");
    app.unmount();
    expect([formatTokens(950), formatTokens(1_000), formatTokens(12_345)]).toEqual([
      "950",
      "1k",
      "12k",
    ]);
  });

  it("keeps escape sequences out of streamed text", () => {
    expect(fold(delta("d1", `plain ${ESC}[2Jtext`)).streaming).toBe("plain text");
  });
});
