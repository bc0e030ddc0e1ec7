import { describe, expect, it } from "vitest";
import { skillCommand } from "../../../src/cli/slash/skill-command.js";
import type { Skill } from "../../../src/config/skills/skill.js";

const skill = (dir: string, body: string): Skill => ({
  name: "deploy",
  source: "project",
  dir,
  file: `${dir}/SKILL.md`,
  body,
  modelInvocable: true,
  userInvocable: true,
});

describe("skillCommand", () => {
  it("fills the skill-dir variable with the folder as written, a $& or $' in its name too", () => {
    const dir = "/work/price$&cost/a$'b";
    const command = skillCommand(skill(dir, `Run \${CLAUDE_SKILL_DIR}/run.sh now`), "s-1");
    expect(command.body).toBe(`Base directory for this skill: ${dir}\n\nRun ${dir}/run.sh now`);
  });
});
