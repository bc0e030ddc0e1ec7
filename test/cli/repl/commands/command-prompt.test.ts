import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { UserCommand } from "../../../../src/cli/repl/commands/command-file.js";
import {
  type CommandPromptDeps,
  commandPrompt,
} from "../../../../src/cli/repl/commands/command-prompt.js";
import { expansionDecider } from "../../../../src/cli/repl/commands/expansion-permissions.js";
import { runShell } from "../../../../src/cli/repl/commands/shell-escape.js";
import type { PermissionEngine } from "../../../../src/policy/engine.js";
import { createBashTool } from "../../../../src/tools/builtin/bash/index.js";
import { createReadTool } from "../../../../src/tools/builtin/read/read-tool.js";
import type { PermissionMode } from "../../../../src/tools/context.js";
import type { AnyTool } from "../../../../src/tools/tool.js";
import { engineFor, type Machine, makeMachine, type RuleSet } from "../../../policy/fixture.js";

let m: Machine;
let dir: string;
beforeEach(async () => {
  m = await makeMachine();
  dir = m.project;
});
afterEach(async () => {
  await m.cleanup();
});

const env = { PATH: process.env.PATH ?? "" };

/** The session's real Bash and Read tools over the machine's project. */
function sessionTools(): AnyTool[] {
  const config = {
    cwd: m.project,
    sessionDir: join(m.base, "session"),
    stateDir: m.stateDir,
    env: { ...env, HOME: m.home },
  };
  return [createBashTool(config) as AnyTool, createReadTool(config) as AnyTool];
}

/** What a test session decides with: settings rules, session deny rules, a mode. */
interface Permissions {
  settings?: RuleSet;
  sessionDeny?: string[];
  mode?: PermissionMode;
}

function engineOf(permissions: Permissions): PermissionEngine {
  const engine = engineFor(m, permissions.settings ? { project: permissions.settings } : {});
  if (permissions.sessionDeny) engine.addSessionRules(permissions.sessionDeny, "deny");
  return engine;
}

