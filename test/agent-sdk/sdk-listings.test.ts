import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, type SdkSandbox, useSdkSandbox } from "./sdk-harness.js";
import { controlRequest, converse } from "./sdk-turns.js";

/** The listing methods the SDK's Query has (its type declares none of them). */
type Listings = {
  getSettings(): Promise<{ effective: Record<string, unknown>; sources: unknown[] }>;
  getHooksListing(): Promise<{ events: unknown[]; hooks: Array<Record<string, unknown>> }>;
  listPermissionRules(): Promise<{ state: Record<string, unknown> }>;
};
const listings = (q: Query) => q as unknown as Listings;

const userHook = {
  PreToolUse: [
    { matcher: "Bash", hooks: [{ type: "command", command: "true", statusMessage: "Checking" }] },
  ],
};

const sandbox = useSdkSandbox(async ({ cwd, home }) => {
  await mkdir(join(cwd, ".claude"), { recursive: true });
  await mkdir(join(cwd, "extra", "app"), { recursive: true });
  await writeFile(
    join(cwd, ".claude", "settings.json"),
    JSON.stringify({ permissions: { allow: ["Bash(npm test:*)"], deny: ["Read(./secret.txt)"] } }),
  );
  await mkdir(join(home, ".claude"), { recursive: true });
  await writeFile(
    join(home, ".claude", "settings.json"),
    JSON.stringify({ hooks: userHook, permissions: { ask: ["Write"] } }),
  );
});

/** A session with the sandbox's settings, `--allowedTools Grep` and `--add-dir extra`. */
async function open(box: SdkSandbox) {
  const { query } = await loadAgentSdk();
  const server = await scriptedServer({ turns: [{ content: "Hello." }] });
  return converse((prompt) =>
    query({
      prompt,
      options: keelOptions(box, server.url, {
        allowedTools: ["Grep"],
        additionalDirectories: [join(box.cwd, "extra")],
      }),
    }),
  );
}

describe("the SDK's read-only listings of a running session", () => {
  it("listPermissionRules: the rules the session decides with and its folders, by source", async () => {
    const box = sandbox();
    const chat = await open(box);
    try {
      await controlRequest(chat.q, {
        subtype: "register_repo_root",
        directory: join(box.cwd, "extra", "app"),
      });
      const { state } = await listings(chat.q).listPermissionRules();
      expect(state.rules).toEqual(
        expect.arrayContaining([
          { behavior: "ask", source: "userSettings", rule: "Write", editability: "persistent" },
          {
            behavior: "allow",
            source: "projectSettings",
            rule: "Bash(npm test:*)",
            editability: "persistent",
          },
          {
            behavior: "deny",
            source: "projectSettings",
            rule: "Read(./secret.txt)",
            editability: "persistent",
          },
          { behavior: "allow", source: "cliArg", rule: "Grep", editability: "session" },
        ]),
      );
      expect(state.workspaceDirectories).toEqual([
        { path: join(box.cwd, "extra"), source: "cliArg" },
        { path: join(box.cwd, "extra", "app"), source: "session" },
      ]);
      expect(state).toMatchObject({ originalCwd: box.cwd, managedOnly: false });
    } finally {
      chat.close();
    }
  });

  it("getHooksListing: the user's hook and the host's callback, by event", async () => {
    const box = sandbox();
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const chat = converse((prompt) =>
      query({
        prompt,
        options: keelOptions(box, server.url, {
          hooks: { Stop: [{ hooks: [async () => ({})] }] },
        }),
      }),
    );
    try {
      const listing = await listings(chat.q).getHooksListing();
      expect(listing.events).toEqual([
        { name: "PreToolUse", summary: "Before a tool runs", supportsMatcher: true, hookCount: 1 },
        {
          name: "Stop",
          summary: "Right before the answer ends",
          supportsMatcher: false,
          hookCount: 1,
        },
      ]);
      expect(listing.hooks[0]).toEqual({
        event: "PreToolUse",
        matcher: "Bash",
        source: "userSettings",
        sourceLabel: join(box.home, ".claude", "settings.json"),
        type: "command",
        displayText: "Checking",
        commandText: "true",
        contentLabel: "Command",
        timeout: 600,
        statusMessage: "Checking",
      });
      expect(listing.hooks[1]).toMatchObject({ event: "Stop", source: "sessionHook" });
      expect(listing).toMatchObject({ policy: { allDisabled: false } });
    } finally {
      chat.close();
    }
  });

  it("getSettings: each source as read, and their merge", async () => {
    const box = sandbox();
    const chat = await open(box);
    try {
      const settings = await listings(chat.q).getSettings();
      expect(settings.sources).toEqual([
        {
          source: "user",
          path: join(box.home, ".claude", "settings.json"),
          settings: { hooks: userHook, permissions: { ask: ["Write"] } },
        },
        {
          source: "project",
          path: join(box.cwd, ".claude", "settings.json"),
          settings: { permissions: { allow: ["Bash(npm test:*)"], deny: ["Read(./secret.txt)"] } },
        },
        expect.objectContaining({ source: "flag" }),
      ]);
      expect(settings.effective).toMatchObject({
        hooks: userHook,
        permissions: {
          ask: ["Write"],
          allow: ["Bash(npm test:*)", "Grep"],
          deny: ["Read(./secret.txt)"],
        },
      });
    } finally {
      chat.close();
    }
  });
});
