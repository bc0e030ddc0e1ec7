import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-repl");

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "run it" } }],
});

describe("the REPL in a real pseudo-terminal (scripted model, validator on)", {
  timeout: 30_000,
}, () => {
  it("asks before a command runs and runs it once allowed", async () => {
    const { server, screen: repl } = await pty.start({
      turns: [bash("touch made-by-keel.txt"), { content: "The file is there." }],
    });
    await typeLine(repl, "make the file");
    await repl.waitFor((s) => s.includes("Do you want to proceed?"), "the permission dialog");
    expect(existsSync(join(pty.dir, "made-by-keel.txt"))).toBe(false);
    repl.write("1");
    await repl.waitFor((s) => s.includes("The file is there."), "the final answer");
    expect(existsSync(join(pty.dir, "made-by-keel.txt"))).toBe(true);
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("ends a turn cleanly when Esc is pressed while a tool runs", async () => {
    const { server, screen: repl } = await pty.start(
      { turns: [bash("sleep 30"), { content: "never sent" }] },
      ["--allowedTools", "Bash(sleep:*)"],
    );
    await typeLine(repl, "wait a while");
    await repl.waitFor((s) => s.includes("Bash(sleep 30) running…"), "the running tool");
    repl.write("\x1b");
    const ended = await repl.waitFor(
      (s) => s.includes("What should keel do instead?") && !s.includes("Working…"),
      "the turn's end",
    );
    expect(ended).not.toContain("running…");
    expect(ended).toContain("⏺ Bash(sleep 30)\n  ⎿  Interrupted · What should keel do instead?");
    expect(ended).not.toContain("[Request interrupted");
    expect(server.requests).toHaveLength(1);
    await typeLine(repl, "/cost");
    await repl.waitFor((s) => s.includes("Total cost:"), "the /cost answer");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("queues a prompt typed while a tool runs and hands it to the turn at the tool boundary", async () => {
    const { server, screen: repl } = await pty.start(
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
    await writeFile(join(pty.dir, "go"), "");
    const done = await repl.waitFor((s) => s.includes("Saw your note."), "the answer");
    expect(done).not.toContain("queued:");
    expect(done).toContain("> also check the tests");
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]?.body)).toContain("also check the tests");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });
});
