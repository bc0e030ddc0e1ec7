import { readFile, stat, utimes, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { ask } from "../../../src/session/ask.js";
import type { SdkMessage } from "../../../src/session/sdk-messages.js";
import { createBackgroundShells } from "../../../src/tools/background/index.js";
import { createBashTool } from "../../../src/tools/builtin/bash/bash-tool.js";
import { createBuiltinTools } from "../../../src/tools/builtin/index.js";
import type { CanUseTool, PermissionResult } from "../../../src/tools/context.js";
import { NOTHING_DENIED } from "../../../src/tools/read-denial.js";
import type { AnyTool } from "../../../src/tools/tool.js";
import { type CaseRules, describeInput, place, placeInput, type ToolCallCase } from "./case.js";
import { type Change, diff, effects, leakedMarkers, type Snapshot, snapshot } from "./effects.js";
import { type Jail, jailShell } from "./jail.js";
import { copyLayout, type Layout, type LayoutTemplate } from "./layout.js";
import {
  keelDecides,
  machineEnv,
  type PermissionGate,
  printModeCanUseTool,
  toolPath,
} from "./session.js";

/** What runs cases: the machine they are copied from, the jail, and who decides permissions. */
export interface CaseRunner {
  template: LayoutTemplate;
  jail: Jail;
  gate?: PermissionGate;
  /**
   * False turns off what tools withhold on their own (Grep and Glob leaving out files Read
   * deny rules cover): with the gate, all of keel's permission checks are then off.
   */
  toolFilters?: boolean;
  /**
   * Which Bash calls keel's own read-only jail takes (default: those the read-only verdict
   * allows, as in a session). "everything" (the Bash tool's test switch) runs every call in
   * it, with a plain shell: then the jail alone must hold.
   */
  keelJail?: "read-only" | "everything";
}

/** What one case did. */
export interface CaseRun<C extends ToolCallCase = ToolCallCase> {
  case: C;
  /** The call as it ran (placeholders replaced). */
  attack: string;
  /** What the permission check answered for the case's call (absent: it never got that far). */
  decision?: PermissionResult;
  /** Changes under the watched roots that are not noise. */
  changes: Change[];
  /** Secret markers (by name) in the call's result. */
  leaked: string[];
  /** The call's result as the model saw it. */
  resultText: string;
  /** Why the harness could not run the case. */
  error?: string;
}

/** A case escaped when it changed the machine or showed a secret. */
export function escaped(run: CaseRun): boolean {
  return run.changes.length > 0 || run.leaked.length > 0;
}

const WATCHED = ["project", "outside", "home", "sentinel"] as const;

function watchedRoots(layout: Layout): string[] {
  return WATCHED.map((name) => join(layout.base, name));
}

const SETTINGS = "project/.claude/settings.json";

/**
 * Puts the case's rules in the project's settings, and returns how to put the file back as
 * it was (content and times), so that a machine the case did not change can serve the next.
 */
async function writeRules(
  layout: Layout,
  rules: CaseRules,
): Promise<(() => Promise<void>) | undefined> {
  const permissions = Object.fromEntries(
    (["allow", "deny", "ask"] as const)
      .filter((kind) => (rules[kind] ?? []).length > 0)
      .map((kind) => [kind, (rules[kind] ?? []).map((rule) => place(rule, layout))]),
  );
  const path = join(layout.base, SETTINGS);
  if (Object.keys(permissions).length === 0) return undefined;
  const [text, stats] = await Promise.all([readFile(path), stat(path)]);
  await writeFile(path, `${JSON.stringify({ permissions }, null, 2)}\n`);
  return async () => {
    await writeFile(path, text);
    await utimes(path, stats.atime, stats.mtime);
  };
}

/**
 * One worker's machine: copied from the template when first needed, and again only after a
 * case changed it (most cases are refused and change nothing; copying is most of a case's cost).
 */
class MachineSlot {
  private layout: Layout | undefined;
  private pristine: Snapshot | undefined;

  constructor(private readonly template: LayoutTemplate) {}

  async take(): Promise<Layout> {
    if (!this.layout) {
      const layout = await copyLayout(this.template);
      // The copy as made (its times are the template's to the millisecond, not beyond).
      this.pristine = await snapshot(layout.base, watchedRoots(layout));
      this.layout = layout;
    }
    return this.layout;
  }

  /**
   * Keeps the machine when the case left it as it was copied, else drops it. With rules in
   * the settings file (`ruled`: its state before the call), that file only has to be as the
   * harness wrote it: the harness puts it back.
   */
  async giveBack(now: Snapshot | undefined, ruled: Snapshot | undefined): Promise<void> {
    const changes = now && this.pristine ? diff(this.pristine, now) : undefined;
    const settingsTouched =
      ruled !== undefined &&
      now !== undefined &&
      diff(pick(ruled, SETTINGS), pick(now, SETTINGS)).length > 0;
    const changed =
      !changes ||
      settingsTouched ||
      changes.some((change) => ruled === undefined || change.path !== SETTINGS);
    if (changed) await this.close();
  }

  async close(): Promise<void> {
    await this.layout?.cleanup();
    this.layout = undefined;
  }
}

/** One entry of a snapshot, as a snapshot of its own. */
function pick(from: Snapshot, path: string): Snapshot {
  const entry = from.get(path);
  return new Map(entry ? [[path, entry]] : []);
}

/** The built-in tools of a print-mode session, with Bash's shell in the jail. */
async function machineTools(
  layout: Layout,
  runner: CaseRunner,
  env: Record<string, string>,
): Promise<{ tools: AnyTool[]; dispose(): Promise<void> }> {
  const config = {
    cwd: layout.project,
    sessionDir: join(layout.state, "session"),
    stateDir: layout.state,
    env,
  };
  const backgroundShells = createBackgroundShells(config);
  const jail = runner.keelJail ?? "read-only";
  const shell = jail === "everything" ? "bash" : await jailShell(runner.jail, layout);
  const bash = createBashTool(config, { backgroundShells, shell, jail }) as AnyTool;
  const tools = createBuiltinTools(config, { backgroundShells }).map((tool) =>
    tool.name === "Bash" ? bash : tool,
  );
  return { tools, dispose: () => backgroundShells.dispose() };
}

/** The calls made before the case's own (allowed, not judged), as tool name and input. */
function setupCalls(testCase: ToolCallCase, layout: Layout): [string, Record<string, unknown>][] {
  const calls: [string, Record<string, unknown>][] = (testCase.setup ?? []).map((command) => [
    "Bash",
    { command: place(command, layout) },
  ]);
  // Write and Edit refuse a file the session has not read: a model reads it first.
  const target = testCase.input.file_path;
  if ((testCase.tool === "Write" || testCase.tool === "Edit") && typeof target === "string") {
    calls.push(["Read", { file_path: place(target, layout) }]);
  }
  return calls;
}

/** The scripted model's turns: the setup calls, then the case's call, then a last word. */
function scenarioOf(testCase: ToolCallCase, layout: Layout) {
  const call = (name: string, input: Record<string, unknown>) => ({
    content: [{ type: "tool_use", name, input }],
  });
  return parseScenario(
    {
      turns: [
        ...setupCalls(testCase, layout).map(([name, input]) => call(name, input)),
        call(testCase.tool, placeInput(testCase.input, layout)),
        { content: "done" },
      ],
    },
    testCase.id,
  );
}

/** The text of the last tool result in the turn (the case's call is the last call). */
function lastToolResult(messages: readonly SdkMessage[]): string {
  let text = "";
  for (const message of messages) {
    if (message.type !== "user" || typeof message.message.content === "string") continue;
    for (const block of message.message.content) {
      if (block.type !== "tool_result") continue;
      text =
        typeof block.content === "string"
          ? block.content
          : (block.content ?? []).map((part) => ("text" in part ? part.text : "")).join("\n");
    }
  }
  return text;
}

/**
 * Runs one case in a machine as the template made it, as print mode would: setup commands
 * first (allowed, not judged), then a snapshot, then the case's call through keel's whole
 * tool pipeline with the gate deciding, then the effects.
 */
async function runCase<C extends ToolCallCase>(
  testCase: C,
  runner: CaseRunner,
  slot: MachineSlot,
): Promise<CaseRun<C>> {
  const layout = await slot.take();
  const attack = describeInput(testCase.tool, placeInput(testCase.input, layout));
  const run: CaseRun<C> = { case: testCase, attack, changes: [], leaked: [], resultText: "" };
  let after: Snapshot | undefined;
  let ruled: Snapshot | undefined;
  try {
    const restoreRules = await writeRules(layout, testCase);
    const env = machineEnv(layout, await toolPath());
    const keel = await printModeCanUseTool(layout, testCase.mode, env);
    const gate = (runner.gate ?? keelDecides)(keel);
    const setupCount = setupCalls(testCase, layout).length;
    let calls = 0;
    let before: Snapshot | undefined;
    const canUseTool: CanUseTool = async (tool, input, ...rest) => {
      if (calls++ < setupCount) return { behavior: "allow", updatedInput: input };
      before = await snapshot(layout.base, watchedRoots(layout));
      run.decision = await gate(tool, input, ...rest);
      return run.decision;
    };
    const { tools, dispose } = await machineTools(layout, runner, env);
    try {
      const { messages } = await ask({
        prompt: "run the call",
        cwd: layout.project,
        provider: createScriptedProvider(scenarioOf(testCase, layout)),
        tools,
        canUseTool,
        permissionMode: testCase.mode,
        // What a call does never depends on the system prompt's git status; leaving it out
        // spares two git processes per case (print-mode.test.ts keeps the whole path).
        gitStatus: false,
        env,
        ...(runner.toolFilters === false ? { readDenial: NOTHING_DENIED } : {}),
      });
      run.resultText = lastToolResult(messages);
    } finally {
      await dispose();
    }
    before ??= await snapshot(layout.base, watchedRoots(layout));
    after = await snapshot(layout.base, watchedRoots(layout));
    run.changes = effects(diff(before, after), testCase.noise);
    run.leaked = leakedMarkers(run.resultText, layout.markers);
    if (restoreRules) {
      ruled = before;
      await restoreRules();
    }
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
    after = undefined;
  }
  await slot.giveBack(after, ruled);
  return run;
}

/** How many cases run at once (each is mostly waiting on child processes and the disk). */
function parallelism(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.KEEL_BATTERY_JOBS);
  return Number.isInteger(asked) && asked > 0 ? asked : Math.max(8, availableParallelism() * 4);
}

/** Runs every case, several at once, and returns the runs in the cases' order. */
export async function runAll<C extends ToolCallCase>(
  cases: readonly C[],
  runner: CaseRunner,
): Promise<CaseRun<C>[]> {
  const runs: CaseRun<C>[] = new Array(cases.length);
  let next = 0;
  const worker = async () => {
    const slot = new MachineSlot(runner.template);
    try {
      while (next < cases.length) {
        const index = next++;
        runs[index] = await runCase(cases[index] as C, runner, slot);
      }
    } finally {
      await slot.close();
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelism(), cases.length) }, worker));
  return runs;
}
