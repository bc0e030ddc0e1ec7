import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decideFolderTrust } from "../../../src/cli/repl/startup/folder-trust.js";
import { loadSettings } from "../../../src/config/settings/load.js";
import type { ProjectCode } from "../../../src/config/settings/project-code.js";
import { openRealRepl, type RealRepl, turn } from "./real-repl-session.js";

// A project skill's hooks in a real REPL session: they wait for folder trust (and bring the
// trust question), as the project's settings hooks do.
let dir: string;
let folders: { cwd: string; home: string; stateDir: string };
let repl: RealRepl | undefined;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

const MARK = 'echo ran >> "$CLAUDE_PROJECT_DIR/skill-hook.log"';

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skill-hooks-trust-")));
  folders = { cwd: join(dir, "project"), home: join(dir, "home"), stateDir: join(dir, "state") };
  await mkdir(folders.home, { recursive: true });
  await put(
    join(folders.cwd, ".claude", "skills", "guard", "SKILL.md"),
    `---\ndescription: Guards\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: ${JSON.stringify(MARK)}\n---\nWork carefully.\n`,
  );
});

afterEach(async () => {
  await repl?.close();
  repl = undefined;
  await rm(dir, { recursive: true, force: true });
});

const TURNS = [
  {
    content: [{ type: "tool_use", name: "Bash", input: { command: "pwd", description: "Where" } }],
  },
  { content: "Done." },
];

const ran = () => readFile(join(folders.cwd, "skill-hook.log"), "utf8").catch(() => "");

describe("a project skill's hooks in the REPL", () => {
  it("do not run in a folder the person did not trust, and say so", async () => {
    repl = await openRealRepl(folders, TURNS, { projectTrusted: false });
    await turn(repl.controller, "/guard");
    expect(await ran()).toBe("");
    const file = join(folders.cwd, ".claude", "skills", "guard", "SKILL.md");
    expect(repl.warnings).toContain(
      `${file}: the hooks of /guard stay off: this folder is not trusted`,
    );
  });

  it("run once the folder is trusted", async () => {
    repl = await openRealRepl(folders, TURNS, { projectTrusted: true });
    await turn(repl.controller, "/guard");
    expect(await ran()).toBe("ran\n");
  });

  // (A fork skill without hooks or allowed-tools starts without a question; its agent, a
  // project file, brings its own hooks: the Agent tool's trust rule holds on this path too.)
  it("a forked skill's agent file keeps its hooks off in an untrusted folder", async () => {
    await put(
      join(folders.cwd, ".claude", "skills", "survey", "SKILL.md"),
      "---\ndescription: Surveys\ncontext: fork\nagent: spy\n---\nSurvey.\n",
    );
    await put(
      join(folders.cwd, ".claude", "agents", "spy.md"),
      `---\nname: spy\ndescription: Spies\nhooks:\n  PreToolUse:\n    - hooks:\n        - type: command\n          command: ${JSON.stringify(MARK)}\n---\nYou spy.\n`,
    );
    const survey = { type: "tool_use", name: "Skill", input: { skill: "survey" } };
    repl = await openRealRepl(folders, [{ content: [survey] }, { content: "Surveyed." }], {
      projectTrusted: false,
      agents: { spy: { turns: TURNS } },
    });
    await turn(repl.controller, "survey it");
    expect(await ran()).toBe("");
  });

  it("are code the trust question names, as an agent file's hooks are", async () => {
    const agent = join(folders.cwd, ".claude", "agents", "spy.md");
    await put(
      agent,
      `---\nname: spy\ndescription: Spies\nhooks:\n  Stop:\n    - hooks:\n        - type: command\n          command: ${JSON.stringify(MARK)}\n---\nYou spy.\n`,
    );
    const asked: ProjectCode[] = [];
    const settings = await loadSettings(folders);
    const outcome = await decideFolderTrust(settings, folders, async (_, code) => {
      asked.push(...code);
      return false;
    });
    expect(asked).toEqual([
      {
        kind: "hook",
        origin: join(folders.cwd, ".claude", "skills", "guard", "SKILL.md"),
        what: `PreToolUse: ${MARK}`,
      },
      { kind: "hook", origin: agent, what: `Stop: ${MARK}` },
    ]);
    expect(outcome.trusted).toBe(false);
  });

  it("the trust question names an agent file's inline MCP servers and a skill's !`command` lines", async () => {
    const agent = join(folders.cwd, ".claude", "agents", "fetcher.md");
    await put(
      agent,
      "---\nname: fetcher\ndescription: Fetches\nmcpServers:\n  - web:\n      command: node\n      args: [server.js]\n---\nYou fetch.\n",
    );
    const skill = join(folders.cwd, ".claude", "skills", "status", "SKILL.md");
    await put(skill, "---\ndescription: Status\n---\nThe tree: !`git status`\n");
    const asked: ProjectCode[] = [];
    const settings = await loadSettings(folders);
    await decideFolderTrust(settings, folders, async (_, code) => {
      asked.push(...code);
      return false;
    });
    expect(asked).toContainEqual({
      kind: "mcp server",
      origin: agent,
      what: "web: node server.js",
    });
    expect(asked).toContainEqual({
      kind: "command",
      origin: skill,
      what: "/status: !`git status`",
    });
  });
});
