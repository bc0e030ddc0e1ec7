import type { AnyTool } from "../tools/tool.js";
import { analyzeBash, type BashAnalysis } from "./bash-analysis.js";
import { type PathForms, pathForms, type RealPathResolver } from "./real-paths.js";
import { toolRuleNames } from "./tool-names.js";
import { type FileAccess, toolFileTarget } from "./tool-targets.js";

/** A file a call touches, in both forms, and whether it is read or written. */
export interface TouchedFile {
  access: FileAccess;
  forms: PathForms;
}

/** Everything rules are matched against for one call. */
export interface CallSubject {
  toolNames: string[];
  /** Present for Bash: the parsed command line. */
  bash?: BashAnalysis;
  /** Files the call touches (a file tool's target, or a Bash command's known files). */
  files: TouchedFile[];
  /** Files a Bash command touches whose path is only known at run time (by source text). */
  unknownFiles: Array<{ access: FileAccess; text: string }>;
  /** WebFetch's URL. */
  url?: string;
  /** The Agent tool's subagent type. */
  agentType?: string;
}

/** Where paths in a call's input start. */
export interface SubjectPlaces {
  cwd: string;
  home: string;
  realPath: RealPathResolver;
}

function stringField(input: Record<string, unknown>, field: string): string | undefined {
  const value = input[field];
  return typeof value === "string" ? value : undefined;
}

/** Describes a call for rule matching (parses Bash commands, resolves file paths). */
export async function describeCall(
  tool: AnyTool,
  input: Record<string, unknown>,
  places: SubjectPlaces,
): Promise<CallSubject> {
  const toolNames = toolRuleNames(tool);
  const subject: CallSubject = { toolNames, files: [], unknownFiles: [] };
  const target = toolFileTarget(toolNames[0] ?? tool.name, input, places.cwd, places.home);
  if (target)
    subject.files.push({
      access: target.access,
      forms: await pathForms(target.path, places.realPath),
    });
  const command = stringField(input, "command");
  if (toolNames.includes("Bash") && command !== undefined) {
    const bash = await analyzeBash(command, places.cwd, places.home);
    subject.bash = bash;
    const touched = [
      ...bash.reads.map((t) => ({ access: "read" as const, target: t })),
      ...bash.writes.map((t) => ({ access: "write" as const, target: t })),
    ];
    for (const { access, target: t } of touched) {
      if (t.path === undefined) subject.unknownFiles.push({ access, text: t.text });
      else subject.files.push({ access, forms: await pathForms(t.path, places.realPath) });
    }
  }
  const url = stringField(input, "url");
  if (url !== undefined) subject.url = url;
  const agentType = stringField(input, "subagent_type");
  if (agentType !== undefined) subject.agentType = agentType;
  return subject;
}
