import { describe, expect, it } from "vitest";
import type { AgentDefinition } from "../../../src/config/agent-definition.js";
import type { SkillPreloader } from "../../../src/tools/builtin/agent/agent-skills.js";
import { agentCall, runWithAgent } from "./helpers.js";

const NOTES: AgentDefinition = {
  name: "notes",
  description: "Keeps notes.",
  tools: [],
  skills: ["house-style", "missing"],
  prompt: "You keep notes.",
  source: { kind: "project", path: "/project/.claude/agents/notes.md" },
};

/** The session's skills as the Skill tool expands them: one known, the rest unknown. */
const preloadSkill: SkillPreloader = async (name) =>
  name === "house-style"
    ? { ok: true, text: "Write in British English.", allowedTools: [] }
    : { ok: false, problem: `Unknown skill: ${name}` };

/** The text of a recorded request's first message. */
function firstUserText(request: Record<string, unknown>): string {
  const [first] = request.messages as Array<{ content: unknown }>;
  return JSON.stringify(first?.content);
}

const TURNS = [
  { content: [agentCall("Summarise the meeting.", "notes")] },
  { content: [{ type: "text", text: "Summary." }] },
  { content: [{ type: "text", text: "Done." }] },
];

describe("an agent's skills", () => {
  it("go whole before the subagent's task in its first request; an unknown one is left out", async () => {
    const run = await runWithAgent(TURNS, { definitions: [NOTES], agent: { preloadSkill } });
    const subagentFirst = firstUserText(run.requests[1] ?? {});
    expect(subagentFirst).toContain("<command-name>/house-style</command-name>");
    expect(subagentFirst).toContain("Write in British English.");
    expect(subagentFirst.indexOf("British")).toBeLessThan(
      subagentFirst.indexOf("Summarise the meeting."),
    );
    expect(subagentFirst).not.toContain("missing");
    // The parent's conversation never gets them.
    expect(firstUserText(run.requests[2] ?? {})).not.toContain("British");
  });

  it("change nothing when the agent names none", async () => {
    const plain = { ...NOTES, skills: undefined };
    const run = await runWithAgent(TURNS, { definitions: [plain], agent: { preloadSkill } });
    const subagentFirst = firstUserText(run.requests[1] ?? {});
    expect(subagentFirst).toContain("Summarise the meeting.");
    expect(subagentFirst).not.toContain("command-name");
  });
});
