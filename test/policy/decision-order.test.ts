import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import type { HookDecision } from "../../src/policy/decision.js";
import { createPermissionEngine } from "../../src/policy/engine.js";
import type { PermissionMode } from "../../src/tools/context.js";
import type { AnyTool } from "../../src/tools/tool.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, fakeTool, type RuleSet, TOOLS, useMachine } from "./fixture.js";

const machine = useMachine();

interface Call {
  rules?: RuleSet;
  tool: AnyTool;
  input: Record<string, unknown>;
  mode?: PermissionMode;
  hook?: HookDecision;
  additionalDirectories?: string[];
}

async function decide(call: Call) {
  const engine = engineFor(
    machine(),
    { project: call.rules ?? {} },
    {
      ...(call.additionalDirectories ? { additionalDirectories: call.additionalDirectories } : {}),
    },
  );
  const context = makeToolUseContext({ cwd: machine().project, mode: call.mode ?? "default" });
  return engine.decide(
    call.tool,
    call.input,
    context,
    call.hook ? { hookDecision: call.hook } : {},
  );
}

const allowingRead = fakeTool({
  name: "Read",
  readOnly: true,
  check: () => ({ behavior: "allow" }),
});
const denyingTool = fakeTool({
  name: "Danger",
  check: () => ({ behavior: "deny", message: "never" }),
});
const askingTool = fakeTool({
  name: "Asker",
  check: () => ({ behavior: "ask", message: "Asker wants to look" }),
});
const bash = (command: string) => ({ tool: TOOLS.Bash as AnyTool, input: { command } });
const file = (tool: string, path: string) => ({
  tool: TOOLS[tool] as AnyTool,
  input: { file_path: path },
});

