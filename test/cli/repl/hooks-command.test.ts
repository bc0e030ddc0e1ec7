import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hooksText } from "../../../src/cli/repl/commands/hooks-view.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { eventually } from "./eventually.js";
import { commandNotice, openRealRepl, type RealRepl, turn } from "./real-repl-session.js";
import { controllerFor, notices } from "./repl-harness.js";

// /hooks in a real REPL session: settings files (user, project, local) and a plugin's hooks in
// temp folders, read by keel's own settings and plugin loading; what the listing calls in
// force is what the session's hook engine was given (and a reload changed).
let dir: string;
let cwd: string;
let home: string;
let stateDir: string;
let repl: RealRepl | undefined;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-hooks-cmd-")));
  cwd = join(dir, "project");
  home = join(dir, "home");
  stateDir = join(home, ".keel");
  await mkdir(cwd, { recursive: true });
  await mkdir(stateDir, { recursive: true });
});

afterEach(async () => {
  await repl?.close();
  repl = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function put(path: string, value: unknown): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  return path;
}

const userFile = () => join(home, ".claude", "settings.json");
const projectFile = () => join(cwd, ".claude", "settings.json");
const localFile = () => join(cwd, ".claude", "settings.local.json");

/** Hooks in every kind of file: user, project, local, and a plugin given with --plugin-dir. */
async function writeHooks(extra: { local?: Record<string, unknown> } = {}): Promise<string> {
  await put(userFile(), {
    hooks: {
      PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo user-guard" }] }],
      SessionEnd: [{ hooks: [{ type: "command", command: "true" }] }],
    },
  });
  await put(projectFile(), {
    hooks: {
      PreToolUse: [
        {
          matcher: "Bash",
          hooks: [
            { type: "command", command: "./scripts/check.sh\n  --strict", if: "Bash(git *)" },
          ],
        },
      ],
      PostToolUse: [
        {
          matcher: "Edit|Write",
          hooks: [{ type: "http", url: "http://127.0.0.1:9/hook", timeout: 5 }],
        },
      ],
      UserPromptSubmit: [{ hooks: [{ type: "command", command: "echo prompt-seen" }] }],
    },
  });
  await put(localFile(), {
    ...extra.local,
    hooks: {
      Stop: [{ hooks: [{ type: "agent", prompt: "Check the work is done.\nThen answer." }] }],
    },
  });
  const plugin = join(dir, "notifier");
  await put(join(plugin, ".claude-plugin", "plugin.json"), { name: "notifier" });
  await put(join(plugin, "hooks", "hooks.json"), {
    hooks: {
      Notification: [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the plugin's own placeholder
        { hooks: [{ type: "command", command: "${CLAUDE_PLUGIN_ROOT}/notify.sh", timeout: 7 }] },
      ],
    },
  });
  return plugin;
}

describe("/hooks in a real REPL session", () => {
  it("lists every hook by event and matcher: type, what it runs, timeout, source, in force", async () => {
    const plugin = await writeHooks();
    repl = await openRealRepl({ cwd, home, stateDir }, [], { options: { pluginDir: [plugin] } });
    const shown = await commandNotice(repl.controller, "/hooks");
    expect(shown.tone).toBe("info");
    expect(shown.text.split("\n")).toEqual([
      "Hooks: 7 configured, 7 in force (edit them in the files named)",
      "PreToolUse",
      "  matcher Bash",
      "    command: echo user-guard · timeout 600 s",
      `      User settings (${userFile()}) · in force`,
      "    command: ./scripts/check.sh … · timeout 600 s · if Bash(git *)",
      `      Project settings (${projectFile()}) · in force`,
      "PostToolUse",
      "  matcher Edit|Write",
      "    http: http://127.0.0.1:9/hook · timeout 5 s",
      `      Project settings (${projectFile()}) · in force`,
      "Notification",
      "  matcher * (any)",
      `    command: ${plugin}/notify.sh · timeout 7 s`,
      `      Plugin notifier (${plugin}) · in force`,
      "UserPromptSubmit",
      "  matcher * (any)",
      "    command: echo prompt-seen · timeout 30 s",
      `      Project settings (${projectFile()}) · in force`,
      "SessionEnd",
      "  matcher * (any)",
      "    command: true · timeout 1.5 s",
      `      User settings (${userFile()}) · in force`,
      "Stop",
      "  matcher * (any)",
      "    agent: Check the work is done. … · timeout 60 s",
      `      Local settings (${localFile()}) · in force`,
      "Hooks in an agent file run only while that subagent runs (not listed); a skill's run from its first invocation to the session's end (listed from then on).",
    ]);

    const one = await commandNotice(repl.controller, "/hooks pretooluse");
    expect(one.text.split("\n")[0]).toBe(
      "Hooks for PreToolUse: 2 configured, 2 in force (edit them in the files named)",
    );
    expect(one.text).not.toContain("PostToolUse");
    expect((await commandNotice(repl.controller, "/hooks CwdChanged")).text).toContain(
      "No CwdChanged hooks are configured.",
    );
    const unknown = await commandNotice(repl.controller, "/hooks PreToolUsed");
    expect(unknown.tone).toBe("error");
    expect(unknown.text).toContain('no hook event is called "PreToolUsed"');
    expect(unknown.text).toContain("PreToolUse, PostToolUse");
  });

  it("with disableAllHooks, lists every hook as off and names the file that turned them off", async () => {
    const plugin = await writeHooks({ local: { disableAllHooks: true } });
    repl = await openRealRepl({ cwd, home, stateDir }, [], { options: { pluginDir: [plugin] } });
    const shown = await commandNotice(repl.controller, "/hooks");
    expect(shown.text.split("\n")[0]).toBe(
      "Hooks: 7 configured, 0 in force (edit them in the files named)",
    );
    const states = shown.text.split("\n").filter((line) => line.startsWith("      "));
    expect(states).toHaveLength(7);
    for (const line of states) {
      expect(line).toMatch(new RegExp(`· off: disableAllHooks is set \\(${localFile()}\\)$`));
    }
  });

  it("in a folder the person did not trust, shows the project's hooks as waiting for trust", async () => {
    const plugin = await writeHooks();
    repl = await openRealRepl({ cwd, home, stateDir }, [], {
      options: { pluginDir: [plugin] },
      projectTrusted: false,
    });
    const lines = (await commandNotice(repl.controller, "/hooks")).text.split("\n");
    expect(lines[0]).toBe("Hooks: 7 configured, 3 in force (edit them in the files named)");
    const waiting = lines.filter((line) => line.includes("waiting for folder trust"));
    expect(waiting).toHaveLength(4);
    for (const line of waiting) expect(line).toMatch(/(Project|Local) settings/);
    const inForce = lines.filter((line) => line.endsWith("· in force"));
    expect(inForce.map((line) => line.trim().split(" (")[0])).toEqual([
      "User settings",
      "Plugin notifier",
      "User settings",
    ]);
  });

  it("reads what the session's flags read: --settings' hooks, and only the --setting-sources files", async () => {
    await writeHooks();
    const inline = JSON.stringify({
      hooks: { PostCompact: [{ hooks: [{ type: "command", command: "echo compacted" }] }] },
    });
    repl = await openRealRepl({ cwd, home, stateDir }, [], {
      options: { settings: inline, settingSources: "user" },
    });
    const lines = (await commandNotice(repl.controller, "/hooks")).text.split("\n");
    expect(lines[0]).toBe("Hooks: 3 configured, 3 in force (edit them in the files named)");
    expect(lines).toContain("      --settings (inline JSON) · in force");
    expect(lines.join("\n")).not.toContain(projectFile());
    expect(lines.join("\n")).not.toContain(localFile());
  });

  it("with --bare, lists the files' hooks as off", async () => {
    await writeHooks();
    repl = await openRealRepl({ cwd, home, stateDir }, [], { options: { bare: true } });
    const lines = (await commandNotice(repl.controller, "/hooks")).text.split("\n");
    expect(lines[0]).toBe("Hooks: 6 configured, 0 in force (edit them in the files named)");
    const states = lines.filter((line) => line.startsWith("      "));
    expect(states).toHaveLength(6);
    for (const line of states) expect(line).toMatch(/ · off: --bare runs no hooks$/);
  });

  it("lists an invoked skill's hooks, in force from its invocation on", async () => {
    const skillFile = await put(
      join(cwd, ".claude", "skills", "guard", "SKILL.md"),
      "---\ndescription: Guards\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n        - type: command\n          command: echo guarded\n---\nWork carefully.\n",
    );
    repl = await openRealRepl({ cwd, home, stateDir }, [{ content: "Careful." }]);
    expect((await commandNotice(repl.controller, "/hooks")).text).toContain(
      "No hooks are configured.",
    );
    await turn(repl.controller, "/guard");
    const lines = (await commandNotice(repl.controller, "/hooks")).text.split("\n");
    expect(lines.slice(0, 5)).toEqual([
      "Hooks: 1 configured, 1 in force (edit them in the files named)",
      "PreToolUse",
      "  matcher Bash",
      "    command: echo guarded · timeout 600 s",
      `      Skill /guard (${skillFile}) · in force`,
    ]);
  });

  it("says where hooks go when none is configured, and what a session without hooks gains", async () => {
    repl = await openRealRepl({ cwd, home, stateDir }, []);
    const none = await commandNotice(repl.controller, "/hooks");
    expect(none.text.split("\n").slice(0, 2)).toEqual([
      "No hooks are configured.",
      "Hooks go under \"hooks\" in ~/.claude/settings.json (yours), .claude/settings.json (the project's, shared) or .claude/settings.local.json (the project's, yours), or come with a plugin.",
    ]);
    // Added while the session runs: a session that started with no hooks runs none (as keel
    // does), and the listing says so rather than calling it in force.
    await put(userFile(), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo late" }] }] },
    });
    const later = await commandNotice(repl.controller, "/hooks");
    expect(later.text).toContain("    command: echo late · timeout 600 s");
    expect(later.text).toContain(
      `User settings (${userFile()}) · not in force: this session started with no hooks and gains none; it runs once keel starts again`,
    );
  });

  it("after settings files change mid-session, shows a user file's hook taken and a project's held", async () => {
    await put(projectFile(), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo old-stop" }] }] },
    });
    await put(userFile(), { hooks: {} });
    repl = await openRealRepl({ cwd, home, stateDir }, []);
    const session = repl;
    const reloaded = (file: string) =>
      eventually(
        () => expect(session.warnings.some((w) => w.startsWith(`${file} changed`))).toBe(true),
        5_000,
      );
    // A user file's change is taken at once.
    await put(userFile(), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo user-stop" }] }] },
    });
    await reloaded(userFile());
    // A project file's change to its hooks waits for a new session.
    await put(projectFile(), {
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo new-stop" }] }] },
    });
    await reloaded(projectFile());
    const lines = (await commandNotice(repl.controller, "/hooks")).text.split("\n");
    const stateOf = (hook: string) => lines[lines.indexOf(hook) + 1];
    expect(lines[0]).toBe("Hooks: 2 configured, 1 in force (edit them in the files named)");
    expect(stateOf("    command: echo user-stop · timeout 600 s")).toBe(
      `      User settings (${userFile()}) · in force`,
    );
    expect(stateOf("    command: echo new-stop · timeout 600 s")).toBe(
      `      Project settings (${projectFile()}) · not in force: changed after the session started; a project's hook changes wait until keel starts again`,
    );
    const staleAt = lines.indexOf(
      "In force until keel starts again, though no settings file or plugin has them now:",
    );
    expect(staleAt).toBeGreaterThan(0);
    expect(lines.slice(staleAt + 1, staleAt + 4)).toEqual([
      "Stop",
      "  matcher * (any)",
      "    command: echo old-stop · timeout 600 s",
    ]);
  });
});

