import { describe, expect, it } from "vitest";
import { parseAgentFile } from "../../src/config/agent-file.js";
import { agentMarkdown, newAgentNameProblem } from "../../src/config/agent-markdown.js";

const problemOf = (text: string) => {
  const parsed = parseAgentFile(text, "/p/.claude/agents/a.md", "project");
  if (parsed.ok) throw new Error("expected a problem");
  return { line: parsed.line, problem: parsed.problem };
};

describe("a broken agent file is reported with the line of its problem", () => {
  it("names the file line of a YAML error, not the frontmatter's", () => {
    expect(problemOf('---\nname: a\nmodel: haiku\ndescription: "open\n---\nBody\n')).toEqual({
      line: 4,
      problem: expect.stringMatching(/^the frontmatter is not valid YAML: [^\n]+$/),
    });
    expect(
      problemOf('---\nname: a\nmodel: haiku\ndescription: "open\n---\nBody\n').problem,
    ).not.toMatch(/at line/);
  });

  it("names the line of a bad field, the frontmatter's start for a missing one, the body's for an empty body", () => {
    expect(problemOf("---\nname: a\ndescription: ''\n---\nBody\n")).toEqual({
      line: 3,
      problem: "description: must not be empty",
    });
    expect(problemOf("---\nname: a\n---\nBody\n").line).toBe(2);
    expect(problemOf("---\nname: a\ndescription: d\n---\n\n")).toEqual({
      line: 5,
      problem: "the body (the agent's system prompt) is empty",
    });
    expect(problemOf("no frontmatter\n").line).toBe(1);
  });
});

describe("agent files as /agents writes them", () => {
  it("round-trips through the loader: quotes and backslashes kept, line breaks a literal \\n", () => {
    const text = agentMarkdown({
      name: "doc-writer",
      description: 'Use it for docs.\nSay "docs" or C:\\path.',
      tools: ["Read", "Write"],
      model: "haiku",
      color: "blue",
      prompt: "  You write docs.\n",
    });
    expect(text).toBe(
      '---\nname: doc-writer\ndescription: "Use it for docs.\\\\nSay \\"docs\\" or C:\\\\path."\ntools: Read, Write\nmodel: haiku\ncolor: blue\n---\n\nYou write docs.\n',
    );
    const parsed = parseAgentFile(text, "/p/doc-writer.md", "project");
    expect(parsed.ok && parsed.definition).toMatchObject({
      name: "doc-writer",
      description: 'Use it for docs.\\nSay "docs" or C:\\path.',
      tools: ["Read", "Write"],
      model: "haiku",
      color: "blue",
      prompt: "You write docs.",
    });
  });

  it("holds new names to Claude Code's rule", () => {
    expect(newAgentNameProblem("code-reviewer")).toBeUndefined();
    expect(newAgentNameProblem("Api2-Docs")).toBeUndefined();
    expect(newAgentNameProblem("-lead")).toMatch(/start and end with alphanumeric/);
    expect(newAgentNameProblem("a_b")).toMatch(/only letters, numbers, and hyphens/);
    expect(newAgentNameProblem("ab")).toBe("Agent type must be at least 3 characters long");
    expect(newAgentNameProblem("a".repeat(51))).toBe("Agent type must be less than 50 characters");
  });
});