describe("decision order (contracts.md §6)", () => {
  it("a whole-tool deny rule beats allow rules, bypass mode and a hook's allow", async () => {
    const d = await decide({
      rules: { deny: ["Bash"], allow: ["Bash(ls:*)"] },
      ...bash("ls"),
      mode: "bypassPermissions",
      hook: { behavior: "allow" },
    });
    expect(d.behavior).toBe("deny");
    expect(d.reason).toMatchObject({ type: "rule", rule: "Bash", source: "project" });
    expect(d.message).toContain('"Bash"');
  });

  it("a whole-tool ask rule beats the tool's own allow", async () => {
    const d = await decide({
      rules: { ask: ["Read"] },
      tool: allowingRead,
      input: { file_path: join(machine().project, "a.txt") },
    });
    expect(d).toMatchObject({ behavior: "ask", reason: { type: "rule", rule: "Read" } });
  });

  it("the tool's own deny holds in bypass mode", async () => {
    const d = await decide({ tool: denyingTool, input: {}, mode: "bypassPermissions" });
    expect(d).toMatchObject({ behavior: "deny", reason: { type: "tool" }, message: "never" });
  });

  it("a content deny rule beats the tool's own allow", async () => {
    const d = await decide({
      rules: { deny: ["Read(./secrets/**)"] },
      tool: allowingRead,
      input: { file_path: join(machine().project, "secrets/key") },
    });
    expect(d).toMatchObject({
      behavior: "deny",
      reason: { type: "rule", rule: "Read(./secrets/**)" },
    });
  });

  it("a content ask rule holds in bypass mode and over an allow rule", async () => {
    const d = await decide({
      rules: { ask: ["Bash(git push:*)"], allow: ["Bash(git *)"] },
      ...bash("git push"),
      mode: "bypassPermissions",
    });
    expect(d).toMatchObject({
      behavior: "ask",
      reason: { type: "rule", rule: "Bash(git push:*)" },
    });
  });

  it.each([
    ["Write", ".git/config", "bypassPermissions"],
    ["Edit", ".claude/settings.json", "acceptEdits"],
    ["Write", ".keel/x", "acceptEdits"],
    ["Write", "$H/.bashrc", "bypassPermissions"],
    ["Edit", "$H/.zshrc", "bypassPermissions"],
    ["Write", "$H/.profile", "bypassPermissions"],
    ["Write", "$S/settings.json", "bypassPermissions"],
  ])("safety: %s to %s asks even in %s", async (tool, rel, mode) => {
    const path = rel.startsWith("$")
      ? rel.replace("$H", machine().home).replace("$S", machine().stateDir)
      : join(machine().project, rel);
    const d = await decide({
      rules: { allow: ["Edit", "Write"] },
      ...file(tool, path),
      mode: mode as PermissionMode,
    });
    expect(d).toMatchObject({ behavior: "ask", reason: { type: "safety" } });
  });

  it("safety: a Bash redirection into a shell start-up file asks in bypass mode", async () => {
    const d = await decide({
      ...bash(`echo 'alias ls=rm' >> ${machine().home}/.bashrc`),
      mode: "bypassPermissions",
    });
    expect(d).toMatchObject({ behavior: "ask", reason: { type: "safety" } });
  });

  it("safety: rm -rf / and rm -rf ~ ask in bypass mode", async () => {
    for (const command of ["rm -rf /", "rm -rf ~"]) {
      const d = await decide({ ...bash(command), mode: "bypassPermissions" });
      expect(d.behavior, command).toBe("ask");
    }
  });

  it("reads inside the working folders and keel's state folder are allowed; outside they ask", async () => {
    expect((await decide(file("Read", join(machine().project, "src/a.ts")))).behavior).toBe(
      "allow",
    );
    expect((await decide(file("Read", join(machine().stateDir, "secrets/key")))).behavior).toBe(
      "allow",
    );
    expect((await decide(file("Read", join(machine().outside, "file.txt")))).behavior).toBe("ask");
    const added = await decide({
      ...file("Read", join(machine().outside, "file.txt")),
      additionalDirectories: [machine().outside],
    });
    expect(added.behavior).toBe("allow");
  });

  it("read-only Bash commands inside the working folders are allowed without rules", async () => {
    expect((await decide(bash("ls src && cat a.txt | wc -l"))).behavior).toBe("allow");
    expect((await decide(bash(`cat ${machine().outside}/file.txt`))).behavior).toBe("ask");
  });

  it("acceptEdits allows edits inside the working folders only", async () => {
    expect(
      (await decide({ ...file("Edit", join(machine().project, "src/a.ts")), mode: "acceptEdits" }))
        .behavior,
    ).toBe("allow");
    expect(
      (await decide({ ...file("Write", join(machine().outside, "n.txt")), mode: "acceptEdits" }))
        .behavior,
    ).toBe("ask");
    expect(
      (await decide({ ...file("Edit", join(machine().project, "src/a.ts")), mode: "default" }))
        .behavior,
    ).toBe("ask");
  });

  it("bypassPermissions allows what nothing else allowed", async () => {
    const d = await decide({ ...bash("rm -rf build"), mode: "bypassPermissions" });
    expect(d).toMatchObject({
      behavior: "allow",
      reason: { type: "mode", mode: "bypassPermissions" },
    });
  });

  it("an allow rule allows, naming the rule and its source", async () => {
    const d = await decide({ rules: { allow: ["Bash(npm test:*)"] }, ...bash("npm test") });
    expect(d).toMatchObject({
      behavior: "allow",
      reason: { type: "rule", rule: "Bash(npm test:*)", source: "project" },
    });
  });

  it("with nothing deciding, the call asks and suggests the narrowest rule", async () => {
    const d = await decide(bash("npm run test -- --watch"));
    expect(d.behavior).toBe("ask");
    if (d.behavior === "ask") expect(d.suggestions.rules).toEqual(["Bash(npm run test:*)"]);
  });

  it("the tool's own ask message is kept when nothing allows the call", async () => {
    const d = await decide({ tool: askingTool, input: {} });
    expect(d).toMatchObject({
      behavior: "ask",
      reason: { type: "tool" },
      message: "Asker wants to look",
    });
  });

  it("the tool's rewritten input is passed on with its allow", async () => {
    const rewriting = fakeTool({
      name: "Rw",
      check: () => ({ behavior: "allow", updatedInput: { a: 2 } }),
    });
    expect(await decide({ tool: rewriting, input: { a: 1 } })).toMatchObject({
      behavior: "allow",
      updatedInput: { a: 2 },
    });
  });

  it("a tool check that throws asks instead of allowing", async () => {
    const broken = fakeTool({
      name: "Broken",
      check: () => {
        throw new Error("boom");
      },
    });
    const d = await decide({ tool: broken, input: {}, mode: "default" });
    expect(d.behavior).toBe("ask");
    expect(d.message).toContain("boom");
  });
});

