import { describe, expect, it } from "vitest";
import { createSkillHooks, type HookedCommand } from "../../src/hooks/skill-scoped-hooks.js";
import { echoTool } from "../loop/tools.js";

const signal = new AbortController().signal;

/** A registry whose hook commands are recorded instead of run (the engine's runner seam). */
function registry(projectTrusted = true) {
  const warnings: string[] = [];
  const ran: string[] = [];
  const skills = createSkillHooks({
    base: {
      sessionId: "s",
      transcriptPath: "/t.jsonl",
      cwd: "/p",
      env: {},
      permissionMode: () => "default",
      report: (notice) => warnings.push(JSON.stringify(notice)),
      runCommand: async (request) => {
        ran.push(request.command);
        return { kind: "exited", exitCode: 0, exitSignal: null, stdout: "", stderr: "" };
      },
    },
    warn: (text) => warnings.push(text),
    projectTrusted,
  });
  return { skills, warnings, ran };
}

const bashGroup = (hooks: unknown[]) => [{ matcher: "Echo", hooks }];

const skill = (hooks: Record<string, unknown>, fromProject = false): HookedCommand => ({
  name: "guard",
  file: "/p/.claude/skills/guard/SKILL.md",
  hooks,
  fromProject,
});

describe("a skill's hooks in the session", () => {
  it("keep the good entries, tell each broken one once by file and key, and run nothing before `add`", async () => {
    const { skills, warnings, ran } = registry();
    const guard = skill({
      PreToolUse: bashGroup([
        { type: "command", command: "good" },
        { type: "command", command: "" },
      ]),
      Notification: [{ hooks: [{ type: "command", command: "told" }] }],
    });
    await skills.tool.preToolUse(echoTool, { text: "a" }, "t0", signal);
    expect(ran).toEqual([]);
    skills.add(guard);
    skills.add(guard);
    await skills.tool.preToolUse(echoTool, { text: "a" }, "t1", signal);
    expect(ran).toEqual(["good"]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^\/p\/\.claude\/skills\/guard\/SKILL\.md: hooks\.PreToolUse\[0\]\.hooks\[1\]/,
      ),
      "/p/.claude/skills/guard/SKILL.md: hooks.Notification: keel runs a skill's PreToolUse, PostToolUse, Stop hooks; its Notification hooks do not run",
    ]);
  });

  it("run a `once` hook on the first call only", async () => {
    const { skills, ran } = registry();
    skills.add(
      skill({ PreToolUse: bashGroup([{ type: "command", command: "first", once: true }]) }),
    );
    await skills.tool.preToolUse(echoTool, { text: "a" }, "t1", signal);
    await skills.tool.preToolUse(echoTool, { text: "a" }, "t2", signal);
    expect(ran).toEqual(["first"]);
  });

  it("from an untrusted project: off, said once, and none for a forked run either", async () => {
    const { skills, warnings, ran } = registry(false);
    const guard = skill({ PreToolUse: bashGroup([{ type: "command", command: "x" }]) }, true);
    skills.add(guard);
    expect(skills.checked(guard)).toBeUndefined();
    await skills.tool.preToolUse(echoTool, { text: "a" }, "t1", signal);
    expect(ran).toEqual([]);
    expect(warnings).toEqual([
      "/p/.claude/skills/guard/SKILL.md: the hooks of /guard stay off: this folder is not trusted",
    ]);
  });
});
