import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";
import { controlRequest, converse } from "./sdk-turns.js";

const sandbox = useSdkSandbox(async ({ cwd }) => {
  const skills = join(cwd, "packages", "app", ".claude", "skills", "app-build");
  await mkdir(skills, { recursive: true });
  await writeFile(
    join(skills, "SKILL.md"),
    "---\ndescription: Builds the app\n---\nAPP-BUILD-SKILL-BODY\n",
  );
});

/** register_repo_root of packages/app with `flags`, then a turn whose model runs app-build. */
async function registerThenRun(flags: Record<string, boolean>) {
  const { query } = await loadAgentSdk();
  const box = sandbox();
  const server = await scriptedServer({
    turnMode: "count",
    turns: [
      { content: [{ type: "tool_use", name: "Skill", input: { skill: "app-build" } }] },
      { content: "Built." },
    ],
  });
  const app = join(box.cwd, "packages", "app");
  const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
  try {
    const answer = await controlRequest(chat.q, {
      subtype: "register_repo_root",
      directory: app,
      ...flags,
    }).catch((error: Error) => error);
    await chat.send("build the app");
    return { answer, server, app };
  } finally {
    chat.close();
  }
}

const bodyText = (server: { requests: Array<{ body: unknown }> }, index: number) =>
  JSON.stringify(server.requests[index]?.body);

describe("register_repo_root's reload flags", () => {
  it("reload_skills: the added folder's skills are the model's from the next turn", async () => {
    const { answer, server, app } = await registerThenRun({ reload_skills: true });
    expect(answer).toEqual({ directory: app });
    expect(server.violations).toEqual([]);
    expect(bodyText(server, 0)).toContain("- app-build: Builds the app");
    expect(bodyText(server, 1)).toContain("APP-BUILD-SKILL-BODY");
  });

  it("without reload_skills the folder joins but its skills are not read", async () => {
    const { answer, server, app } = await registerThenRun({});
    expect(answer).toEqual({ directory: app });
    expect(bodyText(server, 0)).not.toContain("app-build");
    expect(bodyText(server, 1)).not.toContain("APP-BUILD-SKILL-BODY");
  });

  it("reload_claude_md and reload_plugins are refused before the folder is added", async () => {
    for (const flag of ["reload_claude_md", "reload_plugins"]) {
      const { answer, server } = await registerThenRun({ [flag]: true, reload_skills: true });
      expect(String(answer)).toContain(`register_repo_root: ${flag} is not supported`);
      expect(bodyText(server, 1)).not.toContain("APP-BUILD-SKILL-BODY");
    }
  });
});