function deps(over: Partial<CommandPromptDeps> = {}, permissions: Permissions = {}) {
  const ran: string[] = [];
  const engine = engineOf(permissions);
  const tools = sessionTools();
  const value: CommandPromptDeps = {
    cwd: dir,
    home: m.home,
    shell: (command, signal) => {
      ran.push(command);
      return runShell(command, { cwd: dir, env, signal });
    },
    decide: expansionDecider({
      engine: () => engine,
      tools: () => tools,
      mode: () => permissions.mode ?? "default",
      cwd: dir,
    }),
    timeoutMs: 120_000,
    // A timer that never fires unless a test fires it.
    setTimer: () => () => {},
    ...over,
  };
  return { value, ran, engine };
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
      command("Status:\n!`pwd`\nand !`echo $0-done`", ["Bash(pwd)", "Bash(echo:*)"]),
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
    const { value, ran } = deps({}, { sessionDeny: ["Bash(rm:*)"] });
    const prompt = await commandPrompt(command("!`rm -f x`", ["Bash"]), "", value, live());
    expect(prompt.ok).toBe(false);
    if (prompt.ok) return;
    expect(prompt.problem).toContain("deny rule Bash(rm:*)");
    expect(ran).toEqual([]);
  });

  it("are refused, and nothing runs, when they write outside the project (allowed-tools covers only the command)", async () => {
    const { value, ran } = deps();
    const rc = join(m.home, ".bashrc");
    const outside = join(m.outside, "file.txt");
    for (const body of ["!`echo x >> ~/.bashrc`", `!\`echo x >> ${outside}\``]) {
      const prompt = await commandPrompt(command(body, ["Bash(echo:*)"]), "", value, live());
      expect(prompt.ok).toBe(false);
      if (prompt.ok) continue;
      expect(prompt.problem).toContain("/x was not sent");
      expect(prompt.problem).toContain("needs approval, and nobody can be asked");
    }
    expect(ran).toEqual([]);
    await expect(readFile(rc, "utf8")).rejects.toThrow();
    expect(await readFile(outside, "utf8")).toBe("outside/file.txt\n");
  });

  it("are refused when a write would need a person even with a whole Bash entry (safety checks hold)", async () => {
    const { value, ran } = deps();
    const prompt = await commandPrompt(
      command("!`echo x >> ~/.bashrc`", ["Bash"]),
      "",
      value,
      live(),
    );
    expect(prompt.ok).toBe(false);
    if (prompt.ok) return;
    expect(prompt.problem).toContain(".bashrc");
    expect(ran).toEqual([]);
  });

  it("are stopped by a session deny rule on a file they read (deny Read(./.env) stops cat .env)", async () => {
    const { value, ran } = deps({}, { sessionDeny: ["Read(./.env)"] });
    const prompt = await commandPrompt(command("!`cat .env`", ["Bash(cat:*)"]), "", value, live());
    expect(prompt.ok).toBe(false);
    if (prompt.ok) return;
    expect(prompt.problem).toContain("is stopped by the deny rule Read(./.env)");
    expect(ran).toEqual([]);
  });

  it("run when allowed-tools covers them and the session's rules allow them", async () => {
    const { value, ran } = deps({}, { sessionDeny: ["Read(./.env)"] });
    const prompt = await commandPrompt(command("!`cat a.txt`", ["Bash(cat:*)"]), "", value, live());
    expect(prompt).toEqual({ ok: true, text: "project/a.txt" });
    expect(ran).toEqual(["cat a.txt"]);
  });

  it("are refused in plan mode unless a rule names them, as plan mode runs only what is allowed", async () => {
    const { value, ran } = deps({}, { mode: "plan" });
    const prompt = await commandPrompt(
      command("!`touch made`", ["Bash(echo:*)"]),
      "",
      value,
      live(),
    );
    expect(prompt.ok).toBe(false);
    if (prompt.ok) return;
    expect(prompt.problem).toContain("is denied");
    expect(ran).toEqual([]);
  });

  it("leave the allowed-tools rules out of the session once decided", async () => {
    const { value, engine } = deps();
    await commandPrompt(command("!`echo hi`", ["Bash(echo:*)"]), "", value, live());
    expect(engine.rules().map((rule) => rule.text)).toEqual([]);
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
      command("Summarise @$0 please."),
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

  it("leave a file a Read deny rule covers as written, and say which rule kept it out", async () => {
    const { value } = deps({}, { sessionDeny: ["Read(./.env)"] });
    const prompt = await commandPrompt(command("Check @.env and @a.txt"), "", value, live());
    expect(prompt.ok).toBe(true);
    if (!prompt.ok) return;
    expect(prompt.text).not.toContain("project/.env");
    expect(prompt.text).toContain("project/a.txt");
    expect(prompt.text.startsWith("Check @.env and @a.txt")).toBe(true);
    expect(prompt.notices).toEqual([
      "/x: @.env was left as written, not read: the deny rule Read(./.env) covers it.",
    ]);
  });

  it("do not read a file outside the working folders unless allowed-tools allows it", async () => {
    const { value } = deps();
    const refused = await commandPrompt(command("See @~/secret.txt"), "", value, live());
    expect(refused).toMatchObject({ ok: true, text: "See @~/secret.txt" });
    if (!refused.ok) return;
    expect(refused.notices?.[0]).toContain("@~/secret.txt was left as written, not read");
    expect(refused.notices?.[0]).toContain("needs approval");
    const allowed = await commandPrompt(
      command("See @~/secret.txt", ["Read(~/secret.txt)"]),
      "",
      value,
      live(),
    );
    expect(allowed.ok && allowed.text).toContain("home/secret.txt");
    expect(allowed.ok && allowed.notices).toBeUndefined();
  });
});
