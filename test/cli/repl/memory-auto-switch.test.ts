import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CliIo } from "../../../src/cli/io.js";
import type { CliOptions } from "../../../src/cli/options.js";
import type { AskPerson } from "../../../src/cli/repl/interactive-permissions.js";
import type { ReplController } from "../../../src/cli/repl/repl-controller.js";
import { freshStart, openReplSession } from "../../../src/cli/repl/repl-sessions.js";
import { loadSessionPolicy } from "../../../src/cli/session-policy.js";
import { autoMemoryDir } from "../../../src/memory/auto-memory-paths.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { controllerFor, notices, until } from "./repl-harness.js";

// /memory auto off|on in a real REPL session (the CLI session, its permission engine and its
// context loader) on the in-process scripted model: the next turn's system prompt loses or
// regains the memory section, writes into the folder ask again or not, and the choice is
// saved in keel's user settings with every other key kept.
let dir: string;
let state: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-memory-switch-")));
  state = join(dir, "state");
  await mkdir(join(dir, "project"), { recursive: true });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const options: CliOptions = {
  print: false,
  outputFormat: "text",
  inputFormat: "text",
  verbose: false,
  mcpConfig: [],
  strictMcpConfig: false,
  pluginDir: [],
  pluginDirNoMcp: [],
  allowedTools: [],
  disallowedTools: [],
  addDir: [],
  continue: false,
  forkSession: false,
  sessionPersistence: false,
  includePartialMessages: false,
  prompt: "",
};

const MARKER = "TABS-NOT-SPACES";

async function repl(turns: unknown[]) {
  const cwd = join(dir, "project");
  const io: CliIo = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    env: { HOME: dir, KEEL_CONFIG_DIR: state, PATH: process.env.PATH ?? "" },
    cwd,
    signal: new AbortController().signal,
  };
  const policy = await loadSessionPolicy(options, { home: dir, stateDir: state, cwd }, () => {});
  const provider = createScriptedProvider(parseScenario({ turns }, "memory switch"));
  let controller: ReplController | undefined;
  const ask: AskPerson = (question, signal) => {
    if (!controller) throw new Error("asked before the REPL started");
    return controller.ask(question, signal);
  };
  const model = {
    provider,
    model: "claude-sonnet-5",
    maxOutputTokens: 8_000,
    apiKeySource: "none" as const,
    retry: {},
    maxToolUseConcurrency: 10,
  };
  const session = await openReplSession(
    { options, io, model, policy, stateDir: state, ask, warn: () => {} },
    freshStart(),
  );
  controller = controllerFor(session, cwd);
  return { controller, provider, session };
}

async function turn(controller: ReplController, prompt: string) {
  const before = controller.store.get().view.done.length;
  controller.submit(prompt);
  await until(controller, (s) => !s.busy && s.view.done.length > before, `the turn "${prompt}"`);
}

const systemOf = (body: unknown) => JSON.stringify((body as { system?: unknown }).system);

describe("/memory auto on|off in a running REPL session", () => {
  it("switches the memory section, the write exception and the saved setting", async () => {
    const memory = await autoMemoryDir(state, join(dir, "project"));
    await mkdir(memory, { recursive: true });
    await writeFile(join(memory, "MEMORY.md"), `- [Tabs](user_tabs.md) — ${MARKER}\n`);
    await mkdir(state, { recursive: true });
    const settingsFile = join(state, "settings.json");
    await writeFile(settingsFile, JSON.stringify({ cleanupPeriodDays: 40, env: { KEPT: "1" } }));
    const note = join(memory, "note.md");
    const write = (id: string) => ({
      content: [{ type: "tool_use", id, name: "Write", input: { file_path: note, content: "x" } }],
    });
    const { controller, provider, session } = await repl([
      { content: "first" },
      write("toolu_off"),
      { content: "second" },
      write("toolu_on"),
      { content: "third" },
    ]);
    try {
      await turn(controller, "one");
      expect(systemOf(provider.requests[0]?.body)).toContain(MARKER);

      controller.submit("/memory auto off");
      await until(
        controller,
        (s) => notices(s).some((n) => n.text.includes('saved as "autoMemoryEnabled": false')),
        "the switch's notice",
      );
      expect(JSON.parse(await readFile(settingsFile, "utf8"))).toEqual({
        cleanupPeriodDays: 40,
        env: { KEPT: "1" },
        autoMemoryEnabled: false,
      });
      // Off: no memory section, and a write into the folder asks (the person says no).
      controller.submit("two");
      const asked = await until(controller, (s) => s.questions.length > 0, "the write's dialog");
      expect(asked.questions[0]?.question.toolName).toBe("Write");
      controller.answer({ kind: "deny", feedback: "not now" });
      await until(controller, (s) => !s.busy, "the second turn's end");
      expect(systemOf(provider.requests[1]?.body)).not.toContain(MARKER);
      expect(systemOf(provider.requests[1]?.body)).not.toContain("# Auto memory");
      expect(existsSync(note)).toBe(false);

      controller.submit("/memory auto on");
      await until(
        controller,
        (s) => notices(s).some((n) => n.text.includes('saved as "autoMemoryEnabled": true')),
        "the switch back",
      );
      // On again: the section is back and the write needs no approval.
      await turn(controller, "three");
      expect(systemOf(provider.requests[3]?.body)).toContain(MARKER);
      expect(controller.store.get().questions).toHaveLength(0);
      expect(await readFile(note, "utf8")).toBe("x");
      expect(JSON.parse(await readFile(settingsFile, "utf8")).autoMemoryEnabled).toBe(true);
      expect(provider.violations).toEqual([]);
    } finally {
      await session.dispose();
    }
  });
});
