import { Box, Text } from "ink";
import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { LiveArea } from "../../../../src/cli/repl/render/live-area.js";
import { LiveRegion } from "../../../../src/cli/repl/render/live-region.js";
import { initialReplState, type ReplState } from "../../../../src/cli/repl/repl-store.js";
import { EMPTY_VIEW } from "../../../../src/cli/repl/transcript-model.js";

/** A turn streaming `lines` lines of text. */
function streaming(lines: number): ReplState {
  const text = Array.from({ length: lines }, (_, i) => `line-${i + 1}`).join("\n");
  return { ...initialReplState("claude-test"), view: { ...EMPTY_VIEW, streaming: text } };
}

function Screen({ state }: { state: ReplState }) {
  return (
    <LiveRegion>
      <LiveArea state={state} now={() => 0} />
      <Box flexDirection="column" flexShrink={0}>
        <Text>{"> the prompt"}</Text>
        <Text>the status line</Text>
      </Box>
    </LiveRegion>
  );
}

// ink-testing-library's stream gives no height: the REPL takes it for 24 rows.
describe("the live region", () => {
  it("stays shorter than the terminal, showing the end of a long answer over the prompt", () => {
    const app = render(<Screen state={streaming(100)} />);
    // The height is applied from the second frame on (the first lays the region out).
    app.rerender(<Screen state={streaming(101)} />);
    const rows = (app.lastFrame() ?? "").split("\n");
    app.unmount();
    expect(rows.length).toBeLessThanOrEqual(23);
    expect(rows.slice(-3)).toEqual(["line-101", "> the prompt", "the status line"]);
    expect(rows.join("\n")).not.toMatch(/\bline-1\b/);
  });

  it("takes only the rows it needs while the answer is short", () => {
    const app = render(<Screen state={streaming(2)} />);
    app.rerender(<Screen state={streaming(3)} />);
    const frame = app.lastFrame() ?? "";
    app.unmount();
    expect(frame.split("\n")).toEqual([
      "",
      "⏺ line-1",
      "line-2",
      "line-3",
      "> the prompt",
      "the status line",
    ]);
  });
});
