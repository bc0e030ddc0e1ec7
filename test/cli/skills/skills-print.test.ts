import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

let dir: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(dir, path)), { recursive: true });
  await writeFile(join(dir, path), text);
}

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-skills-")));
  await put(
    ".claude/skills/greet/SKILL.md",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the skill's own placeholder
    "---\nname: greet\ndescription: Greets a person by name\nwhen_to_use: when someone says hello\n---\nGreet $ARGUMENTS warmly. Templates live in ${CLAUDE_SKILL_DIR}/templates.\n",
  );
  await put(
    ".claude/skills/deploy/SKILL.md",
    "---\ndescription: Deploys the site\ndisable-model-invocation: true\n---\nDeploy to $0 now.\n",
  );
  await put(
    ".claude/skills/house-style/SKILL.md",
    "---\ndescription: The house writing style\nuser-invocable: false\n---\nWrite in short sentences.\n",
  );
  await put(
    ".claude/commands/commit.md",
    "---\ndescription: Commit the work\n---\nCommit: $ARGUMENTS\n",
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Body = {
  messages: Array<{
    role: string;
    content: string | Array<{ type: string; text?: string; content?: unknown }>;
  }>;
  tools?: Array<{ name: string }>;
};

function bodyOf(server: ScriptedServer, index: number): Body {
  return server.requests[index]?.body as Body;
}

/** Everything the request's messages say, as one string. */
function messagesText(body: Body): string {
  return JSON.stringify(body.messages);
}

async function run(prompt: string, turns: unknown[] = [{ content: "Done." }], args: string[] = []) {
  const server = await scriptedServer({ turns });
  const keel = await runKeel(["-p", prompt, ...args], { cwd: dir, env: anthropicEnv(server) });
  expect(server.violations).toEqual([]);
  return { keel, server };
}

describe("skills and commands in keel -p", () => {
  it("/commit args sends the command file's expansion, not the slash text", async () => {
    const { keel, server } = await run("/commit fix the parser");
    expect(keel.code).toBe(0);
    const text = messagesText(bodyOf(server, 0));
    expect(text).toContain("Commit: fix the parser");
    expect(text).not.toContain("/commit fix the parser");
  });

  it("/skill args sends the skill's body with its folder filled in", async () => {
    const { keel, server } = await run("/greet Ada");
    expect(keel.code).toBe(0);
    const text = messagesText(bodyOf(server, 0));
    expect(text).toContain(`Base directory for this skill: ${join(dir, ".claude/skills/greet")}`);
    expect(text).toContain(
      `Greet Ada warmly. Templates live in ${join(dir, ".claude/skills/greet")}/templates.`,
    );
  });

  it("a disable-model-invocation skill still runs as /name", async () => {
    const { server } = await run("/deploy staging");
    expect(messagesText(bodyOf(server, 0))).toContain("Deploy to staging now.");
  });

  it("lists the model's skills and described commands within a reminder, and offers the Skill tool", async () => {
    const { server } = await run("hello");
    const body = bodyOf(server, 0);
    const text = messagesText(body);
    expect(text).toContain("The following skills are available for use with the Skill tool:");
    expect(text).toContain("- greet: Greets a person by name - when someone says hello");
    expect(text).toContain("- house-style: The house writing style");
    expect(text).toContain("- commit: Commit the work");
    expect(text).not.toContain("- deploy");
    expect(body.tools?.map((t) => t.name)).toContain("Skill");
  });

  it("the settings' skillListingMaxDescChars and skillListingBudgetFraction shape the listing", async () => {
    await put(".claude/settings.json", JSON.stringify({ skillListingMaxDescChars: 10 }));
    const cut = await run("hello");
    expect(cut.keel.stderr).toBe("");
    expect(messagesText(bodyOf(cut.server, 0))).toContain("- greet: Greets a…");
    await put(".claude/settings.json", JSON.stringify({ skillListingBudgetFraction: 0.00001 }));
    const names = await run("hello");
    expect(names.keel.stderr).toBe("");
    expect(messagesText(bodyOf(names.server, 0))).toContain("- greet\\n- house-style");
  });

  it("an unknown /name is an error, exit 1, and nothing is sent", async () => {
    const { keel, server } = await run("/nosuch thing");
    expect(keel.code).toBe(1);
    expect(keel.stderr).toContain("Unknown command: /nosuch");
    expect(server.requests).toHaveLength(0);
  });

  it("a user-invocable: false skill is refused as /name", async () => {
    const { keel, server } = await run("/house-style");
    expect(keel.code).toBe(1);
    expect(keel.stderr).toContain("/house-style can only be started by the model");
    expect(server.requests).toHaveLength(0);
  });

  it("a prompt starting with a path is sent as written", async () => {
    const { keel, server } = await run("/tmp is full, why?");
    expect(keel.code).toBe(0);
    expect(messagesText(bodyOf(server, 0))).toContain("/tmp is full, why?");
  });

  it("the Skill tool loads the skill's instructions after its result", async () => {
    const { keel, server } = await run("say hello to Ada", [
      { content: [{ type: "tool_use", name: "Skill", input: { skill: "greet", args: "Ada" } }] },
      { content: "Hello Ada!" },
    ]);
    expect(keel.code).toBe(0);
    expect(keel.stdout).toBe("Hello Ada!\n");
    const text = messagesText(bodyOf(server, 1));
    expect(text).toContain("Launching skill: greet");
    expect(text).toContain("Greet Ada warmly.");
  });

  it("a Skill(name) deny rule stops the skill even where the tool would start it unasked", async () => {
    const call = { skill: "greet", args: "Ada" };
    const { server } = await run(
      "say hello to Ada",
      [
        { content: [{ type: "tool_use", name: "Skill", input: call }] },
        { content: "Not allowed." },
      ],
      ["--allowedTools", "Skill", "--disallowedTools", "Skill(greet *)"],
    );
    const text = messagesText(bodyOf(server, 1));
    expect(text).toContain("Skill(greet *)");
    expect(text).not.toContain("Greet Ada warmly.");
  });

  it("the Skill tool refuses a disable-model-invocation skill", async () => {
    const { server } = await run("deploy", [
      { content: [{ type: "tool_use", name: "Skill", input: { skill: "deploy" } }] },
      { content: "Cannot." },
    ]);
    const text = messagesText(bodyOf(server, 1));
    expect(text).toContain(
      "Skill deploy cannot be used with Skill tool due to disable-model-invocation",
    );
    expect(text).not.toContain("Deploy to");
  });

  it("a skill's allowed-tools allow its calls until the next prompt", async () => {
    await put(
      ".claude/skills/notes/SKILL.md",
      "---\ndescription: Writes notes\nallowed-tools: Write\n---\nWrite the notes.\n",
    );
    const write = { file_path: join(dir, "notes.txt"), content: "noted\n" };
    const { keel } = await run(
      "take notes",
      [
        { content: [{ type: "tool_use", name: "Skill", input: { skill: "notes" } }] },
        { content: [{ type: "tool_use", name: "Write", input: write }] },
        { content: "Written." },
      ],
      ["--allowedTools", "Skill"],
    );
    expect(keel.code).toBe(0);
    expect(await readFile(join(dir, "notes.txt"), "utf8")).toBe("noted\n");
  });

  it("without the skill the same Write is denied in print mode", async () => {
    const write = { file_path: join(dir, "notes.txt"), content: "noted\n" };
    const { server } = await run("take notes", [
      { content: [{ type: "tool_use", name: "Write", input: write }] },
      { content: "Denied." },
    ]);
    expect(messagesText(bodyOf(server, 1))).toContain("is_error");
    await expect(readFile(join(dir, "notes.txt"), "utf8")).rejects.toThrow();
  });

  it("a SKILL.md whose frontmatter does not parse is named with its line and skipped", async () => {
    await put(
      ".claude/skills/broken/SKILL.md",
      "---\ndescription: ok\nfoo:\n  - a\n - b\n---\nBody.\n",
    );
    const { keel, server } = await run("hello");
    expect(keel.code).toBe(0);
    expect(keel.stderr).toContain(
      `${join(dir, ".claude/skills/broken/SKILL.md")}:5: the frontmatter is not valid YAML`,
    );
    expect(messagesText(bodyOf(server, 0))).not.toContain("- broken");
  });
});

const userLine = (text: string) =>
  JSON.stringify({
    type: "user",
    message: { role: "user", content: text },
    parent_tool_use_id: null,
  });

describe("skills and commands over stream-json input", () => {
  it("expands /name in a user message; init lists the slash commands and skills", async () => {
    const server = await scriptedServer({ turns: [{ content: "first" }, { content: "second" }] });
    const keel = await runKeel(
      ["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"],
      {
        cwd: dir,
        env: anthropicEnv(server),
        stdin: `${userLine("/commit tidy up")}\n${userLine("/nosuch")}\n${userLine("/greet Bo")}\n`,
      },
    );
    expect(server.violations).toEqual([]);
    const lines = keel.stdout
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const init = lines.find((l) => l.type === "system" && l.subtype === "init");
    expect(init?.skills).toEqual(["deploy", "greet", "house-style"]);
    expect(init?.slash_commands).toEqual([
      "deploy",
      "greet",
      "commit",
      "compact",
      "context",
      "cost",
      "init",
    ]);
    const results = lines.filter((l) => l.type === "result");
    expect(results.map((r) => r.is_error)).toEqual([false, true, false]);
    expect(results[1]?.errors).toEqual(["Unknown command: /nosuch"]);
    expect(server.requests).toHaveLength(2);
    expect(messagesText(bodyOf(server, 0))).toContain("Commit: tidy up");
    expect(messagesText(bodyOf(server, 1))).toContain("Greet Bo warmly.");
    expect(keel.code).toBe(0);
  });
});
