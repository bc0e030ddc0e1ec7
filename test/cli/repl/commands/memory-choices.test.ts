import { describe, expect, it } from "vitest";
import { memoryChoices, shownPath } from "../../../../src/cli/repl/commands/memory-choices.js";

describe("the files /memory offers", () => {
  it("offers the project's and the user's CLAUDE.md first, even when neither is loaded", () => {
    const choices = memoryChoices({ cwd: "/work/app", home: "/home/ann" }, []);
    expect(choices).toEqual([
      { path: "/work/app/CLAUDE.md", label: "Project memory", detail: "checked in at ./CLAUDE.md" },
      {
        path: "/home/ann/.claude/CLAUDE.md",
        label: "User memory",
        detail: "saved in ~/.claude/CLAUDE.md",
      },
    ]);
  });

  it("adds every other loaded file once, in load order, with its kind", () => {
    const choices = memoryChoices({ cwd: "/work/app", home: "/home/ann" }, [
      { path: "/home/ann/.claude/CLAUDE.md", kind: "user", size: 3 },
      { path: "/work/CLAUDE.md", kind: "project", size: 4 },
      { path: "/work/app/CLAUDE.md", kind: "project", size: 5 },
      { path: "/work/app/.claude/rules/ts.md", kind: "project rule", size: 6 },
      { path: "/work/app/CLAUDE.local.md", kind: "local", size: 7 },
    ]);
    expect(choices.map((c) => [c.label, c.detail])).toEqual([
      ["Project memory", "checked in at ./CLAUDE.md"],
      ["User memory", "saved in ~/.claude/CLAUDE.md"],
      ["/work/CLAUDE.md", "project, loaded"],
      ["./.claude/rules/ts.md", "project rule, loaded"],
      ["./CLAUDE.local.md", "local, loaded"],
    ]);
  });

  it("shows a path relative to the working folder, else under ~, else whole", () => {
    expect(shownPath("/w/a/b.md", "/w/a", "/h")).toBe("./b.md");
    expect(shownPath("/h/.keel/CLAUDE.md", "/w/a", "/h")).toBe("~/.keel/CLAUDE.md");
    expect(shownPath("/w/CLAUDE.md", "/w/a", "/h")).toBe("/w/CLAUDE.md");
    expect(shownPath("/w/a-b/CLAUDE.md", "/w/a", "/w/a-c")).toBe("/w/a-b/CLAUDE.md");
  });
});
