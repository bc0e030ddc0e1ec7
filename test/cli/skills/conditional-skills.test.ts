import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserCommand } from "../../../src/cli/repl/commands/command-file.js";
import { activatedBy } from "../../../src/cli/slash/conditional-skills.js";
import { engineSkillConfig } from "../../../src/cli/slash/session-skills.js";
import type { SessionSlash } from "../../../src/cli/slash/session-slash.js";
import type { ListedSkill } from "../../../src/session/skills/skill-listing.js";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

let dir: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-conditional-skills-")));
  await put(
    ".claude/skills/api-style/SKILL.md",
    "---\ndescription: How API handlers are written here\npaths: src/api/**\n---\nReturn errors as problem+json.\n",
  );
  await put("src/api/users.ts", "export const users = [];\n");
  await put("src/other.ts", "export const other = 1;\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const LISTED = "- api-style: How API handlers are written here";

function requestText(server: { requests: Array<{ body: unknown }> }, index: number): string {
  const body = server.requests[index]?.body as { messages?: unknown } | undefined;
  return JSON.stringify(body?.messages);
}

const call = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});

describe("a skill with paths (Claude Code's conditional skills)", () => {
  it("is listed and startable only once the model reads a file its globs match", async () => {
    const server = await scriptedServer({
      turns: [
        call("Read", { file_path: join(dir, "src/other.ts") }),
        call("Skill", { skill: "api-style" }),
        call("Read", { file_path: join(dir, "src/api/users.ts") }),
        call("Skill", { skill: "api-style" }),
        call("Read", { file_path: join(dir, "src/api/users.ts") }),
        { content: "Done." },
      ],
    });
    const keel = await runKeel(["-p", "tidy the handlers"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    expect(requestText(server, 0)).not.toContain("api-style");
    expect(requestText(server, 1)).not.toContain(LISTED);
    expect(requestText(server, 2)).toContain("Unknown skill: api-style");
    expect(requestText(server, 3)).toContain(LISTED);
    expect(requestText(server, 4)).toContain("Return errors as problem+json.");
    // Listed once: reading a matching file again adds no second listing.
    expect(requestText(server, 5).split(LISTED)).toHaveLength(2);
  });

  it("runs as /name whatever the model has read", async () => {
    const server = await scriptedServer({ turns: [{ content: "Done." }] });
    const keel = await runKeel(["-p", "/api-style"], { cwd: dir, env: anthropicEnv(server) });
    expect(keel.code).toBe(0);
    expect(requestText(server, 0)).toContain("Return errors as problem+json.");
  });
});

describe("activatedBy", () => {
  const skill = (name: string, paths?: string[]): UserCommand => ({
    name,
    scope: "project skill",
    file: `/p/.claude/skills/${name}/SKILL.md`,
    body: "",
    ...(paths ? { paths } : {}),
  });
  const skills = [skill("api", ["src/api/**"]), skill("docs", ["*.md", "docs/**"]), skill("any")];

  it("takes paths relative to the working folder, each glob of a skill counting", () => {
    const names = (touched: string[], active = new Set<string>()) =>
      activatedBy(skills, touched, "/p", active).map((s) => s.name);
    expect(names(["/p/src/api/v1/users.ts"])).toEqual(["api"]);
    expect(names(["/p/README.md", "/p/docs/a/b.txt"])).toEqual(["docs"]);
    expect(names(["/p/src/main.ts"])).toEqual([]);
    expect(names(["/p/src/api/x.ts"], new Set(["api"]))).toEqual([]);
  });

  it("matches nothing outside the working folder", () => {
    expect(activatedBy(skills, ["/elsewhere/src/api/x.ts", "/README.md"], "/p", new Set())).toEqual(
      [],
    );
  });
});

describe("the listing a compaction brings back", () => {
  it("holds the skills brought into play since the session started", () => {
    const listed: ListedSkill[] = [{ name: "greet", description: "Greets a person" }];
    // The parts engineSkillConfig reads of a session's slash commands.
    const slash = {
      start: { commands: [], skillNames: ["greet", "api-style"], problems: [] },
      listed: () => listed,
      takeAdded: () => [],
      mcpPrompts: () => [],
    } as unknown as SessionSlash;
    const config = engineSkillConfig(slash, { contextWindowTokens: 200_000 });
    expect(config.skillListing()).not.toContain("api-style");
    listed.push({ name: "api-style", description: "How API handlers are written here" });
    expect(config.skillListing()).toContain(LISTED);
  });
});
