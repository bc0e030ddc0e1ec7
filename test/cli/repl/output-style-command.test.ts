import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliIo } from "../../../src/cli/io.js";
import { ReplController } from "../../../src/cli/repl/repl-controller.js";
import {
  freshStart,
  laterSessions,
  openReplSession,
  type ReplSessionInputs,
} from "../../../src/cli/repl/repl-sessions.js";
import { startStatusLine } from "../../../src/cli/repl/status-line/start-status-line.js";
import { loadSessionPolicy } from "../../../src/cli/session-policy.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { REPL_OPTIONS, turn } from "./real-repl-session.js";
import { notices, until } from "./repl-harness.js";

let root: string;
let cwd: string;
let home: string;
let stateDir: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-output-style-cmd-")));
  cwd = join(root, "project");
  home = join(root, "home");
  stateDir = join(home, ".keel");
  await mkdir(join(cwd, ".claude", "output-styles"), { recursive: true });
  await mkdir(join(home, ".claude", "output-styles"), { recursive: true });
  await writeFile(
    join(home, ".claude", "output-styles", "pirate.md"),
    "---\nname: Pirate\ndescription: Talks like a pirate\n---\nAnswer as a pirate would.\n",
  );
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/**
 * A real REPL as `keel` opens it: settings read from the folders, sessions opened by /clear
 * through laterSessions with the REPL's shared settings choice, the model scripted.
 */
async function openRepl() {
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: { HOME: home, KEEL_CONFIG_DIR: stateDir, PATH: process.env.PATH ?? "" },
    cwd,
    signal: new AbortController().signal,
  };
  const folders = { cwd, home, stateDir };
  const policy = await loadSessionPolicy(REPL_OPTIONS, folders, () => {});
  const provider = createScriptedProvider(
    parseScenario({ turns: [{ content: "one" }, { content: "two" }] }, "output style"),
  );
  let controller: ReplController | undefined;
  const inputs: ReplSessionInputs = {
    options: REPL_OPTIONS,
    io,
    model: {
      provider,
      model: "claude-sonnet-5",
      maxOutputTokens: 8_000,
      apiKeySource: "none",
      retry: {},
      maxToolUseConcurrency: 10,
    },
    policy,
    stateDir,
    ask: (question, signal) => {
      if (!controller) throw new Error("asked before the REPL started");
      return controller.ask(question, signal);
    },
    warn: () => {},
    sandboxChoice: {},
    settingsChoice: {},
  };
  const session = await openReplSession(inputs, freshStart());
  controller = new ReplController({
    cwd,
    model: "claude-sonnet-5",
    session,
    openSession: () => openReplSession(laterSessions(inputs), freshStart("clear")),
    recordPrompt: async () => {},
    now: () => 0,
  });
  const opened = controller;
  const say = async (line: string) => {
    const before = notices(opened.store.get()).length;
    opened.submit(line);
    const state = await until(opened, (s) => notices(s).length > before, line);
    return notices(state)[before];
  };
  return { controller: opened, provider, say, env: io.env };
}

function systemOf(request: { body: unknown } | undefined): string {
  return JSON.stringify((request?.body as { system?: unknown } | undefined)?.system);
}

describe("/output-style", () => {
  it("saves the style named (any case) locally; the conversation after /clear runs with it", async () => {
    await writeFile(
      join(cwd, ".claude", "settings.local.json"),
      JSON.stringify({ permissions: { allow: ["Read"] } }),
    );
    const { controller, provider, say } = await openRepl();
    const answer = await say("/output-style explanatory");
    expect(answer).toEqual({
      text: "Output style set to Explanatory: outputStyle Explanatory saved in ./.claude/settings.local.json. It takes effect from the next session or /clear; this conversation keeps its current one.",
      tone: "info",
    });
    expect(JSON.parse(await readFile(join(cwd, ".claude", "settings.local.json"), "utf8"))).toEqual(
      { permissions: { allow: ["Read"] }, outputStyle: "Explanatory" },
    );
    // This conversation keeps the system prompt it started with.
    await turn(controller, "first");
    expect(systemOf(provider.requests[0])).not.toContain("# Output style");
    await controller.clear();
    await turn(controller, "second");
    expect(provider.requests).toHaveLength(2);
    expect(systemOf(provider.requests[1])).toContain("# Output style: Explanatory");
    expect(provider.violations).toEqual([]);
    await controller.exit(0);
  });

  it("the status line's input names the style in force: the old one until /clear, the chosen one after", async () => {
    const { controller, say, env } = await openRepl();
    // A real statusLine command: it appends each input it reads on stdin to a file.
    const log = join(root, "status-inputs.jsonl");
    const command = `cat >> '${log}'; echo >> '${log}'`;
    const statusLine = startStatusLine({ statusLine: { type: "command", command } }, controller, {
      cwd,
      env,
      stateDir,
    });
    const styles = async () => {
      const lines = (await readFile(log, "utf8").catch(() => "")).split("\n").filter(Boolean);
      return lines.map((line) => JSON.parse(line).output_style.name as string);
    };
    const lastStyle = async (style: string) => {
      for (let i = 0; i < 400 && (await styles()).at(-1) !== style; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return (await styles()).at(-1);
    };
    try {
      expect(await lastStyle("default")).toBe("default");
      await say("/output-style explanatory");
      await turn(controller, "first");
      // This conversation keeps its style, and so does the line.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await styles()).length).toBeGreaterThan(1);
      expect(new Set(await styles())).toEqual(new Set(["default"]));
      await controller.clear();
      expect(await lastStyle("Explanatory")).toBe("Explanatory");
    } finally {
      statusLine?.stop();
      await controller.exit(0);
    }
  });

  it("lists the styles in a menu, the one in force marked, with description and source", async () => {
    await writeFile(
      join(cwd, ".claude", "settings.local.json"),
      JSON.stringify({ outputStyle: "Pirate" }),
    );
    const { controller, say } = await openRepl();
    controller.submit("/output-style");
    // The menu is in the overlay store, not the REPL's: polled.
    for (let i = 0; i < 400 && !controller.overlay.get().picker; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const menu = controller.overlay.get().picker;
    expect(menu?.title).toBe("Output style: choose one (Esc keeps Pirate)");
    expect(menu?.options.map((o) => o.label)).toEqual([
      "default",
      "Explanatory",
      "Learning",
      "Pirate",
    ]);
    expect(menu?.options[3]?.detail).toBe(
      "Talks like a pirate · user, ~/.claude/output-styles/pirate.md (in force)",
    );
    expect(menu?.options[1]?.detail).toMatch(/ · built-in$/);
    menu?.choose(2);
    await until(controller, (s) => notices(s).some((n) => n.text.includes("Learning")), "Learning");
    expect(JSON.parse(await readFile(join(cwd, ".claude", "settings.local.json"), "utf8"))).toEqual(
      { outputStyle: "Learning" },
    );
    const unknown = await say("/output-style Welfare");
    expect(unknown).toEqual({
      text: 'No output style is named "Welfare"; the styles are default, Explanatory, Learning, Pirate. Nothing was changed.',
      tone: "error",
    });
    expect(JSON.parse(await readFile(join(cwd, ".claude", "settings.local.json"), "utf8"))).toEqual(
      { outputStyle: "Learning" },
    );
    await controller.exit(0);
  });
});
