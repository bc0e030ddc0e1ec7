import { existsSync } from "node:fs";
import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KEEL_BIN } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";
import { exitWithCtrlC, type PtyScreen, spawnInPty, typeLine } from "./pty-screen.js";

let dir: string;
let home: string;
let screen: PtyScreen | undefined;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-repl-")));
  home = await mkdtemp(join(tmpdir(), "keel-repl-home-"));
});

afterEach(async () => {
  screen?.kill();
  await screen?.exited;
  screen = undefined;
  await rm(dir, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});

async function startRepl(scenario: unknown, args: string[] = []) {
  const server = await scriptedServer(scenario);
  screen = spawnInPty(process.execPath, [KEEL_BIN, ...args], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: home,
      TERM: "xterm-256color",
      KEEL_CONFIG_DIR: join(home, ".keel"),
      KEEL_RETRY_BASE_MS: "1",
      ...anthropicEnv(server),
    },
  });
  await screen.waitFor((s) => s.includes("/help for commands"), "the prompt");
  return { server, screen };
}

describe("the REPL in a real pseudo-terminal (scripted model, validator on)", {
  timeout: 30_000,
}, () => {
  it("asks before a command runs and runs it once allowed", async () => {
    const { server, screen: repl } = await startRepl({
      turns: [bash("touch made-by-keel.txt"), { content: "The file is there." }],
    });
    await typeLine(repl, "make the file");
    await repl.waitFor((s) => s.includes("Yes, allow once"), "the permission dialog");
    expect(existsSync(join(dir, "made-by-keel.txt"))).toBe(false);
    repl.write("1");
    await repl.waitFor((s) => s.includes("The file is there."), "the final answer");
    expect(existsSync(join(dir, "made-by-keel.txt"))).toBe(true);
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("ends a turn cleanly when Esc is pressed while a tool runs", async () => {
    const { server, screen: repl } = await startRepl(
      { turns: [bash("sleep 30"), { content: "never sent" }] },
      ["--allowedTools", "Bash(sleep:*)"],
    );
    await typeLine(repl, "wait a while");
    await repl.waitFor((s) => s.includes("Bash(sleep 30) running…"), "the running tool");
    repl.write("\x1b");
    const ended = await repl.waitFor(
      (s) => !s.includes("running…") && !s.includes("Working…"),
      "the turn's end",
    );
    expect(ended).toContain("⏺ Bash(sleep 30)");
    expect(ended).toContain("Turn ended:");
    expect(server.requests).toHaveLength(1);
    await typeLine(repl, "/cost");
    await repl.waitFor((s) => s.includes("Total cost:"), "the /cost answer");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("queues a prompt typed while a tool runs and hands it to the turn at the tool boundary", async () => {
    const { server, screen: repl } = await startRepl(
      {
        turns: [
          bash("while [ ! -f go ]; do sleep 0.05; done; echo released"),
          { content: "Saw your note." },
        ],
      },
      ["--dangerously-skip-permissions"],
    );
    await typeLine(repl, "wait for the file");
    await repl.waitFor((s) => s.includes("running…"), "the running tool");
    await typeLine(repl, "also check the tests");
    await repl.waitFor((s) => s.includes("⏎ queued: also check the tests"), "the queued prompt");
    await writeFile(join(dir, "go"), "");
    const done = await repl.waitFor((s) => s.includes("Saw your note."), "the answer");
    expect(done).not.toContain("queued:");
    expect(done).toContain("> also check the tests");
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("also check the tests");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
