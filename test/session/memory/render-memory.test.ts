import { describe, expect, it } from "vitest";
import type { MemoryFile } from "../../../src/session/memory/memory-file.js";
import { renderClaudeMd, renderNestedMemory } from "../../../src/session/memory/render-memory.js";

const files: MemoryFile[] = [
  { path: "/h/.claude/CLAUDE.md", scope: "user", content: "User says hi." },
  { path: "/p/CLAUDE.md", scope: "project", content: "Project rules." },
  { path: "/p/empty.md", scope: "project", content: "  \n" },
  { path: "/p/CLAUDE.local.md", scope: "local", content: "Mine." },
];

describe("renderClaudeMd", () => {
  it("puts a preamble first, then each file with its path and scope, in order", () => {
    const text = renderClaudeMd(files) ?? "";
    const sections = text.split("\n\n");
    expect(sections[0]).toMatch(/instructions/i);
    expect(sections[0]).toMatch(/default behaviour/);
    expect(sections.slice(1)).toEqual([
      "Contents of /h/.claude/CLAUDE.md (the user's own instructions, for every project):",
      "User says hi.",
      "Contents of /p/CLAUDE.md (project instructions, checked into the codebase):",
      "Project rules.",
      "Contents of /p/CLAUDE.local.md (the user's private instructions for this project, not checked in):",
      "Mine.",
    ]);
  });

  it("is undefined when there is nothing to say", () => {
    expect(renderClaudeMd([])).toBeUndefined();
    expect(renderClaudeMd([{ path: "/p/e.md", scope: "project", content: "" }])).toBeUndefined();
  });
});

describe("renderNestedMemory", () => {
  it("names the file and gives its content", () => {
    expect(renderNestedMemory({ path: "/p/src/CLAUDE.md", scope: "project", content: "X" })).toBe(
      "Contents of /p/src/CLAUDE.md:\n\nX",
    );
  });
});
