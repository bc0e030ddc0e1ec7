import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import { jsonLines, runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

let dir: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skill-fork-")));
  await put(
    ".claude/skills/survey/SKILL.md",
    "---\ndescription: Surveys the notes in a fresh context\ncontext: fork\nagent: surveyor\n---\nSURVEY-BODY: read notes.txt and report on $ARGUMENTS.\n",
  );
  await put(
    ".claude/agents/surveyor.md",
    "---\nname: surveyor\ndescription: Reads and reports\ntools: Read\n---\nYou survey files.\n",
  );
  await put("notes.txt", "INTERMEDIATE-NOTE-CONTENT\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A request's messages and system prompt as one string, with the agent it came from. */
function requestsOf(server: ScriptedServer): Array<{ agent: string; text: string }> {
  return server.requests.map((request) => ({
    agent: String(request.headers["x-keel-agent"] ?? ""),
    text: JSON.stringify(request.body),
  }));
}

describe("a context: fork skill", () => {
  it("runs its body as the named agent's prompt, and the caller sees only the final result", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [{ type: "tool_use", name: "Skill", input: { skill: "survey", args: "risks" } }],
        },
        { content: "The survey is in." },
      ],
      agents: {
        surveyor: {
          turns: [
            {
              content: [
                { type: "tool_use", name: "Read", input: { file_path: join(dir, "notes.txt") } },
              ],
            },
            { content: "FORK-FINAL: one risk found." },
          ],
        },
      },
    });
    const keel = await runKeel(["-p", "survey the risks"], {
      cwd: dir,
      env: anthropicEnv(server),
    });
    expect(server.violations).toEqual([]);
    expect(keel.stderr).toBe("");
    expect(keel.code).toBe(0);
    expect(keel.stdout.trim()).toBe("The survey is in.");

    const requests = requestsOf(server);
    expect(requests.map((r) => r.agent)).toEqual(["main", "surveyor", "surveyor", "main"]);
    // The subagent starts from the skill's body alone, with its agent's system prompt.
    const [, forkFirst, forkSecond, parentNext] = requests;
    expect(forkFirst?.text).toContain("SURVEY-BODY: read notes.txt and report on risks.");
    expect(forkFirst?.text).toContain("You survey files.");
    expect(forkFirst?.text).not.toContain("survey the risks");
    expect(forkSecond?.text).toContain("INTERMEDIATE-NOTE-CONTENT");
    // The parent's next request has the final result, not the skill's body or its turns.
    expect(parentNext?.text).toContain("FORK-FINAL: one risk found.");
    expect(parentNext?.text).toContain('Skill \\"survey\\" completed (forked execution).');
    expect(parentNext?.text).not.toContain("SURVEY-BODY");
    expect(parentNext?.text).not.toContain("INTERMEDIATE-NOTE-CONTENT");
  });

  it("typed as /name (stream-json), runs forked; the parent's next request has only its result", async () => {
    const server = await scriptedServer({
      turns: [{ content: "It found one risk." }],
      agents: {
        surveyor: {
          turns: [
            {
              content: [
                { type: "tool_use", name: "Read", input: { file_path: join(dir, "notes.txt") } },
              ],
            },
            { content: "FORK-FINAL: one risk found." },
          ],
        },
      },
    });
    const user = (content: string) =>
      JSON.stringify({ type: "user", message: { role: "user", content } });
    const keel = await runKeel(
      ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
      {
        cwd: dir,
        env: anthropicEnv(server),
        stdin: `${user("/survey risks")}\n${user("What did the survey find?")}\n`,
      },
    );
    expect(server.violations).toEqual([]);
    expect(keel.code).toBe(0);
    const results = jsonLines(keel.stdout).filter((m) => m.type === "result");
    expect(results.map((r) => [r.is_error, r.result ?? r.errors])).toEqual([
      [false, "FORK-FINAL: one risk found."],
      [false, "It found one risk."],
    ]);
    const requests = requestsOf(server);
    expect(requests.map((r) => r.agent)).toEqual(["surveyor", "surveyor", "main"]);
    expect(requests[0]?.text).toContain("SURVEY-BODY: read notes.txt and report on risks.");
    const parentNext = requests[2]?.text;
    expect(parentNext).toContain("<command-name>/survey</command-name>");
    expect(parentNext).toContain("FORK-FINAL: one risk found.");
    expect(parentNext).not.toContain("SURVEY-BODY");
    expect(parentNext).not.toContain("INTERMEDIATE-NOTE-CONTENT");
  });
});
