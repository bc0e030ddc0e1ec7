import { join } from "node:path";
import type { Query } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, userMessage, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

/** The Query method this SDK has but its d.ts leaves out (it sends rename_session). */
interface RenamingQuery {
  renameSession(title: string, sessionId?: string): Promise<void>;
}

describe("the Agent SDK's renameSession()", { timeout: 60_000 }, () => {
  it("names the running session: listSessions() shows the title; another session's rename is refused", async () => {
    const { query, listSessions } = await loadAgentSdk();
    const box = sandbox();
    const server = await scriptedServer({ turns: [{ content: "Hi there." }] });
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    async function* prompts() {
      yield userMessage("hello");
      await done;
    }
    const q: Query = query({ prompt: prompts(), options: keelOptions(box, server.url) });
    const renaming = q as unknown as RenamingQuery;
    let sessionId = "";
    try {
      // Asked while the query is read: leaving the loop would close it.
      for await (const message of q) {
        if (message.type !== "result") continue;
        sessionId = message.session_id;
        await renaming.renameSession("  Refactor the parser  ", sessionId);
        await expect(
          renaming.renameSession("Elsewhere", "00000000-0000-4000-8000-000000000000"),
        ).rejects.toThrow(`but this process runs session ${sessionId}`);
        await expect(renaming.renameSession("   ")).rejects.toThrow("title must be a non-empty");
        break;
      }
    } finally {
      finish();
      q.close();
    }
    // The SDK finds keel's sessions where CLAUDE_CONFIG_DIR says (keel's own folder here).
    const before = process.env.CLAUDE_CONFIG_DIR;
    process.env.CLAUDE_CONFIG_DIR = join(box.home, ".keel");
    try {
      const sessions = await listSessions({ dir: box.cwd });
      const named = sessions.find((s) => s.sessionId === sessionId);
      expect(named).toMatchObject({ customTitle: "Refactor the parser" });
    } finally {
      if (before === undefined) delete process.env.CLAUDE_CONFIG_DIR;
      else process.env.CLAUDE_CONFIG_DIR = before;
    }
  });
});
