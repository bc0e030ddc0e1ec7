import { describe, expect, it } from "vitest";
import { dialogLayout } from "../../../src/cli/repl/dialog-layout.js";
import type { PermissionQuestion } from "../../../src/cli/repl/interactive-permissions.js";
import { permissionChoices } from "../../../src/cli/repl/permission-choices.js";
import { textRows } from "../../../src/cli/repl/text-rows.js";

const START = { selected: 0, feedback: "", offset: 0 };

function question(
  lines: number,
  message = "keel needs permission to use Write.",
): PermissionQuestion {
  return {
    toolName: "Write",
    summary: "Write(a.txt)",
    message,
    rules: ["Edit(//tmp/a.txt)"],
    preview: {
      kind: "file",
      action: "create",
      path: "a.txt",
      lines: Array.from({ length: lines }, (_, i) => ({
        kind: "context" as const,
        text: `line ${i + 1} ${"x".repeat(i % 7 === 0 ? 150 : 10)}`,
        number: i + 1,
      })),
    },
  };
}

describe("the permission dialog's layout", () => {
  it("fits its room at every size, scrolling a preview taller than what is left", () => {
    for (const [columns, room] of [
      [40, 20],
      [80, 12],
      [80, 19],
      [120, 35],
      [200, 55],
    ] as const) {
      const asked = question(300, "why ".repeat(60));
      const layout = dialogLayout(asked, permissionChoices(asked), START, { columns, room });
      expect(layout.height).toBeLessThanOrEqual(room);
      expect(layout.scroll?.rows).toBeGreaterThanOrEqual(300);
      expect(layout.scrollHint).toMatch(/^↑\/↓ PgUp\/PgDn scroll · lines 1–\d+ of \d+$/);
    }
  });

  it("shows a preview that fits whole, without a scroll line", () => {
    const asked = question(5);
    const layout = dialogLayout(asked, permissionChoices(asked), START, { columns: 80, room: 30 });
    expect(layout.preview.map((row) => row.gutter.trim())).toContain("5");
    expect(layout.scroll).toBeUndefined();
    expect(layout.scrollHint).toBeUndefined();
  });

  it("wraps a long line onto rows of its own, numbered once", () => {
    const asked = question(1);
    const layout = dialogLayout(asked, permissionChoices(asked), START, { columns: 60, room: 30 });
    const rows = layout.preview;
    expect(rows.length).toBeGreaterThan(2);
    expect(rows[0]?.gutter).toBe("1 ");
    expect(rows[1]?.gutter).toBe("  ");
    expect(rows.map((row) => row.text).join("")).toBe(`line 1 ${"x".repeat(150)}`);
  });

  it("keeps the scroll within the preview", () => {
    const asked = question(100);
    const layout = dialogLayout(
      asked,
      permissionChoices(asked),
      { ...START, offset: 10_000 },
      {
        columns: 80,
        room: 20,
      },
    );
    const [, end, total] = layout.scrollHint?.match(/–(\d+) of (\d+)$/) ?? [];
    expect(end).toBe(total);
  });
});

describe("text cut into rows", () => {
  it("breaks at spaces, and inside a word longer than a row", () => {
    expect(textRows("one two three", 8)).toEqual(["one two", "three"]);
    expect(textRows("abcdefghij", 4)).toEqual(["abcd", "efgh", "ij"]);
    expect(textRows("a\nb", 10)).toEqual(["a", "b"]);
  });
});