describe("modes", () => {
  it("dontAsk turns every ask into a deny that says so", async () => {
    const d = await decide({ ...bash("npm publish"), mode: "dontAsk" });
    expect(d).toMatchObject({ behavior: "deny", reason: { type: "mode", mode: "dontAsk" } });
    expect(d.message).toContain("dontAsk");
  });

  it("dontAsk still allows what rules and the read-only set allow", async () => {
    expect(
      (
        await decide({
          rules: { allow: ["Bash(npm test:*)"] },
          ...bash("npm test"),
          mode: "dontAsk",
        })
      ).behavior,
    ).toBe("allow");
    expect((await decide({ ...bash("ls"), mode: "dontAsk" })).behavior).toBe("allow");
  });

  it("plan mode denies tools that change things and says plan mode is on", async () => {
    const d = await decide({
      rules: { allow: ["Bash(npm test:*)"] },
      ...file("Edit", join(machine().project, "a.txt")),
      mode: "plan",
    });
    expect(d).toMatchObject({ behavior: "deny", reason: { type: "mode", mode: "plan" } });
    expect(d.message).toContain("plan mode");
    expect(d.message).toContain("explicit step");
    const other = await decide({
      rules: { allow: ["Bash(npm test:*)"] },
      ...bash("npm run build"),
      mode: "plan",
    });
    expect(other).toMatchObject({ behavior: "deny", reason: { type: "mode", mode: "plan" } });
  });

  it("plan mode runs what an allow rule names, as Claude Code does; ask and deny rules still hold", async () => {
    const allowed = await decide({
      rules: { allow: ["Bash(ccusage daily)", "Edit"] },
      ...bash("ccusage daily"),
      mode: "plan",
    });
    expect(allowed).toMatchObject({ behavior: "allow", reason: { type: "rule" } });
    const edit = await decide({
      rules: { allow: ["Edit"] },
      ...file("Edit", join(machine().project, "a.txt")),
      mode: "plan",
    });
    expect(edit.behavior).toBe("allow");
    const asked = await decide({
      rules: { allow: ["Bash(ccusage:*)"], ask: ["Bash(ccusage daily)"] },
      ...bash("ccusage daily"),
      mode: "plan",
    });
    expect(asked.behavior).toBe("ask");
    const denied = await decide({
      rules: { allow: ["Bash(ccusage:*)"], deny: ["Bash(ccusage daily)"] },
      ...bash("ccusage daily"),
      mode: "plan",
    });
    expect(denied.behavior).toBe("deny");
    const safety = await decide({
      rules: { allow: ["Edit"] },
      ...file("Edit", join(machine().project, ".git", "config")),
      mode: "plan",
    });
    expect(safety.behavior).toBe("ask");
  });

  it("plan mode lets the task list and team messages through (keel's own state, not the project)", async () => {
    for (const name of ["TaskCreate", "TaskUpdate", "SendMessage"]) {
      const tool = fakeTool({ name, check: () => ({ behavior: "allow" }) });
      expect((await decide({ tool, input: {}, mode: "plan" })).behavior).toBe("allow");
    }
    const other = fakeTool({ name: "NotebookEdit", check: () => ({ behavior: "allow" }) });
    expect((await decide({ tool: other, input: {}, mode: "plan" })).behavior).toBe("deny");
  });

  it("plan mode lets read-only tools through the normal checks", async () => {
    expect(
      (await decide({ ...file("Read", join(machine().project, "a.txt")), mode: "plan" })).behavior,
    ).toBe("allow");
    expect(
      (await decide({ ...file("Read", join(machine().outside, "file.txt")), mode: "plan" }))
        .behavior,
    ).toBe("ask");
  });

  it("disableBypassPermissionsMode makes bypassPermissions behave like default", async () => {
    const roots = { home: machine().home, stateDir: machine().stateDir, cwd: machine().project };
    const settings = mergeSettingsLayers(
      [
        {
          source: "project",
          origin: "p",
          settings: { permissions: { disableBypassPermissionsMode: "disable" } },
        },
      ],
      roots,
    );
    const locked = createPermissionEngine({
      settings,
      cwd: machine().project,
      stateDir: machine().stateDir,
      home: machine().home,
    });
    const open = engineFor(machine(), { project: {} });
    const context = makeToolUseContext({ cwd: machine().project, mode: "bypassPermissions" });
    const call = [TOOLS.Bash as AnyTool, { command: "rm -rf b" }, context] as const;
    expect((await open.decide(...call)).behavior).toBe("allow");
    expect((await locked.decide(...call)).behavior).toBe("ask");
  });
});

describe("PreToolUse hook decisions", () => {
  it("a hook's deny denies what rules allow", async () => {
    const d = await decide({
      rules: { allow: ["Bash"] },
      ...bash("ls"),
      hook: { behavior: "deny", reason: "no ls today" },
    });
    expect(d).toMatchObject({ behavior: "deny", reason: { type: "hook" } });
    expect(d.message).toContain("no ls today");
  });

  it("a hook's ask asks even when an allow rule matches", async () => {
    const d = await decide({
      rules: { allow: ["Bash(npm test:*)"] },
      ...bash("npm test"),
      hook: { behavior: "ask" },
    });
    expect(d).toMatchObject({ behavior: "ask", reason: { type: "hook" } });
  });

  it("a hook's allow allows what would otherwise ask", async () => {
    const d = await decide({
      ...file("Read", join(machine().outside, "file.txt")),
      hook: { behavior: "allow" },
    });
    expect(d).toMatchObject({ behavior: "allow", reason: { type: "hook" } });
  });

  it("a hook's allow does not override a deny rule, an ask rule or a safety check", async () => {
    const hook: HookDecision = { behavior: "allow" };
    expect(
      (await decide({ rules: { deny: ["Bash(rm:*)"] }, ...bash("rm x"), hook })).behavior,
    ).toBe("deny");
    expect((await decide({ rules: { ask: ["Bash(rm:*)"] }, ...bash("rm x"), hook })).behavior).toBe(
      "ask",
    );
    expect(
      (await decide({ ...file("Write", join(machine().project, ".git/config")), hook })).behavior,
    ).toBe("ask");
  });
});
