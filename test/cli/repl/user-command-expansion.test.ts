import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserCommand } from "../../../src/cli/repl/commands/command-file.js";
import {
  type CommandPromptDeps,
  commandPrompt,
} from "../../../src/cli/repl/commands/command-prompt.js";
import type { ExpansionDecider } from "../../../src/cli/repl/commands/expansion-permissions.js";
import type { ShellOutcome } from "../../../src/cli/repl/commands/shell-escape.js";
import type { ReplSession } from "../../../src/cli/repl/repl-controller.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, texts, until } from "./repl-harness.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-command-expansion-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs nothing: each command waits until its signal aborts (as a killed process would end). */
function waitingShell(started: string[], onStart: () => void = () => {}) {
  return (command: string, signal: AbortSignal) =>
    new Promise<ShellOutcome>((resolve) => {
      started.push(command);
      onStart();
      const end = () => resolve({ stdout: "", stderr: "", code: null, interrupted: true });
      if (signal.aborted) end();
      else signal.addEventListener("abort", end, { once: true });
    });
}

/** A controller whose session expands user commands with the real commandPrompt. */
function build(command: UserCommand, over: Partial<CommandPromptDeps>) {
  const { engine, provider } = scriptedEngine({ turns: [{ content: "Done." }] });
  const deps: CommandPromptDeps = {
    cwd: dir,
    home: join(dir, "home"),
    shell: waitingShell([]),
    decide: async () => ({ behavior: "allow" }),
    timeoutMs: 120_000,
    setTimer: () => () => {},
    ...over,
  };
  const session: ReplSession = {
    engine,
    userCommands: async () => ({ commands: [command], problems: [] }),
    expandUserCommand: (found, args, signal) => commandPrompt(found, args, deps, signal),
    dispose: async () => {},
  };
  const controller = controllerFor(session, dir);
  return { controller, requests: () => provider.requests.map((r) => JSON.stringify(r.body)) };
}

describe("expanding a user command in the REPL", () => {
  it("lets Esc kill an inline command that came in with the arguments", async () => {
    const started: string[] = [];
    const run: UserCommand = {
      name: "run",
      scope: "project",
      file: join(dir, "run.md"),
      body: "Output: $ARGUMENTS",
      allowedTools: ["Bash"],
    };
    let onStart = () => {};
    const running = new Promise<void>((resolve) => {
      onStart = resolve;
    });
    const { controller, requests } = build(run, { shell: waitingShell(started, onStart) });
    controller.submit("/run !`sleep 100`");
    await running;
    controller.interrupt();
    const state = await until(controller, (s) => !s.busy, "the command's end");
    expect(started).toEqual(["sleep 100"]);
    expect(texts(state, "notice")).toContain(
      "/run was cancelled: !`sleep 100` was interrupted. Nothing was sent.",
    );
    expect(requests()).toEqual([]);
  });

  it("shows a notice naming the rule that kept an @file out, and still sends the prompt", async () => {
    await writeFile(join(dir, ".env"), "TOKEN=secret\n");
    const decide: ExpansionDecider = async (call) =>
      call.tool === "Read" && call.path === join(dir, ".env")
        ? { behavior: "deny", message: "denied", rule: "Read(./.env)" }
        : { behavior: "allow" };
    const look: UserCommand = {
      name: "look",
      scope: "project",
      file: join(dir, "look.md"),
      body: "Look at @.env",
    };
    const { controller, requests } = build(look, { decide });
    controller.submit("/look");
    const state = await until(
      controller,
      (s) => texts(s, "assistant").includes("Done."),
      "the answer",
    );
    expect(texts(state, "notice")).toContain(
      "/look: @.env was left as written, not read: the deny rule Read(./.env) covers it.",
    );
    expect(requests()[0]).toContain("Look at @.env");
    expect(requests()[0]).not.toContain("TOKEN=secret");
  });
});
