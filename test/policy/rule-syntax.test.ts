import { describe, expect, it } from "vitest";
import { formatRule, parseRule } from "../../src/policy/rule-syntax.js";
import { shellRuleMatches } from "../../src/policy/shell-rule.js";

describe("rule syntax", () => {
  it.each([
    ["Bash", { toolName: "Bash" }],
    ["Bash()", { toolName: "Bash" }],
    ["Bash(*)", { toolName: "Bash" }],
    ["Bash(npm run test:*)", { toolName: "Bash", content: "npm run test:*" }],
    ["Bash(python -c \\(1\\))", { toolName: "Bash", content: "python -c (1)" }],
    ["Bash(echo (x))", { toolName: "Bash", content: "echo (x)" }],
    ["Task", { toolName: "Agent" }],
    ["Task(Explore)", { toolName: "Agent", content: "Explore" }],
    ["KillShell", { toolName: "TaskStop" }],
    ["BashOutput", { toolName: "TaskOutput" }],
    ["mcp__github__*", { toolName: "mcp__github__*" }],
    ["WebFetch(domain:example.com)", { toolName: "WebFetch", content: "domain:example.com" }],
    [" Read(./x) ", { toolName: "Read", content: "./x" }],
  ])("%j parses", (text, value) => {
    expect(parseRule(text)).toEqual({ ok: true, value });
  });

  it.each(["Bash(ls", "Bash)ls(", "(ls)", "Read(x) y", "Bash ls", ""])(
    "%j is reported as malformed",
    (text) => {
      expect(parseRule(text).ok).toBe(false);
    },
  );

  it("formats a rule back with its parentheses escaped", () => {
    const text = formatRule({ toolName: "Bash", content: "python -c print(1)" });
    expect(text).toBe("Bash(python -c print\\(1\\))");
    expect(parseRule(text)).toEqual({
      ok: true,
      value: { toolName: "Bash", content: "python -c print(1)" },
    });
  });
});

describe("shell rule kinds", () => {
  it.each([
    ["npm test:*", "npm test", true],
    ["npm test:*", "npm tests", false],
    ["ls:*", "lsof", false],
    ["ls*", "lsof", true],
    ["git *", "git", true],
    ["git *", "gitk", false],
    ["git * main", "git push origin main", true],
    ["echo \\*", "echo *", true],
    ["echo \\*", "echo x", false],
    ["npm run build", "npm run build", true],
    ["npm run build", "npm run build x", false],
    ["git * push:*", "git -C x push --force", true],
    ["a.b", "aXb", false],
  ])("%j against %j: %s", (content, command, expected) => {
    expect(shellRuleMatches(content, command)).toBe(expected);
  });
});
