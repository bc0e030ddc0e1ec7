import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserCommand } from "../../../../src/cli/repl/commands/command-file.js";
import {
  type CommandPromptDeps,
  commandPrompt,
} from "../../../../src/cli/repl/commands/command-prompt.js";
import type { StoppingRule } from "../../../../src/cli/repl/commands/inline-shell.js";
import { runShell } from "../../../../src/cli/repl/commands/shell-escape.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-command-prompt-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const env = { PATH: process.env.PATH ?? "" };

function deps(over: Partial<CommandPromptDeps> = {}, stopping: StoppingRule[] = []) {
  const ran: string[] = [];
  const value: CommandPromptDeps = {
    cwd: dir,
    home: join(dir, "home"),
    shell: (command, signal) => {
      ran.push(command);
      return runShell(command, { cwd: dir, env, signal });
    },
    stopping: () => stopping,
    timeoutMs: 120_000,
    // A timer that never fires unless a test fires it.
    setTimer: () => () => {},
    ...over,
  };
  return { value, ran };
}

function command(body: string, allowedTools?: string[]): UserCommand {
  return {
    name: "x",
    scope: "project",
    file: "/project/.claude/commands/x.md",
    body,
    ...(allowedTools ? { allowedTools } : {}),
  };
}

const live = () => new AbortController().signal;

describe("a user command's !`command`s", () => {
  it("run in the working folder and their output replaces them", async () => {
    const { value } = deps();
    const prompt = await commandPrompt(
      command("Status:\n!`pwd`\nand !`echo $1-done`", ["Bash(pwd)", "Bash(echo:*)"]),
      "build",
      value,
      live(),
    );
    expect(prompt).toEqual({ ok: true, text: `Status:\n${dir}\nand build-done` });
  });

  it("keep a failing command's output and say its exit status", async () => {
    const { value } = deps();
    const prompt = await commandPrompt(
      command("Result: !`ls missing-file; exit 2`", ["Bash(ls:*)", "Bash(exit:*)"]),
      "",
      value,
      live(),
    );
    expect(prompt.ok).toBe(true);
    if (!prompt.ok) return;
    expect(prompt.text).toContain("missing-file");
    expect(prompt.text).toContain("[exit code 2]");
  });

  it("are capped like !cmd output", async () => {
    const { value } = deps();
    const prompt = await commandPrompt(
      command("!`head -c 50000 /dev/zero | tr '\\0' a`", ["Bash"]),
      "",
      value,
      live(),
    );
    expect(prompt.ok).toBe(true);
    if (!prompt.ok) return;
    expect(prompt.text).toContain("characters of output cut");
    expect(prompt.text.length).toBeLessThan(31_000);
  });

  it("are refused, and nothing runs, without a matching Bash allowed-tools entry", async () => {
    const { value, ran } = deps();
    const prompt = await commandPrompt(
      command("!`echo a` then !`git status`", ["Bash(echo:*)", "Read"]),
      "",
      value,
      live(),
    );
    expect(prompt.ok).toBe(false);
    if (prompt.ok) return;
    expect(prompt.problem).toContain("/x was not sent");
    expect(prompt.problem).toContain("Bash(git:*)");
    expect(prompt.problem).toContain("allowed-tools");
    expect(ran).toEqual([]);
  });

  it("are refused when a command has no allowed-tools at all", async () => {
    const { value, ran } = deps();
    const prompt = await commandPrompt(command("!`echo hi`"), "", value, live());
    expect(prompt).toMatchObject({ ok: false });
    expect(ran).toEqual([]);
  });

  it("are stopped by the session's deny rules even when allowed-tools allows Bash", async () => {
    const { value, ran } = deps({}, [{ behavior: "deny", text: "Bash(rm:*)" }]);
    const prompt = await commandPrompt(command("!`rm -f x`", ["Bash"]), "", value, live());
    expect(prompt.ok).toBe(false);
    if (prompt.ok) return;
    expect(prompt.problem).toContain("deny rule Bash(rm:*)");
    expect(ran).toEqual([]);
  });

  it("are killed when their time is up, and the prompt says so", async () => {
    const fireAtOnce = (_ms: number, fire: () => void) => {
      fire();
      return () => {};
    };
    const { value } = deps({ timeoutMs: 5, setTimer: fireAtOnce });
    const prompt = await commandPrompt(
      command("!`echo started; sleep 30`", ["Bash"]),
      "",
      value,
      live(),
    );
    expect(prompt.ok).toBe(true);
    if (!prompt.ok) return;
    expect(prompt.text).toContain("[timed out after 5 ms and was killed]");
  });

  it("cancel the command when interrupted (Esc): nothing is sent", async () => {
    const abort = new AbortController();
    const { value } = deps({
      shell: (command, signal) => {
        const run = runShell(command, { cwd: dir, env, signal });
        abort.abort();
        return run;
      },
    });
    const prompt = await commandPrompt(command("!`sleep 30`", ["Bash"]), "", value, abort.signal);
    expect(prompt).toEqual({
      ok: false,
      problem: "/x was cancelled: !`sleep 30` was interrupted. Nothing was sent.",
    });
  });
});

describe("a user command's @file references", () => {
  it("add the named file's content (after $ARGUMENTS substitution) as a Read of it", async () => {
    await writeFile(join(dir, "notes.txt"), "first note\nsecond note\n");
    const { value } = deps();
    const prompt = await commandPrompt(
      command("Summarise @$1 please."),
      "notes.txt",
      value,
      live(),
    );
    expect(prompt.ok).toBe(true);
    if (!prompt.ok) return;
    const [typed, ...rest] = prompt.text.split("\n\n");
    expect(typed).toBe("Summarise @notes.txt please.");
    const attached = rest.join("\n\n");
    expect(attached).toContain(JSON.stringify({ file_path: join(dir, "notes.txt") }));
    expect(attached).toContain("1\tfirst note\n2\tsecond note");
  });

  it("leave a missing file's reference as written", async () => {
    const { value } = deps();
    const prompt = await commandPrompt(command("Look at @nowhere.txt"), "", value, live());
    expect(prompt).toEqual({ ok: true, text: "Look at @nowhere.txt" });
  });

  it("ignore paths that only appear in a command's output", async () => {
    await writeFile(join(dir, "secret.txt"), "do not include");
    const { value } = deps();
    const prompt = await commandPrompt(
      command("!`echo @secret.txt`", ["Bash(echo:*)"]),
      "",
      value,
      live(),
    );
    expect(prompt).toEqual({ ok: true, text: "@secret.txt" });
  });
});
