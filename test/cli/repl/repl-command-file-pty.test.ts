import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { usePtyRepl } from "./pty-repl.js";
import { exitWithCtrlC, typeLine } from "./pty-screen.js";

const pty = usePtyRepl("keel-command-file");
// These tests are about what comes after the folder-trust question: the folder is trusted.
beforeEach(() => pty.trust());

const bash = (command: string) => ({
  content: [{ type: "tool_use", name: "Bash", input: { command, description: "write it" } }],
});

const body = (server: { requests: Array<{ body: unknown }> }, index: number) =>
  JSON.stringify(server.requests[index]?.body);

describe("a .claude/commands file with !`command`, @file and allowed-tools, in a pty", {
  timeout: 60_000,
}, () => {
  it("sends the command's output and the file, and allows its Bash calls for that turn only", async () => {
    await mkdir(join(pty.dir, ".claude", "commands"), { recursive: true });
    await writeFile(
      join(pty.dir, ".claude", "commands", "x.md"),
      "---\nallowed-tools: Bash(echo:*)\n---\nThe shell said: !`echo hi`.\nFollow @notes.txt now.\n",
    );
    await writeFile(join(pty.dir, "notes.txt"), "Write made.txt with echo.\n");
    const { server, screen: repl } = await pty.start({
      turns: [
        bash("echo made > made.txt"),
        { content: "Made it." },
        bash("echo again > again.txt"),
        { content: "Again done." },
      ],
    });
    await typeLine(repl, "/x");
    const answered = await repl.waitFor((s) => s.includes("Made it."), "the command's answer");
    expect(existsSync(join(pty.dir, "made.txt"))).toBe(true);
    const sent = body(server, 0);
    expect(sent).toContain("The shell said: hi.");
    expect(sent).toContain("Follow @notes.txt now.");
    expect(sent).toContain("1\\tWrite made.txt with echo.");
    expect(answered).not.toContain("Do you want to proceed?");

    await typeLine(repl, "once more");
    await repl.waitFor((s) => s.includes("Do you want to proceed?"), "the permission dialog");
    expect(existsSync(join(pty.dir, "again.txt"))).toBe(false);
    repl.write("1");
    await repl.waitFor((s) => s.includes("Again done."), "the second answer");
    expect(await exitWithCtrlC(repl)).toBe(0);
    expect(server.violations).toEqual([]);
  });

  it("refuses a command whose !`command` allowed-tools does not cover, and sends nothing", async () => {
    await mkdir(join(pty.dir, ".claude", "commands"), { recursive: true });
    await writeFile(join(pty.dir, ".claude", "commands", "y.md"), "Status: !`git status`\n");
    const { server, screen: repl } = await pty.start({ turns: [{ content: "never sent" }] });
    await typeLine(repl, "/y");
    const unwrapped = (s: string) => s.replace(/\n/g, "");
    const shown = await repl.waitFor((s) => unwrapped(s).includes("Bash(git:*)"), "the refusal");
    expect(unwrapped(shown)).toContain("/y was not sent");
    expect(server.requests).toHaveLength(0);
    expect(await exitWithCtrlC(repl)).toBe(0);
  });
});
