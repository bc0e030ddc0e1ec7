import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEEL_NODE_ARGS, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// `cat file | keel -p "summarize this"` (issue 26): what is piped in goes after the prompt;
// a stdin that stays open and silent is let go after a short window, never waited on.

const hello = { turns: [{ content: "Summarised." }] };

const lastUserText = (body: unknown) =>
  (body as { messages: Array<{ content: Array<{ text: string }> }> }).messages[0]?.content.at(-1)
    ?.text;

let home = "";
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "keel-stdin-"));
});
afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

describe("a prompt argument with stdin piped in", () => {
  it("sends the prompt, a blank line, then what was piped in", async () => {
    const server = await scriptedServer(hello);
    const run = await runKeel(["-p", "summarize this"], {
      env: anthropicEnv(server),
      stdin: "line one\nline two\n",
    });
    expect(run.code).toBe(0);
    expect(lastUserText(server.requests[0]?.body)).toBe("summarize this\n\nline one\nline two\n");
  });

  it("lets a stdin that stays open and silent go after the window, and runs the prompt alone", async () => {
    const server = await scriptedServer(hello);
    const child = spawn(process.execPath, [...KEEL_NODE_ARGS, "-p", "just this"], {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: home,
        KEEL_CONFIG_DIR: join(home, ".keel"),
        KEEL_STDIN_WAIT_MS: "100",
        ...anthropicEnv(server),
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    // stdin is never written nor closed while keel runs.
    const code = await new Promise<number | null>((resolve) =>
      child.once("exit", (exitCode) => resolve(exitCode)),
    );
    child.stdin.destroy();
    expect(code).toBe(0);
    expect(stdout).toContain("Summarised.");
    expect(lastUserText(server.requests[0]?.body)).toBe("just this");
  });
});
