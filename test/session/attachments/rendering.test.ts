import { describe, expect, it } from "vitest";
import { attachmentText } from "../../../src/protocol/api-payload.js";

describe("rendering the new attachment kinds", () => {
  it("renders nested memory as the file's contents in a system reminder", () => {
    expect(
      attachmentText({ type: "nested_memory", path: "/p/sub/CLAUDE.md", content: "Use tabs." }),
    ).toBe("<system-reminder>\nContents of /p/sub/CLAUDE.md:\n\nUse tabs.\n</system-reminder>");
  });

  it("renders the todo reminder with the numbered list and statuses", () => {
    const text = attachmentText({
      type: "todo_reminder",
      todos: [
        { content: "Write it", status: "completed" },
        { content: "Test it", status: "in_progress" },
      ],
    });
    expect(text).toMatch(/^<system-reminder>\n.*TodoWrite/);
    expect(text).toContain(
      "\n1. [completed] Write it\n2. [in_progress] Test it\n</system-reminder>",
    );
  });

  it("renders the todo reminder without a list when there is none", () => {
    const text = attachmentText({ type: "todo_reminder", todos: [] }) ?? "";
    expect(text).toContain("TodoWrite");
    expect(text).not.toContain("1. [");
  });
});
