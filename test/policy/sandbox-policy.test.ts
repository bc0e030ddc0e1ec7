import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import { excludedFromSandbox } from "../../src/policy/sandbox-exclusions.js";
import { sandboxRuleAdditions } from "../../src/policy/sandbox-rules.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, fakeTool, type RuleSet, useMachine } from "./fixture.js";

const machine = useMachine();

/** Bash as the sandbox with autoAllowBashIfSandboxed makes it: its own check allows. */
const sandboxedBash = fakeTool({
  name: "Bash",
  check: () => ({ behavior: "allow", sandboxed: true }),
});

async function decide(rules: RuleSet, command: string) {
  const engine = engineFor(machine(), { project: rules });
  const context = makeToolUseContext({ cwd: machine().project, mode: "default" });
  return engine.decide(sandboxedBash as AnyTool, { command }, context, {});
}

describe("a call the sandbox auto-allows", () => {
  it("passes a whole-tool ask rule and nothing else asks", async () => {
    const decision = await decide({ ask: ["Bash"] }, "npm install");
    expect(decision).toMatchObject({ behavior: "allow", reason: { type: "sandbox" } });
  });

  it("is still stopped by deny rules, content ask rules and safety checks", async () => {
    expect(await decide({ deny: ["Bash(rm:*)"] }, "rm -rf build")).toMatchObject({
      behavior: "deny",
    });
    expect(await decide({ ask: ["Bash(git push:*)"] }, "git push")).toMatchObject({
      behavior: "ask",
    });
    expect(await decide({}, "echo x > .git/hooks/pre-commit")).toMatchObject({
      behavior: "ask",
      reason: { type: "safety" },
    });
  });
});

describe("what permission rules add to the sandbox", () => {
  it("hides Read-denied paths, opens and closes Edit paths, steers WebFetch domains", () => {
    const m = machine();
    const settings = mergeSettingsLayers(
      [
        {
          source: "project",
          origin: "project settings",
          settings: {
            permissions: {
              deny: [
                "Read(./secrets/**)",
                "Read(.env)",
                "Edit(./locked)",
                "WebFetch(domain:bad.io)",
              ],
              allow: ["Edit(//tmp/out/**)", "WebFetch(domain:docs.example.com)", "Bash(ls)"],
            },
          },
        },
      ],
      { home: m.home, stateDir: m.stateDir, cwd: m.project },
    );
    const additions = sandboxRuleAdditions(settings.rules, { cwd: m.project, home: m.home });
    expect(additions).toEqual({
      denyRead: [join(m.project, "secrets"), join(m.project, "**", ".env")],
      denyWrite: [join(m.project, "locked")],
      allowWrite: ["/tmp/out"],
      allowedDomains: ["docs.example.com"],
      deniedDomains: ["bad.io"],
    });
  });
});

describe("sandbox.excludedCommands", () => {
  const places = () => ({ cwd: machine().project, home: machine().home, env: {} });
  const excluded = (command: string, entries: string[]) =>
    excludedFromSandbox(command, entries, places());

  it("takes a call out only when every command in it matches an entry", async () => {
    expect(await excluded("ls -la", ["ls:*"])).toBe(true);
    expect(await excluded("ls -la | grep web", ["ls:*"])).toBe(false);
    expect(await excluded("ls -la | grep web", ["ls:*", "grep:*"])).toBe(true);
    expect(await excluded("ls -la && rm -rf /", ["ls:*"])).toBe(false);
    expect(await excluded("ls -la", [])).toBe(false);
  });

  it("keeps a call with a cd, a substitution or a file redirect sandboxed", async () => {
    expect(await excluded("cd src && ls -la", ["ls:*", "cd:*"])).toBe(false);
    expect(await excluded("ls $(echo .)", ["ls:*"])).toBe(false);
    expect(await excluded("ls -la > out.txt", ["ls:*"])).toBe(false);
    expect(await excluded("ls -la 2>&1", ["ls:*"])).toBe(true);
  });
});
