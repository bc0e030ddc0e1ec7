import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SdkMessage, SdkUserMessage } from "../../src/session/sdk-messages.js";
import { jsonLines, only, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const SERVER = fileURLToPath(new URL("../fixtures/mcp/permission-server.mjs", import.meta.url));
let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-prompt-tool-")));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const write = (file: string) => ({
  content: [
    { type: "tool_use", name: "Write", input: { file_path: join(dir, file), content: "x\n" } },
  ],
});

function toolResults(lines: SdkMessage[]): string[] {
  return lines
    .filter((l): l is SdkUserMessage => l.type === "user")
    .flatMap((l) => (Array.isArray(l.message.content) ? l.message.content : []))
    .flatMap((b) => (b.type === "tool_result" ? [JSON.stringify(b.content)] : []));
}

describe("--permission-prompt-tool mcp__<server>__<tool>", () => {
  it("asks the MCP tool where a person would be asked, and does as it answers", async () => {
    const config = JSON.stringify({
      mcpServers: { perm: { command: process.execPath, args: [SERVER] } },
    });
    const keel = async (extra: string[]) => {
      const server = await scriptedServer({
        turns: [write("ok.txt"), write("secret.txt"), { content: "Done." }],
      });
      const args = ["-p", "write", "--output-format", "stream-json", "--verbose"];
      const run = await runKeel([...args, "--mcp-config", config, ...extra], {
        cwd: dir,
        env: anthropicEnv(server),
      });
      expect(run.code).toBe(0);
      expect(server.violations).toEqual([]);
      return jsonLines(run.stdout);
    };
    // Without the flag no one can approve: both writes are denied.
    expect(only(await keel([]), "result").permission_denials).toHaveLength(2);
    expect(existsSync(join(dir, "ok.txt"))).toBe(false);
    const lines = await keel(["--permission-prompt-tool", "mcp__perm__approve"]);
    expect(readFileSync(join(dir, "ok.txt"), "utf8")).toBe("approved\n");
    expect(existsSync(join(dir, "secret.txt"))).toBe(false);
    const [, denied] = toolResults(lines);
    expect(denied).toContain(`the reviewer refuses Write on ${join(dir, "secret.txt")}`);
    expect(only(lines, "result").permission_denials).toHaveLength(1);
  });

  it("a value that is neither stdio nor an MCP tool name exits 1", async () => {
    const run = await runKeel(["-p", "hi", "--permission-prompt-tool", "approver"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('expected "stdio" (the control channel) or an MCP tool');
  });
});
