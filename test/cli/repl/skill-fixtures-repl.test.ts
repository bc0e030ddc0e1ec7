import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { commandNotice, openRealRepl, type RealRepl, turn } from "./real-repl-session.js";
import { notices, until } from "./repl-harness.js";

// The skill fixture set (test/fixtures/skills) in a project, and the two real skills of
// shared/fixtures/claude-configs as the person's own, in a real REPL session on the scripted
// model: keel's own skill loading, settings, permissions and tools.
const FIXTURES = fileURLToPath(new URL("../../fixtures/skills", import.meta.url));
// The shared corpus sits beside the repository (as test/conformance reads it).
const CORPUS = fileURLToPath(
  new URL("../../../../shared/fixtures/claude-configs", import.meta.url),
);
const REAL_SKILLS = [
  join(CORPUS, "ChrisWiles__claude-code-showcase/.claude/skills/core-components"),
  join(CORPUS, "centminmod__my-claude-code-setup/.claude/skills/consult-zai"),
];
const corpusMissing = !existsSync(join(CORPUS, "SOURCES.md"));
if (corpusMissing)
  console.warn(`skill fixtures: corpus missing at ${CORPUS}; its two skills not run`);

let dir: string;
let folders: { cwd: string; home: string; stateDir: string };
let repl: RealRepl | undefined;
const skillDir = (name: string) => join(folders.cwd, ".claude/skills", name);

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skill-fixtures-repl-")));
  folders = { cwd: join(dir, "project"), home: join(dir, "home"), stateDir: join(dir, "state") };
  const skillsOnly = (from: string) => !/[/\\](README\.md|biome\.json)$/.test(from);
  await cp(FIXTURES, join(folders.cwd, ".claude/skills"), { recursive: true, filter: skillsOnly });
  await mkdir(folders.stateDir, { recursive: true });
  // The person lets the model start skills; what a skill's own tools may do is its allowed-tools'.
  await put(
    join(folders.cwd, ".claude/settings.json"),
    JSON.stringify({ permissions: { allow: ["Skill"] } }),
  );
  await put(join(folders.cwd, "src/a.ts"), "export const a = 1; // TODO: split\n// FIXME: leaks\n");
});

afterEach(async () => {
  await repl?.close();
  repl = undefined;
  await rm(dir, { recursive: true, force: true });
});

const call = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});

/** The conversation the session's engine holds, as one string. */
function conversation(session: RealRepl["session"]): string {
  return JSON.stringify(session.engine.messages ?? []);
}

/** The notice the session opens with when files could not be loaded (it comes on its own). */
async function problemsNotice(opened: RealRepl): Promise<{ text: string; tone: string }> {
  const isProblems = (n: { text: string }) => n.text.startsWith("Some commands or skills");
  const state = await until(opened.controller, (s) => notices(s).some(isProblems), "problems");
  return notices(state).find(isProblems) ?? { text: "", tone: "" };
}

describe("the skill fixture set in the REPL", () => {
  it("/skills lists it, the problems notice names the broken files, /name and the Skill tool run skills", async () => {
    const script = `bash ${skillDir("todo-report")}/scripts/count-todos.sh ${join(folders.cwd, "src")}`;
    repl = await openRealRepl(folders, [
      // /release-notes: its allowed-tools (a YAML list) let the Write through unasked.
      call("Write", { file_path: join(folders.cwd, "RELEASE-NOTES-2.4.0.md"), content: "x\n" }),
      { content: "Notes drafted." },
      // A prompt: the model starts todo-report and runs its script by the skill's Bash(bash:*).
      call("Skill", { skill: "todo-report", args: "src" }),
      call("Bash", { command: script, description: "Count the markers" }),
      { content: "2 markers." },
    ]);
    const { controller, session } = repl;

    const problems = await problemsNotice(repl);
    expect(problems.tone).toBe("error");
    expect(problems.text).toContain(
      `${skillDir("lint-fix")}/SKILL.md:7: the frontmatter is not valid YAML`,
    );
    expect(problems.text).toContain(`${skillDir("commit-helper")}/SKILL.md:4: context:`);
    expect(problems.text).toContain(`${skillDir("commit-helper")}/SKILL.md:5: effort:`);

    const listed = (await commandNotice(controller, "/skills")).text.split("\n");
    const line = (name: string) => listed.find((l) => l.startsWith(`  ${name}  `)) ?? "";
    expect(line("todo-report")).toBe(
      `  todo-report  ${"Counts the TODO and FIXME markers left in a folder and writes a short report of where the open work is. Use this skill when the user asks what is left to do, wants a TODO/FIXME inventory before a release, or asks to clean up leftover markers. Runs a bundled shell script, so it works without any project tooling."} (project skill) ${skillDir("todo-report")}/SKILL.md`,
    );
    expect(line("house-style")).toContain("(project skill, the model only)");
    expect(line("release-notes")).toContain(
      "Use when: the user is cutting a release and needs the notes drafted from the commits since the last tag (project skill, you only (/name))",
    );
    expect(line("db-migrate")).toContain("(project skill, you only (/name))");
    expect(line("codebase-survey")).toContain("(project skill) ");
    expect(line("api-handlers")).toContain("(project skill) ");
    expect(line("commit-helper")).toContain("(project skill) ");
    expect(line("lint-fix")).toBe("");
    expect(listed.filter((l) => l.startsWith("  "))).toHaveLength(7);

    await turn(controller, '/release-notes 2.4.0 "faster startup"');
    expect(conversation(session)).toContain("Draft the release notes for version 2.4.0.");
    expect(conversation(session)).toContain("Put the person's own highlight first: faster startup");
    expect(await readFile(join(folders.cwd, "RELEASE-NOTES-2.4.0.md"), "utf8")).toBe("x\n");

    expect(await commandNotice(controller, "/house-style")).toEqual({
      text: "/house-style can only be started by the model (user-invocable: false).",
      tone: expect.any(String),
    });
    expect((await commandNotice(controller, "/lint-fix src")).text).toBe(
      "Unknown command /lint-fix. /help lists the commands.",
    );

    await turn(controller, "what is left to do in src?");
    const after = conversation(session);
    expect(after).toContain(`Base directory for this skill: ${skillDir("todo-report")}`);
    expect(after).toContain("2 a.ts\\nTODO-REPORT: 2 open markers in 1 files");
  });

  it.skipIf(corpusMissing)(
    "the two real skills of the corpus load as the person's own and run as /name",
    async () => {
      for (const real of REAL_SKILLS) {
        const name = real.split("/").at(-1) ?? "";
        await cp(real, join(folders.home, ".claude/skills", name), { recursive: true });
      }
      repl = await openRealRepl(folders, [{ content: "Using the tokens." }]);
      await problemsNotice(repl);
      const listed = (await commandNotice(repl.controller, "/skills")).text.split("\n");
      const home = join(folders.home, ".claude/skills");
      expect(listed).toContain(
        `  core-components  Core component library and design system patterns. Use when building UI, using design tokens, or working with the component library. (user skill) ${home}/core-components/SKILL.md`,
      );
      expect(listed.find((l) => l.startsWith("  consult-zai  "))).toMatch(
        /^ {2}consult-zai {2}Dual-AI code analysis .* \(user skill\) .*\/consult-zai\/SKILL\.md$/,
      );
      await turn(repl.controller, "/core-components");
      const sent = conversation(repl.session);
      expect(sent).toContain(`Base directory for this skill: ${home}/core-components`);
      expect(sent).toContain("# Core Components");
      expect(sent).toContain("Using the tokens.");
    },
  );
});
