import { cp, mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import { jsonLines, runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

// The skill fixture set (test/fixtures/skills, written as published skills are) copied into a
// project's .claude/skills and run through the built `keel -p` on the scripted model.
const FIXTURES = fileURLToPath(new URL("../../fixtures/skills", import.meta.url));

let dir: string;
const skillDir = (name: string) => join(dir, ".claude/skills", name);
const skillFile = (name: string) => join(skillDir(name), "SKILL.md");

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skill-fixtures-")));
  // The skill folders only (not the set's README and biome settings).
  const skillsOnly = (from: string) => !/[/\\](README\.md|biome\.json)$/.test(from);
  await cp(FIXTURES, join(dir, ".claude/skills"), { recursive: true, filter: skillsOnly });
  const put = async (path: string, text: string) => {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  };
  await put("src/a.ts", "export const a = 1; // TODO: split\n// FIXME: leaks on retry\n");
  await put("src/api/users.ts", "export const users = []; // TODO paging\n");
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Everything a request's messages say, as one string. */
function messagesText(server: ScriptedServer, index: number): string {
  const body = server.requests[index]?.body as { messages?: unknown } | undefined;
  return JSON.stringify(body?.messages);
}

/** Which agent each request came from (keel names it in a header). */
function agentsOf(server: ScriptedServer): string[] {
  return server.requests.map((request) => String(request.headers["x-keel-agent"] ?? ""));
}

const call = (name: string, input: Record<string, unknown>) => ({
  content: [{ type: "tool_use", name, input }],
});

const userLine = (text: string) =>
  JSON.stringify({ type: "user", message: { role: "user", content: text } });

/** The problems the set is meant to have, as keel reports them on stderr. */
const problems = () => [
  `keel: ${skillFile("commit-helper")}:4: context: must be "fork"; left out`,
  `keel: ${skillFile("commit-helper")}:5: effort: must be one of low, medium, high, xhigh, max; left out`,
  `keel: ${skillFile("lint-fix")}:7: the frontmatter is not valid YAML (A block sequence may not be used as an implicit map key); the skill was skipped`,
];

describe("the skill fixture set in keel -p", () => {
  it("loads: system/init, the problems on stderr, and the first request's listing", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hi." }] });
    const keel = await runKeel(["-p", "hello", "--output-format", "stream-json", "--verbose"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    // --verbose adds keel's own progress lines; the set's problems come first, in file order.
    const reported = keel.stderr.split("\n").filter((line) => line.includes("SKILL.md"));
    expect(reported).toEqual(problems());

    const init = jsonLines(keel.stdout).find((m) => m.type === "system" && m.subtype === "init");
    if (init?.type !== "system" || init.subtype !== "init") throw new Error("no system/init");
    // lint-fix (not YAML) is skipped; commit-helper loads without its two bad fields.
    expect(init.skills).toEqual([
      "api-handlers",
      "codebase-survey",
      "commit-helper",
      "db-migrate",
      "house-style",
      "release-notes",
      "todo-report",
    ]);
    // house-style is the model's only (user-invocable: false).
    expect(init.slash_commands).toEqual([
      "api-handlers",
      "codebase-survey",
      "commit-helper",
      "db-migrate",
      "release-notes",
      "todo-report",
      "compact",
      "context",
      "cost",
      "init",
    ]);

    const listing = messagesText(server, 0);
    expect(listing).toContain("The following skills are available for use with the Skill tool:");
    expect(listing).toContain(
      "- todo-report: Counts the TODO and FIXME markers left in a folder and writes a short report",
    );
    expect(listing).toContain(
      "- house-style: The team's writing rules for user-facing text (error messages, docs, changelogs) - whenever you write or edit text a user will read",
    );
    expect(listing).toContain("- codebase-survey: Maps an unfamiliar codebase");
    expect(listing).toContain("- commit-helper: Writes a conventional commit message");
    // disable-model-invocation (also as the string "true"), paths not yet matched, not YAML.
    for (const absent of ["release-notes", "db-migrate", "api-handlers", "lint-fix"]) {
      expect(listing).not.toContain(`- ${absent}`);
    }
    const first = server.requests[0]?.body as { tools?: Array<{ name: string }> } | undefined;
    expect((first?.tools ?? []).map((tool) => tool.name)).toContain("Skill");
  });

  it("todo-report: the Skill call loads the body, its script runs by its allowed-tools rule, the reference is read", async () => {
    const script = `bash ${skillDir("todo-report")}/scripts/count-todos.sh ${join(dir, "src")}`;
    const reference = join(skillDir("todo-report"), "references/marker-conventions.md");
    const server = await scriptedServer({
      turns: [
        call("Skill", { skill: "todo-report", args: "src" }),
        call("Bash", { command: script }),
        call("Read", { file_path: reference }),
        { content: "3 markers, 1 blocking." },
      ],
    });
    const keel = await runKeel(["-p", "what is left to do in src?", "--allowedTools", "Skill"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    expect(keel.stdout).toBe("3 markers, 1 blocking.\n");

    const loaded = messagesText(server, 1);
    expect(loaded).toContain("Launching skill: todo-report");
    expect(loaded).toContain(`Base directory for this skill: ${skillDir("todo-report")}`);
    expect(loaded).toContain(`bash ${skillDir("todo-report")}/scripts/count-todos.sh <folder>`);
    // The script's real output: one line per file, then the total.
    const ran = messagesText(server, 2);
    expect(ran).toContain("2 a.ts\\n1 api/users.ts\\nTODO-REPORT: 3 open markers in 2 files");
    expect(messagesText(server, 3)).toContain("MARKER-CONVENTIONS-V2");
  });

  it("without the skill, the same script call is denied in print mode", async () => {
    const script = `bash ${skillDir("todo-report")}/scripts/count-todos.sh ${join(dir, "src")}`;
    const server = await scriptedServer({
      turns: [call("Bash", { command: script }), { content: "Denied." }],
    });
    const keel = await runKeel(["-p", "count the todos", "--allowedTools", "Skill"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    const next = messagesText(server, 1);
    expect(next).toContain('"is_error":true');
    expect(next).not.toContain("TODO-REPORT");
  });

  it("the model: a fork skill runs as Explore, a disable-model-invocation skill is refused, a paths skill comes in on a matching Read", async () => {
    const server = await scriptedServer({
      turns: [
        call("Skill", { skill: "release-notes", args: "2.4.0" }),
        call("Skill", { skill: "codebase-survey", args: "the test setup" }),
        call("Read", { file_path: join(dir, "src/api/users.ts") }),
        call("Skill", { skill: "api-handlers" }),
        { content: "Surveyed." },
      ],
      agents: { Explore: { turns: [{ content: "SURVEY-FINAL: tests run with vitest." }] } },
    });
    const keel = await runKeel(["-p", "get to know the project", "--allowedTools", "Skill"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    expect(agentsOf(server)).toEqual(["main", "main", "Explore", "main", "main", "main"]);

    expect(messagesText(server, 1)).toContain(
      "Skill release-notes cannot be used with Skill tool due to disable-model-invocation",
    );
    expect(messagesText(server, 1)).not.toContain("Draft the release notes");
    // The subagent's one prompt is the expanded body; the caller sees only its final text.
    const fork = messagesText(server, 2);
    expect(fork).toContain("Survey this repository with a focus on: the test setup");
    expect(fork).not.toContain("get to know the project");
    const back = messagesText(server, 3);
    expect(back).toContain('Skill \\"codebase-survey\\" completed (forked execution).');
    expect(back).toContain("SURVEY-FINAL: tests run with vitest.");
    expect(back).not.toContain("SURVEY-INSTRUCTIONS-END");
    expect(back).not.toContain("- api-handlers");
    // Reading src/api/users.ts matches src/api/**/*.ts: listed next, then startable.
    expect(messagesText(server, 4)).toContain(
      "- api-handlers: How HTTP handlers in this project validate input and report errors",
    );
    const handlers = messagesText(server, 5);
    expect(handlers).toContain("API-HANDLERS-RULES");
    expect(handlers).toContain(
      `(see \`references/problem-json.md\` in ${skillDir("api-handlers")})`,
    );
  });

  it("a person's /name: named arguments, model and effort, a bad field left out, the model-only and broken ones refused", async () => {
    // Each turn's model writes a file: the first two skills' allowed-tools (a YAML list, one
    // quoted string) allow it; commit-helper has none, so its Write is denied.
    const write = (path: string) => call("Write", { file_path: join(dir, path), content: "x\n" });
    const server = await scriptedServer({
      turns: [
        write("RELEASE-NOTES-2.4.0.md"),
        { content: "notes" },
        write("migrations/001-add-users-email.sql"),
        { content: "migration" },
        write("COMMIT_MSG"),
        { content: "message" },
      ],
    });
    const keel = await runKeel(
      ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
      {
        cwd: dir,
        env: anthropicEnv(server),
        stdin: [
          JSON.stringify({
            type: "control_request",
            request_id: "init",
            request: { subtype: "initialize" },
          }),
          '/release-notes 2.4.0 "faster startup"',
          "/house-style",
          "/db-migrate add users.email",
          "/commit-helper",
          "/lint-fix src",
        ]
          .map((line) => `${line.startsWith("{") ? line : userLine(line)}\n`)
          .join(""),
      },
    );
    expect(server.violations).toEqual([]);
    // The exit code is the last result's: /lint-fix's error.
    expect(keel.code).toBe(1);
    // The SDK's supportedCommands(): argument hints as written (a YAML list kept as the list).
    type InitAnswer = { response: { response: { commands: Array<Record<string, unknown>> } } };
    const answer = (jsonLines(keel.stdout) as unknown as Array<{ type: string }>).find(
      (line) => line.type === "control_response",
    ) as InitAnswer | undefined;
    const commands = answer?.response.response.commands ?? [];
    expect(commands.find((c) => c.name === "release-notes")).toEqual({
      name: "release-notes",
      description:
        "Use when: the user is cutting a release and needs the notes drafted from the commits since the last tag",
      argumentHint: "[version, notes]",
    });
    expect(commands.find((c) => c.name === "db-migrate")?.argumentHint).toBe("<what changes>");
    expect(commands.map((c) => c.name)).not.toContain("house-style");
    const results = jsonLines(keel.stdout).filter((m) => m.type === "result");
    expect(results.map((r) => [r.is_error, r.result ?? r.errors])).toEqual([
      [false, "notes"],
      [true, ["/house-style can only be started by the model (user-invocable: false)"]],
      [false, "migration"],
      [false, "message"],
      [true, ["Unknown command: /lint-fix"]],
    ]);
    expect(server.requests).toHaveLength(6);

    const notes = messagesText(server, 0);
    expect(notes).toContain("Draft the release notes for version 2.4.0.");
    expect(notes).toContain("Put the person's own highlight first: faster startup");
    expect(notes).toContain("`RELEASE-NOTES-2.4.0.md`");
    expect(notes).toContain(`${skillDir("release-notes")}/templates/notes.md`);

    const migration = server.requests[2]?.body as {
      model: string;
      output_config?: { effort?: string };
    };
    expect(messagesText(server, 2)).toContain("Write a migration for: add users.email");
    expect(migration.model).toBe("claude-opus-5-5");
    expect(migration.output_config?.effort).toBe("medium");
    // The skill's model and effort hold for its turn only.
    const next = server.requests[4]?.body as typeof migration;
    expect(next.model).not.toBe("claude-opus-5-5");
    expect(next.output_config?.effort).toBeUndefined();

    // commit-helper's `context: subagent` was left out: it runs inline, in the main agent.
    expect(agentsOf(server)).toEqual(["main", "main", "main", "main", "main", "main"]);
    expect(messagesText(server, 4)).toContain("COMMIT-HELPER-BODY");

    expect(await readFile(join(dir, "RELEASE-NOTES-2.4.0.md"), "utf8")).toBe("x\n");
    expect(await readFile(join(dir, "migrations/001-add-users-email.sql"), "utf8")).toBe("x\n");
    await expect(readFile(join(dir, "COMMIT_MSG"), "utf8")).rejects.toThrow();
    expect(messagesText(server, 5)).toContain('"is_error":true');
  });
});
