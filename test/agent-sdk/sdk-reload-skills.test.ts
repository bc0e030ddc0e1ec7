import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
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

type Body = { tools?: Array<{ name: string }>; messages: unknown[] };
const bodyOf = (server: { requests: Array<{ body: unknown }> }, index: number) =>
  server.requests[index]?.body as Body;

/** The text of the tool results of a request's last message. */
function lastToolResults(body: Body): string {
  return JSON.stringify(body.messages.at(-1));
}

const callSkill = (name: string) => ({
  content: [{ type: "tool_use", name: "Skill", input: { skill: name } }],
});

const sandbox = useSdkSandbox();

describe("the SDK's reloadSkills", () => {
  it("a skill written after the start runs after reloadSkills and not before", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    await skill(box.cwd, "greet", "Greets a person", "Greet warmly.");
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        callSkill("fresh"),
        { content: "No such skill." },
        callSkill("fresh"),
        { content: "Done." },
      ],
    });
    const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
    try {
      await chat.send("use fresh");
      await skill(box.cwd, "fresh", "Says the fresh words", "FRESH-SKILL-BODY");
      const reloaded = await chat.q.reloadSkills();
      expect(reloaded.skills).toEqual(
        expect.arrayContaining([
          { name: "greet", description: "Greets a person", argumentHint: "" },
          { name: "fresh", description: "Says the fresh words", argumentHint: "" },
        ]),
      );
      expect(reloaded.skills).toHaveLength(2);
      await chat.send("use fresh again");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
    expect(lastToolResults(bodyOf(server, 1))).toContain("Unknown skill: fresh");
    // The model is told of the new skill with the turn's prompt, and the Skill tool runs it.
    expect(JSON.stringify(bodyOf(server, 2).messages.at(-1))).toContain(
      "- fresh: Says the fresh words",
    );
    expect(lastToolResults(bodyOf(server, 3))).toContain("FRESH-SKILL-BODY");
  });

  it("a session that started without skills gains the Skill tool when a reload finds one", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    const server = await scriptedServer({
      turnMode: "count",
      turns: [{ content: "Nothing to run." }, callSkill("fresh"), { content: "Done." }],
    });
    const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
    try {
      await chat.send("anything?");
      await skill(box.home, "fresh", "Says the fresh words", "FRESH-SKILL-BODY");
      expect((await chat.q.reloadSkills()).skills.map((s) => s.name)).toEqual(["fresh"]);
      await chat.send("use fresh");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
    expect(bodyOf(server, 0).tools?.map((t) => t.name)).not.toContain("Skill");
    expect(bodyOf(server, 1).tools?.map((t) => t.name)).toContain("Skill");
    expect(lastToolResults(bodyOf(server, 2))).toContain("FRESH-SKILL-BODY");
  });

  it("a skill with paths that a reload found comes into play when the model reads a matching file", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    await mkdir(join(box.cwd, "src"), { recursive: true });
    await writeFile(join(box.cwd, "src", "app.ts"), "export const app = 1;\n");
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        { content: "Nothing yet." },
        { content: [{ type: "tool_use", name: "Read", input: { file_path: "src/app.ts" } }] },
        { content: "Read it." },
      ],
    });
    const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
    try {
      await chat.send("anything?");
      await mkdir(join(box.cwd, ".claude", "skills", "scoped"), { recursive: true });
      await writeFile(
        join(box.cwd, ".claude", "skills", "scoped", "SKILL.md"),
        "---\ndescription: For the app's sources\npaths: src/**\n---\nSCOPED-BODY\n",
      );
      await chat.q.reloadSkills();
      await chat.send("read the app");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
    // Not listed until a file under src/ is read; listed with the read's result.
    expect(JSON.stringify(bodyOf(server, 1).messages)).not.toContain("- scoped:");
    expect(JSON.stringify(bodyOf(server, 2).messages.at(-1))).toContain(
      "- scoped: For the app's sources",
    );
  });

  it("a SessionStart hook's reloadSkills: true makes the skill it installed the model's from the first turn", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    const server = await scriptedServer({
      turnMode: "count",
      turns: [callSkill("installed"), { content: "Done." }],
    });
    const install = async () => {
      await skill(box.cwd, "installed", "Installed by a hook", "INSTALLED-SKILL-BODY");
      return {
        hookSpecificOutput: { hookEventName: "SessionStart" as const, reloadSkills: true },
      };
    };
    const chat = converse((prompt) =>
      query({
        prompt,
        options: keelOptions(box, server.url, {
          hooks: { SessionStart: [{ hooks: [install] }] },
        }),
      }),
    );
    let turn: SDKMessage[] = [];
    try {
      turn = await chat.send("use installed");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
    expect(JSON.stringify(bodyOf(server, 0).messages)).toContain(
      "- installed: Installed by a hook",
    );
    expect(lastToolResults(bodyOf(server, 1))).toContain("INSTALLED-SKILL-BODY");
    expect(JSON.stringify(turn)).not.toContain("has no effect in keel");
  });
});
