import type { FileSystemView, PathUse } from "../tools/shell-effects/index.js";
import type { AnyTool } from "../tools/tool.js";
import { analyzeBash, type BashAnalysis } from "./bash-analysis.js";
import { type PathForms, pathForms, type RealPathResolver } from "./real-paths.js";
import { toolRuleNames } from "./tool-names.js";
import { type FileAccess, toolFileTarget } from "./tool-targets.js";

/** A file a call touches, in both forms, whether it is read or written, and how. */
export interface TouchedFile {
  access: FileAccess;
  forms: PathForms;
  /** The file itself, a folder's names, or everything below it. */
  use: PathUse;
  /**
   * False when only guessed from the arguments of a program keel does not model (it may read
   * or write it, as a folder tree at that): deny rules still hold, allow rules ignore it.
   */
  certain: boolean;
  /** The word it came from (for messages). */
  text: string;
}

/** A file a Bash command may touch whose path is only known at run time. */
export interface UnresolvedFile {
  access: FileAccess;
  text: string;
  reason: string;
  certain: boolean;
}

/** Everything rules are matched against for one call. */
export interface CallSubject {
  toolNames: string[];
  /** Present for Bash: the parsed command line and what it does. */
  bash?: BashAnalysis;
  /** Files the call touches (a file tool's target, or every path a Bash command names). */
  files: TouchedFile[];
  /** Files a Bash command touches whose path keel cannot know before it runs. */
  unresolved: UnresolvedFile[];
  /** WebFetch's URL. */
  url?: string;
  /** The Agent tool's subagent type. */
  agentType?: string;
  /** The Skill tool's call as its rules see it: the skill's name, then its arguments. */
  skillCall?: string;
}

/** Where paths in a call's input start, and what Bash commands run with. */
export interface SubjectPlaces {
  cwd: string;
  home: string;
  realPath: RealPathResolver;
  /** The environment Bash commands run with. */
  env: Readonly<Record<string, string | undefined>>;
  fs: FileSystemView;
}

function stringField(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  return typeof value === "string" ? value : undefined;
}

/** Searches read their folder as a tree; the other file tools touch one file. */
const TREE_TOOLS = new Set(["Glob", "Grep"]);

/** Describes a call for rule matching (parses Bash commands, resolves file paths). */
export async function describeCall(
  tool: AnyTool,
  input: Record<string, unknown>,
  places: SubjectPlaces,
): Promise<CallSubject> {
  const toolNames = toolRuleNames(tool);
  const subject: CallSubject = { toolNames, files: [], unresolved: [] };
  const name = toolNames[0] ?? tool.name;
  const target = toolFileTarget(name, input, places.cwd, places.home);
  if (target) {
    subject.files.push({
      access: target.access,
      forms: await pathForms(target.path, places.realPath),
      use: TREE_TOOLS.has(name) ? "tree" : "entry",
      certain: true,
      text: target.path,
    });
  }
  const command = stringField(input, "command");
  if (toolNames.includes("Bash") && command !== undefined) {
    const bash = await analyzeBash(command, {
      cwd: tool.currentDirectory?.() ?? places.cwd,
      home: places.home,
      env: places.env,
      fs: places.fs,
    });
    subject.bash = bash;
    addBashFiles(subject, bash);
  }
  const url = stringField(input, "url");
  if (url !== undefined) subject.url = url;
  const agentType = stringField(input, "subagent_type");
  if (agentType !== undefined) subject.agentType = agentType;
  const skill = stringField(input, "skill");
  if (skill !== undefined && subject.toolNames.includes("Skill")) {
    const args = stringField(input, "args")?.trim();
    subject.skillCall = `${skill.trim().replace(/^\//, "")}${args ? ` ${args}` : ""}`;
  }
  return subject;
}

function addBashFiles(subject: CallSubject, bash: BashAnalysis): void {
  const { effects } = bash;
  for (const [access, list] of [
    ["read", effects.reads],
    ["write", effects.writes],
  ] as const) {
    for (const item of list) {
      for (const forms of item.paths) {
        subject.files.push({
          access,
          forms,
          use: item.use,
          certain: item.certain,
          text: item.text,
        });
      }
    }
  }
  for (const [access, list] of [
    ["read", effects.unresolvedReads],
    ["write", effects.unresolvedWrites],
  ] as const) {
    for (const item of list) subject.unresolved.push({ access, ...item });
  }
}