describe("the /hooks text", () => {
  it("cuts what a hook runs to one line, and names an mcp_tool hook by server and tool", () => {
    const origin = { kind: "settings" as const, source: "userClaude" as const, file: "/u.json" };
    const long = `run ${"x".repeat(100)}`;
    const text = hooksText({
      hooks: [
        {
          event: "PostToolUse",
          matcher: "Write",
          hook: { type: "command", command: long },
          timeoutMs: 600_000,
          origin,
          state: { kind: "in force" },
        },
        {
          event: "PostToolUse",
          matcher: "Write",
          hook: { type: "mcp_tool", server: "lint", tool: "check" },
          timeoutMs: 600_000,
          origin,
          state: { kind: "in force" },
        },
      ],
      stale: [],
      notes: ["/u.json: hooks.Stop[0].hooks[0].command: must not be empty (not in force)"],
    });
    const lines = text.split("\n");
    expect(lines.at(-1)).toMatch(/^Hooks in an agent file run only while that subagent runs/);
    expect(lines.slice(0, -1)).toEqual([
      "Hooks: 2 configured, 2 in force (edit them in the files named)",
      "PostToolUse",
      "  matcher Write",
      `    command: ${long.slice(0, 79)}… · timeout 600 s`,
      "      User settings (/u.json) · in force",
      "    mcp_tool: lint/check · timeout 600 s",
      "      User settings (/u.json) · in force",
      "/u.json: hooks.Stop[0].hooks[0].command: must not be empty (not in force)",
    ]);
  });

  it("is not offered by a session without the parts it reads", () => {
    const { engine } = scriptedEngine({ turns: [] });
    const controller = controllerFor({ engine, dispose: async () => {} }, "/project");
    controller.submit("/hooks");
    controller.submit("/tasks");
    expect(notices(controller.store.get()).slice(-2)).toEqual([
      { text: "/hooks is not available in this session.", tone: "error" },
      { text: "/tasks is not available in this session.", tone: "error" },
    ]);
  });
});
