import { describe, expect, it } from "vitest";
import { ageText } from "../../../../src/cli/age.js";
import { memoryText } from "../../../../src/cli/repl/commands/memory.js";
import {
  parsePermissionsArgs,
  permissionsCommand,
  permissionsText,
  type RuleRow,
} from "../../../../src/cli/repl/commands/permissions.js";
import { statusText } from "../../../../src/cli/repl/commands/status.js";
import { helpText, parseSlashCommand } from "../../../../src/cli/repl/slash-commands.js";

describe("/status", () => {
  it("shows every fact, lists under their titles", () => {
    const text = statusText({
      model: "claude-sonnet-5",
      provider: "anthropic",
      sessionId: "abc",
      cwd: "/work/p",
      permissionMode: "acceptEdits",
      settingsFiles: ["/home/u/.claude/settings.json"],
      memoryFiles: [],
      mcpServers: [
        { name: "a", status: "connected" },
        { name: "b", status: "failed" },
        { name: "c", status: "connected" },
      ],
      totalCostUsd: 0.0123,
    });
    expect(text.split("\n")).toEqual([
      "Model: claude-sonnet-5 (anthropic)",
      "Session: abc",
      "Working folder: /work/p",
      "Permission mode: acceptEdits",
      "Settings files:",
      "  /home/u/.claude/settings.json",
      "Memory files: none",
      "MCP servers: 3 (2 connected, 1 failed) — /mcp lists them",
      "Total cost: $0.0123",
    ]);
  });
});

describe("/permissions", () => {
  const rules: RuleRow[] = [
    { behavior: "deny", text: "Bash(rm:*)", origin: "/p/.claude/settings.json" },
    { behavior: "allow", text: "Read", origin: "--allowedTools" },
    { behavior: "allow", text: "Bash(npm test)", origin: "this session" },
  ];

  it("groups the rules allow, ask, deny with where each comes from", () => {
    expect(permissionsText(rules)).toContain(
      [
        "  allow:",
        "    Read  (--allowedTools)",
        "    Bash(npm test)  (this session)",
        "  ask: none",
        "  deny:",
        "    Bash(rm:*)  (/p/.claude/settings.json)",
      ].join("\n"),
    );
  });

  it("parses allow and deny with a rule, and refuses anything else", () => {
    expect(parsePermissionsArgs("")).toEqual({ kind: "list" });
    expect(parsePermissionsArgs("deny Bash(curl:*)")).toEqual({
      kind: "add",
      behavior: "deny",
      rule: "Bash(curl:*)",
    });
    expect(parsePermissionsArgs("allow")).toMatchObject({ kind: "bad" });
    expect(parsePermissionsArgs("grant Read")).toMatchObject({ kind: "bad" });
  });

  it("adds a rule through the view and reports one that does not parse", () => {
    const added: string[] = [];
    const view = {
      rules: () => rules,
      add: (behavior: "allow" | "deny", rule: string) => {
        if (rule.includes("(") && !rule.endsWith(")")) return [`bad rule ${rule}`];
        added.push(`${behavior}:${rule}`);
        return [];
      },
    };
    expect(permissionsCommand(view, "allow Bash(ls:*)")).toEqual({
      text: "Added allow rule Bash(ls:*) for this session.",
      tone: "info",
    });
    expect(permissionsCommand(view, "deny Bash(oops")).toMatchObject({ tone: "error" });
    expect(added).toEqual(["allow:Bash(ls:*)"]);
  });
});

describe("/memory", () => {
  it("lists each file with its kind and size", () => {
    expect(
      memoryText([
        { path: "/home/u/.claude/CLAUDE.md", kind: "user", size: 300 },
        { path: "/p/CLAUDE.md", kind: "project", size: 2048 },
      ]),
    ).toBe(
      [
        "Memory files loaded:",
        "  1. /home/u/.claude/CLAUDE.md  (user, 300 B)",
        "  2. /p/CLAUDE.md  (project, 2.0 KB)",
      ].join("\n"),
    );
    expect(memoryText([])).toMatch(/^No memory files are loaded/);
  });
});

describe("slash command parsing and /help", () => {
  it("knows the new commands and parses dir:name user commands as unknown ones", () => {
    expect(parseSlashCommand("/status")).toEqual({ kind: "known", name: "status", args: "" });
    expect(parseSlashCommand("/permissions deny Read")).toEqual({
      kind: "known",
      name: "permissions",
      args: "deny Read",
    });
    expect(parseSlashCommand("/frontend:component Button")).toEqual({
      kind: "unknown",
      name: "frontend:component",
    });
  });

  it("lists the user's commands with their description and hint", () => {
    const text = helpText([
      {
        name: "review",
        scope: "project",
        file: "f",
        body: "b",
        description: "Review it",
        argumentHint: "<file>",
      },
    ]);
    expect(text).toContain("Your commands:\n  /review <file>  Review it (project)");
    expect(text).toContain("/rewind");
    expect(text).toContain("!<command>");
  });
});

describe("ages", () => {
  it("says how long ago in the largest whole unit", () => {
    expect(ageText(30_000)).toBe("just now");
    expect(ageText(5 * 60_000)).toBe("5m ago");
    expect(ageText(3 * 3_600_000 + 1)).toBe("3h ago");
    expect(ageText(50 * 3_600_000)).toBe("2d ago");
  });
});
