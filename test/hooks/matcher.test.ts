import { describe, expect, it } from "vitest";
import { matcherMatches } from "../../src/hooks/matcher.js";
import { selectHooks } from "../../src/hooks/select-hooks.js";

const by = (query: string) => ({ query, subject: undefined, spent: new Set<never>() });

describe("hook matchers", () => {
  it.each([
    [undefined, "Bash", true],
    ["", "Bash", true],
    ["*", "Write", true],
    ["Bash", "Bash", true],
    ["Bash", "BashOutput", false],
    ["Bash", "bash", false],
    ["Edit|Write", "Write", true],
    ["Edit|Write", "Edit", true],
    ["Edit|Write", "Read", false],
    ["mcp__memory", "mcp__memory__create", false],
    ["mcp__memory__.*", "mcp__memory__create", true],
    ["^Notebook", "NotebookEdit", true],
    ["^Notebook", "MyNotebook", false],
    ["Web.*", "WebFetch", true],
    ["(unclosed", "(unclosed", false],
  ])("matcher %j against %j → %j", (matcher, value, expected) => {
    expect(matcherMatches(matcher, value)).toBe(expected);
  });

  it("an event without a match value runs every group whatever its matcher", () => {
    expect(matcherMatches("Bash", undefined)).toBe(true);
  });

  it("selects the matching groups' hooks in order, each distinct command once", () => {
    const selected = selectHooks(
      {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "a" }] },
          { matcher: "Write", hooks: [{ type: "command", command: "w" }] },
          {
            matcher: "*",
            hooks: [
              { type: "command", command: "b" },
              { type: "command", command: "a", timeout: 5 },
            ],
          },
        ],
      },
      "PreToolUse",
      by("Bash"),
    );
    expect(selected.map((h) => JSON.stringify(h))).toEqual([
      JSON.stringify({ type: "command", command: "a" }),
      JSON.stringify({ type: "command", command: "b" }),
    ]);
  });

  it("SessionStart groups match on the source and PreCompact groups on the trigger", () => {
    const config = {
      SessionStart: [
        { matcher: "resume|compact", hooks: [{ type: "command" as const, command: "s" }] },
      ],
      PreCompact: [{ matcher: "auto", hooks: [{ type: "command" as const, command: "p" }] }],
    };
    expect(selectHooks(config, "SessionStart", by("resume"))).toHaveLength(1);
    expect(selectHooks(config, "SessionStart", by("startup"))).toHaveLength(0);
    expect(selectHooks(config, "PreCompact", by("auto"))).toHaveLength(1);
    expect(selectHooks(config, "PreCompact", by("manual"))).toHaveLength(0);
  });
});
