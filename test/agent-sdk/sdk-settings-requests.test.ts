import { access, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, type SdkSandbox, useSdkSandbox } from "./sdk-harness.js";
import { converse } from "./sdk-turns.js";

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

const touch = (file: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command: `touch ${file}` } }],
});

/** A session whose model runs `touch <file>` once per turn, for as many turns as files. */
async function touching(box: SdkSandbox, files: string[]) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({
    turnMode: "count",
    turns: files.flatMap((file) => [touch(file), { content: "Done." }]),
  });
  const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
  return { chat, server };
}

const sandbox = useSdkSandbox();

describe("the SDK's applyFlagSettings and updateSettings", () => {
  it("applyFlagSettings: an allow rule lets the next call run, and null takes it away again", async () => {
    const box = sandbox();
    const { chat, server } = await touching(box, ["one.txt", "two.txt", "three.txt"]);
    try {
      await chat.send("touch one");
      await chat.q.applyFlagSettings({ permissions: { allow: ["Bash(touch:*)"] } });
      await chat.send("touch two");
      await chat.q.applyFlagSettings({ permissions: null });
      await chat.send("touch three");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
    expect(await exists(join(box.cwd, "one.txt"))).toBe(false);
    expect(await exists(join(box.cwd, "two.txt"))).toBe(true);
    expect(await exists(join(box.cwd, "three.txt"))).toBe(false);
  });

  it("applyFlagSettings: a change the settings checks refuse, or one keel would not act on, applies nothing", async () => {
    const box = sandbox();
    const { chat } = await touching(box, ["one.txt"]);
    const refusal = (settings: Parameters<Query["applyFlagSettings"]>[0]) =>
      chat.q.applyFlagSettings(settings).then(
        () => "applied",
        (error: Error) => error.message,
      );
    try {
      expect(
        await refusal({
          permissions: { allow: ["Bash(touch:*)"], deny: "Read" as unknown as string[] },
        }),
      ).toContain("apply_flag_settings: nothing in this call is applied");
      expect(await refusal({ permissions: { allow: ["Bash(touch:*)"] }, model: "opus" })).toContain(
        "model would not take effect, so nothing in this call is applied",
      );
      expect(
        await refusal({
          permissions: { allow: ["Bash(touch:*)"], defaultMode: "bypassPermissions" },
        }),
      ).toContain("permissions.defaultMode would not take effect");
      await chat.send("touch one");
    } finally {
      chat.close();
    }
    expect(await exists(join(box.cwd, "one.txt"))).toBe(false);
  });

  it("applyFlagSettings: a project file's new allow rule still waits for a new session", async () => {
    const box = sandbox();
    const { chat } = await touching(box, ["one.txt"]);
    try {
      // Written once the session has read its settings.
      await chat.q.initializationResult();
      await mkdir(join(box.cwd, ".claude"), { recursive: true });
      await writeFile(
        join(box.cwd, ".claude", "settings.json"),
        JSON.stringify({ permissions: { allow: ["Bash(touch:*)"] } }),
      );
      await chat.q.applyFlagSettings({ permissions: { deny: ["WebFetch"] } });
      await chat.send("touch one");
    } finally {
      chat.close();
    }
    expect(await exists(join(box.cwd, "one.txt"))).toBe(false);
  });

  it("updateSettings writes its allowlisted key through the checks and refuses any other", async () => {
    const box = sandbox();
    await mkdir(join(box.cwd, ".claude"), { recursive: true });
    const local = join(box.cwd, ".claude", "settings.local.json");
    await writeFile(local, JSON.stringify({ permissions: { deny: ["WebFetch"] } }));
    const { chat } = await touching(box, ["one.txt"]);
    try {
      await chat.q.updateSettings("localSettings", { outputStyle: "Explanatory" });
      await expect(
        chat.q.updateSettings("localSettings", { permissions: { allow: ["Bash(touch:*)"] } }),
      ).rejects.toThrow("update_settings: localSettings takes outputStyle only, not permissions");
      await expect(chat.q.updateSettings("userSettings", { effortLevel: "max" })).rejects.toThrow(
        "never written to a settings file",
      );
      await expect(
        chat.q.updateSettings("userSettings", { effortLevel: "extreme" }),
      ).rejects.toThrow("would not be used as written");
      await chat.q.updateSettings("userSettings", { effortLevel: "low" });
      await chat.send("touch one");
    } finally {
      chat.close();
    }
    expect(JSON.parse(await readFile(local, "utf8"))).toEqual({
      permissions: { deny: ["WebFetch"] },
      outputStyle: "Explanatory",
    });
    expect(JSON.parse(await readFile(join(box.home, ".keel", "settings.json"), "utf8"))).toEqual({
      effortLevel: "low",
    });
    expect(await exists(join(box.cwd, "one.txt"))).toBe(false);
  });
});
