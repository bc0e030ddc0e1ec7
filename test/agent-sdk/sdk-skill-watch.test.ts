import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";
import { converse } from "./sdk-turns.js";

async function skill(root: string, name: string, description: string, body: string) {
  await mkdir(join(root, ".claude", "skills", name), { recursive: true });
  await writeFile(
    join(root, ".claude", "skills", name, "SKILL.md"),
    `---\ndescription: ${description}\n---\n${body}\n`,
  );
}

/** Waits until the session lists a command with this description (the watch has reloaded). */
async function listed(q: Query, description: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const commands = await q.supportedCommands();
    if (commands.some((command) => command.description === description)) return;
    if (Date.now() > deadline) {
      throw new Error(`"${description}" never listed: ${JSON.stringify(commands)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const callSkill = (name: string) => ({
  content: [{ type: "tool_use", name: "Skill", input: { skill: name } }],
});
type Body = { messages: unknown[] };
const lastMessage = (server: { requests: Array<{ body: unknown }> }, index: number) =>
  JSON.stringify((server.requests[index]?.body as Body | undefined)?.messages.at(-1));

const sandbox = useSdkSandbox();

describe("skills written or edited while keel runs (live change detection)", () => {
  it("a new skill and an edited one are the model's from the next turn, with no reload asked", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    await skill(box.cwd, "greet", "Greets a person", "GREET-V1");
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        { content: "Nothing yet." },
        callSkill("fresh"),
        { content: "Used fresh." },
        callSkill("greet"),
        { content: "Greeted." },
      ],
    });
    const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
    try {
      await chat.send("anything?");
      await skill(box.cwd, "fresh", "Says the fresh words", "FRESH-BODY");
      await listed(chat.q, "Says the fresh words");
      await chat.send("use fresh");
      await skill(box.cwd, "greet", "Greets a person warmly", "GREET-V2");
      await listed(chat.q, "Greets a person warmly");
      await chat.send("greet me");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
    // The model is told of the new skill with the prompt, and the Skill tool runs each as it is now.
    expect(lastMessage(server, 1)).toContain("- fresh: Says the fresh words");
    expect(lastMessage(server, 2)).toContain("FRESH-BODY");
    expect(lastMessage(server, 4)).toContain("GREET-V2");
    expect(lastMessage(server, 4)).not.toContain("GREET-V1");
  });
});
