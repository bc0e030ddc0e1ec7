import { describe, expect, it } from "vitest";
import type { AnyTool } from "../../../../src/tools/tool.js";
import { makeToolUseContext } from "../../../helpers/tool-context.js";
import { engineFor, TOOLS, useMachine } from "../../../policy/fixture.js";
import { scriptedEngine } from "../../../session/engine/helpers.js";

const machine = useMachine();

const bash = TOOLS.Bash as AnyTool;

describe("session rules from /permissions", () => {
  it("denies calls a session deny rule matches, even ones an allow rule allows", async () => {
    const engine = engineFor(machine(), { project: { allow: ["Bash(git:*)"] } });
    const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
    expect(engine.addSessionRules(["Bash(git push:*)"], "deny")).toEqual([]);
    const pushed = await engine.decide(bash, { command: "git push origin main" }, context);
    expect(pushed.behavior).toBe("deny");
    const status = await engine.decide(bash, { command: "git status" }, context);
    expect(status.behavior).toBe("allow");
  });

  it("lists every rule with where it came from, session rules last", () => {
    const engine = engineFor(machine(), { project: { allow: ["Read"] } });
    engine.addSessionRules(["Bash(ls:*)"]);
    expect(engine.rules().map((r) => [r.behavior, r.text, r.origin])).toEqual([
      ["allow", "Read", "project settings"],
      ["allow", "Bash(ls:*)", "this session"],
    ]);
  });
});

describe("messages added between turns", () => {
  it("joins the conversation the next request sends", async () => {
    const { engine, provider } = scriptedEngine({ turns: [{ content: "ok" }] });
    engine.addUserMessages(["<bash-input>pwd</bash-input>"]);
    for await (const _ of engine.submitMessage("go on")) {
      // Drain the turn.
    }
    expect(JSON.stringify(provider.requests[0]?.body)).toContain("<bash-input>pwd</bash-input>");
  });
});
