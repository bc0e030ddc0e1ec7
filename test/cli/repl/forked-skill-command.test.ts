import { describe, expect, it } from "vitest";
import type { UserCommand } from "../../../src/cli/repl/commands/command-file.js";
import { runForkedCommand } from "../../../src/cli/slash/forked-command.js";
import { GENERAL_PURPOSE_AGENT } from "../../../src/config/built-in-agents.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { answerNotice, controllerFor, texts, until } from "./repl-harness.js";

const survey: UserCommand = {
  name: "survey",
  scope: "project skill",
  file: "/project/.claude/skills/survey/SKILL.md",
  body: "SURVEY-BODY: report on $ARGUMENTS.",
  skillDir: "/project/.claude/skills/survey",
  fork: { agent: "general-purpose" },
};

describe("a context: fork skill typed as /name in the REPL", () => {
  it("runs as a general-purpose subagent; the person and the parent see only its result", async () => {
    const { engine, provider } = scriptedEngine(
      {
        turns: [{ content: "It found one risk." }],
        agents: {
          "general-purpose": {
            turns: [
              { content: [{ type: "tool_use", name: "NoSuchTool", input: {} }] },
              { content: "FORK-FINAL: one risk." },
            ],
          },
        },
      },
      { agents: [GENERAL_PURPOSE_AGENT] },
    );
    const session = {
      engine,
      userCommands: async () => ({ commands: [survey], problems: [] }),
      expandUserCommand: async (command: UserCommand, args: string) => ({
        ok: true as const,
        text: command.body.replace("$ARGUMENTS", args.trim()),
      }),
      runForkedCommand: (command: Parameters<typeof runForkedCommand>[1], signal: AbortSignal) =>
        runForkedCommand(engine, command, signal),
      dispose: async () => {},
    };
    const controller = controllerFor(session, "/project");

    const shown = await answerNotice(controller, "/survey risks");
    expect(shown).toEqual({ text: "FORK-FINAL: one risk.", tone: "info" });
    controller.submit("What did it find?");
    const state = await until(controller, (s) => texts(s, "assistant").length > 0, "the answer");
    expect(texts(state, "assistant")).toEqual(["It found one risk."]);

    const sent = provider.requests.map((r) => ({ agent: r.agent, text: JSON.stringify(r.body) }));
    expect(sent.map((r) => r.agent)).toEqual(["general-purpose", "general-purpose", undefined]);
    expect(sent[0]?.text).toContain("SURVEY-BODY: report on risks.");
    expect(sent[2]?.text).toContain("FORK-FINAL: one risk.");
    expect(sent[2]?.text).not.toContain("SURVEY-BODY");
    expect(sent[2]?.text).not.toContain("NoSuchTool");
  });
});
