import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

async function skill(root: string, name: string, frontmatter: string, body: string) {
  await mkdir(join(root, ".claude", "skills", name), { recursive: true });
  await writeFile(
    join(root, ".claude", "skills", name, "SKILL.md"),
    `---\n${frontmatter}\n---\n${body}\n`,
  );
}

const sandbox = useSdkSandbox(async ({ cwd, home }) => {
  await skill(cwd, "greet", "description: Greets a person", "Greet $ARGUMENTS warmly.");
  await skill(home, "tidy", "description: Tidies the desk\nargument-hint: <desk>", "Tidy $1.");
  await skill(cwd, "house-style", "description: House style\nuser-invocable: false", "Be brief.");
  await mkdir(join(cwd, ".claude", "commands"), { recursive: true });
  await writeFile(join(cwd, ".claude", "commands", "commit.md"), "Commit: $ARGUMENTS\n");
  // A command named as a built-in: listed unmarked, the built-in's row wins /cost.
  await writeFile(join(cwd, ".claude", "commands", "cost.md"), "What did it cost?\n");
});

const builtins = [
  {
    name: "compact",
    description: "summarise the conversation to free context: /compact [instructions]",
    argumentHint: "[instructions]",
    builtin: true,
  },
  {
    name: "context",
    description:
      "show what fills the context window: system prompt, tools, memory, skills, messages, free space",
    argumentHint: "",
    builtin: true,
  },
  {
    name: "cost",
    description: "show what this session has spent, per model",
    argumentHint: "",
    builtin: true,
  },
  {
    name: "init",
    description: "have the model write or improve CLAUDE.md from the repository",
    argumentHint: "[what to focus on]",
    builtin: true,
  },
];

describe("the Agent SDK sees keel's skills and commands", () => {
  it("lists them in system/init and supportedCommands(), and /name runs the skill", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Hello, Ada." }] });
    const q = query({ prompt: "/greet Ada", options: keelOptions(sandbox(), server.url) });
    const commands = await q.supportedCommands();
    const run = await collect(q);
    expect(run.error).toBeUndefined();
    expect(server.violations).toEqual([]);
    const init = run.messages.find((m) => m.type === "system" && m.subtype === "init") as
      | { skills: string[]; slash_commands: string[] }
      | undefined;
    expect(init?.skills).toEqual(["tidy", "greet", "house-style"]);
    expect(init?.slash_commands).toEqual([
      "tidy",
      "greet",
      "commit",
      "cost",
      "compact",
      "context",
      "init",
    ]);
    expect(commands).toEqual([
      { name: "tidy", description: "Tidies the desk", argumentHint: "<desk>" },
      { name: "greet", description: "Greets a person", argumentHint: "" },
      { name: "commit", description: "Commit: $ARGUMENTS", argumentHint: "" },
      { name: "cost", description: "What did it cost?", argumentHint: "" },
      ...builtins,
    ]);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("Greet Ada warmly.");
    expect(resultsOf(run.messages)[0]).toMatchObject({ is_error: false, result: "Hello, Ada." });
  });
});
