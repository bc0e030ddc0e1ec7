import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { z } from "zod";
import type { SettingsLayer } from "../../src/config/settings/layer.js";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import type { SettingsSource } from "../../src/config/settings/sources.js";
import { createPermissionEngine, type PermissionEngine } from "../../src/policy/engine.js";
import type { PermissionMode } from "../../src/tools/context.js";
import type { AnyTool, ToolPermissionResult } from "../../src/tools/tool.js";

/** Temp folders shaped like a person's machine: home, keel state, a project, a folder outside. */
export interface Machine {
  base: string;
  home: string;
  stateDir: string;
  project: string;
  outside: string;
  cleanup(): Promise<void>;
}

const FILES = [
  "project/src/a.ts",
  "project/src/deep/b.ts",
  "project/secrets/key",
  "project/.env",
  "project/sub/.env",
  "project/docs/x.md",
  "project/logs/x.log",
  "project/a.txt",
  "project/ab.txt",
  "outside/file.txt",
  "home/notes/a.md",
  "home/other.md",
  "home/secret.txt",
  "home/.claude/secrets/key",
  "home/.keel/secrets/key",
];

/** Builds the machine in a fresh temp folder (real paths, so symlinked /tmp does not matter). */
export async function makeMachine(): Promise<Machine> {
  const base = await realpath(await mkdtemp(join(tmpdir(), "keel-policy-")));
  for (const file of FILES) {
    await mkdir(dirname(join(base, file)), { recursive: true });
    await writeFile(join(base, file), `${file}\n`);
  }
  await symlink(join(base, "outside"), join(base, "project/link-to-out"));
  await symlink(join(base, "project/secrets/key"), join(base, "project/link-secret"));
  await symlink(join(base, "project"), join(base, "projlink"));
  return {
    base,
    home: join(base, "home"),
    stateDir: join(base, "home/.keel"),
    project: join(base, "project"),
    outside: join(base, "outside"),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/** Replaces $P (project), $H (home), $O (outside), $S (state) and $B (base) in a string. */
export function place(text: string, m: Machine): string {
  return text
    .replaceAll("$P", m.project)
    .replaceAll("$H", m.home)
    .replaceAll("$O", m.outside)
    .replaceAll("$S", m.stateDir)
    .replaceAll("$B", m.base);
}

/** Rules per behaviour, as one settings source writes them. */
export interface RuleSet {
  allow?: string[];
  deny?: string[];
  ask?: string[];
}

/** An engine over the machine with the given rules (each list from one source). */
export function engineFor(
  m: Machine,
  sources: Partial<Record<SettingsSource, RuleSet>>,
  extra: { additionalDirectories?: string[] } = {},
): PermissionEngine {
  const layers: SettingsLayer[] = Object.entries(sources).map(([source, rules]) => ({
    source: source as SettingsSource,
    origin: `${source} settings`,
    settings: { permissions: { ...rules } },
  }));
  const settings = mergeSettingsLayers(layers, {
    home: m.home,
    stateDir: m.stateDir,
    cwd: m.project,
  });
  return createPermissionEngine({
    settings,
    cwd: m.project,
    stateDir: m.stateDir,
    home: m.home,
    env: { HOME: m.home, PATH: process.env.PATH },
    ...(extra.additionalDirectories ? { additionalDirectories: extra.additionalDirectories } : {}),
  });
}

/** What a fake tool is made of: its name, aliases, read-only flag and own verdict. */
export interface FakeToolSpec {
  name: string;
  aliases?: string[];
  readOnly?: boolean;
  check?: (input: Record<string, unknown>) => ToolPermissionResult;
}

/** A tool that is only ever asked about, never called. */
export function fakeTool(spec: FakeToolSpec): AnyTool {
  const check = spec.check;
  return {
    name: spec.name,
    ...(spec.aliases ? { aliases: spec.aliases } : {}),
    description: `${spec.name} (test)`,
    inputSchema: z.unknown(),
    maxResultSizeChars: 1000,
    isReadOnly: () => spec.readOnly ?? false,
    isConcurrencySafe: () => false,
    ...(check
      ? { checkPermissions: async (input: unknown) => check(input as Record<string, unknown>) }
      : {}),
    call: async () => {
      throw new Error("permission tests never call tools");
    },
    mapToolResult: () => ({ type: "tool_result", tool_use_id: "x", content: "" }),
  };
}

/** The built-in tool names with the shape their inputs take in the table. */
export const TOOLS: Record<string, AnyTool> = {
  Bash: fakeTool({ name: "Bash" }),
  Read: fakeTool({ name: "Read", readOnly: true }),
  Glob: fakeTool({ name: "Glob", readOnly: true }),
  Grep: fakeTool({ name: "Grep", readOnly: true }),
  Edit: fakeTool({ name: "Edit" }),
  Write: fakeTool({ name: "Write" }),
  Agent: fakeTool({ name: "Agent", aliases: ["Task"] }),
  TaskStop: fakeTool({ name: "TaskStop", aliases: ["KillShell"] }),
  TaskOutput: fakeTool({ name: "TaskOutput", aliases: ["BashOutput"], readOnly: true }),
  WebFetch: fakeTool({ name: "WebFetch", readOnly: true }),
};

/** A tool by name (MCP names make a fresh fake tool). */
export function toolNamed(name: string): AnyTool {
  return TOOLS[name] ?? fakeTool({ name });
}

/** The input a table row's single argument stands for, per tool. */
export function inputFor(tool: string, arg: string): Record<string, unknown> {
  switch (tool) {
    case "Bash":
      return { command: arg };
    case "Read":
    case "Edit":
    case "Write":
      return { file_path: arg };
    case "Glob":
      return { pattern: "**/*", path: arg };
    case "Grep":
      return { pattern: "x", path: arg };
    case "Agent":
      return { prompt: "p", description: "d", subagent_type: arg };
    case "WebFetch":
      return { url: arg, prompt: "p" };
    case "Skill": {
      const [skill = "", ...args] = arg.split(" ");
      return args.length > 0 ? { skill, args: args.join(" ") } : { skill };
    }
    default:
      return { value: arg };
  }
}

/** The mode a row runs in (default unless the row says). */
export type Mode = PermissionMode;

/**
 * The machine for the tests of one file: made before the first test, removed after the last.
 * Returns a getter, as the machine exists only while the file's tests run.
 */
export function useMachine(): () => Machine {
  let current: Machine | undefined;
  beforeAll(async () => {
    current = await makeMachine();
  });
  afterAll(async () => {
    await current?.cleanup();
    current = undefined;
  });
  return () => {
    if (!current) throw new Error("the machine exists only while the file's tests run");
    return current;
  };
}
