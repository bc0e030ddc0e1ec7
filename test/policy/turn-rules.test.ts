import { describe, expect, it } from "vitest";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, TOOLS, useMachine } from "./fixture.js";

const machine = useMachine();

const bash = TOOLS.Bash as AnyTool;
const write = { command: "echo made > made.txt" };

describe("turn rules (a user command's allowed-tools)", () => {
  it("allow matching calls while in force and ask again once removed", async () => {
    const engine = engineFor(machine(), { project: {} });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    expect((await engine.decide(bash, write, context)).behavior).toBe("ask");
    const turn = engine.addTurnRules(["Bash(echo:*)"], "/x allowed-tools (this turn)");
    expect(turn.problems).toEqual([]);
    expect(await engine.decide(bash, write, context)).toMatchObject({
      behavior: "allow",
      reason: { type: "rule", rule: "Bash(echo:*)", origin: "/x allowed-tools (this turn)" },
    });
    turn.remove();
    expect((await engine.decide(bash, write, context)).behavior).toBe("ask");
    expect(engine.rules().some((rule) => rule.text === "Bash(echo:*)")).toBe(false);
  });

  it("never beat a deny rule", async () => {
    const engine = engineFor(machine(), { project: { deny: ["Bash(rm:*)"] } });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    engine.addTurnRules(["Bash(rm:*)", "Bash"], "/x allowed-tools (this turn)");
    const decision = await engine.decide(bash, { command: "rm -rf build" }, context);
    expect(decision.behavior).toBe("deny");
  });

  it("remove only their own rules: session rules added meanwhile stay", async () => {
    const engine = engineFor(machine(), { project: {} });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    const turn = engine.addTurnRules(["Bash(echo:*)"], "/x allowed-tools (this turn)");
    engine.addSessionRules(["Bash(touch:*)"]);
    turn.remove();
    turn.remove();
    const touched = await engine.decide(bash, { command: "touch a.txt" }, context);
    expect(touched.behavior).toBe("allow");
    expect((await engine.decide(bash, write, context)).behavior).toBe("ask");
  });

  it("add the rules that parse and report the others", async () => {
    const engine = engineFor(machine(), { project: {} });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    const turn = engine.addTurnRules(["Bash(echo:*)", "Bash(oops"], "/x");
    expect(turn.problems).toHaveLength(1);
    expect(turn.problems[0]).toContain("Bash(oops");
    expect((await engine.decide(bash, write, context)).behavior).toBe("allow");
  });
});
