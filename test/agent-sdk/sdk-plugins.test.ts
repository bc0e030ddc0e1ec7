import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox(async ({ cwd }) => {
  const root = join(cwd, "plugins", "notes");
  await mkdir(join(root, ".claude-plugin"), { recursive: true });
  await writeFile(join(root, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "notes" }));
  await mkdir(join(root, "commands"), { recursive: true });
  await writeFile(join(root, "commands", "jot.md"), "Write down: $ARGUMENTS\n");
});

describe("the Agent SDK's plugins option", () => {
  it("loads a local plugin: system/init lists it and its command runs", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Noted." }] });
    const box = sandbox();
    const root = join(box.cwd, "plugins", "notes");
    const q = query({
      prompt: "/notes:jot buy milk",
      options: { ...keelOptions(box, server.url), plugins: [{ type: "local", path: root }] },
    });
    const run = await collect(q);
    expect(run.error).toBeUndefined();
    expect(server.violations).toEqual([]);
    const init = run.messages.find((m) => m.type === "system" && m.subtype === "init") as
      | { plugins: Array<{ name: string; path: string }>; slash_commands: string[] }
      | undefined;
    expect(init?.plugins).toEqual([{ name: "notes", path: root }]);
    expect(init?.slash_commands).toContain("notes:jot");
    expect(JSON.stringify(server.requests[0]?.body)).toContain("Write down: buy milk");
  });
});
