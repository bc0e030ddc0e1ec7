import { describe, expect, it } from "vitest";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, TOOLS, useMachine } from "./fixture.js";

const machine = useMachine();

const bash = TOOLS.Bash as AnyTool;

describe("session rules added by 'always allow'", () => {
  it("allows later calls the added rule matches, and only those", async () => {
    const engine = engineFor(machine(), { project: {} });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    const before = await engine.decide(bash, { command: "npm run test" }, context);
    expect(before.behavior).toBe("ask");
    if (before.behavior !== "ask") return;
    expect(engine.addSessionRules(before.suggestions.rules)).toEqual([]);
    const after = await engine.decide(bash, { command: "npm run test -- --watch" }, context);
    expect(after).toMatchObject({ behavior: "allow", reason: { type: "rule" } });
    const other = await engine.decide(bash, { command: "npm publish" }, context);
    expect(other.behavior).toBe("ask");
  });

  it("never overrides a deny rule", async () => {
    const engine = engineFor(machine(), { project: { deny: ["Bash(rm:*)"] } });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    engine.addSessionRules(["Bash(rm:*)"]);
    const decision = await engine.decide(bash, { command: "rm -rf build" }, context);
    expect(decision.behavior).toBe("deny");
  });

  it("refuses a batch holding a malformed rule and adds none of it", async () => {
    const engine = engineFor(machine(), { project: {} });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    const problems = engine.addSessionRules(["Bash(npm run build:*)", "Bash(oops"]);
    expect(problems).toHaveLength(1);
    const decision = await engine.decide(bash, { command: "npm run build" }, context);
    expect(decision.behavior).not.toBe("allow");
  });
});
