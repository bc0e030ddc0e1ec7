import type { SessionContext } from "../engine/config.js";
import { loadMemoryFiles } from "../memory/load-memory-files.js";
import type { MemoryFile } from "../memory/memory-file.js";
import { renderClaudeMd } from "../memory/render-memory.js";
import { defaultSystemPrompt, defaultUserContext } from "../system-prompt.js";
import { type GitRunner, gitStatusSnapshot } from "./git-status.js";

/** What a session's prompt context is built from. */
export interface SessionContextInputs {
  cwd: string;
  home: string;
  stateDir: string;
  platform: string;
  model: string;
  tools: readonly string[];
  customSystemPrompt?: string;
  appendSystemPrompt?: string;
  now: Date;
  /** The commit and pull request section of the default prompt ("" or absent: none). */
  gitInstructions?: string;
  /** The output style's section of the default prompt ("" or absent: the default style). */
  outputStyle?: string;
  /** False: no memory files are read (`--bare`). */
  memory?: boolean;
  /** Filled with the memory files loaded at start, so nested memory does not repeat them. */
  loaded?: Set<string>;
  /** Told the memory files loaded at start (InstructionsLoaded hooks), before the context is used. */
  onMemoryLoaded?: (files: readonly MemoryFile[]) => Promise<void>;
  onWarning?: (message: string) => void;
  git?: GitRunner;
}

/**
 * The system prompt and user context of a session, as Claude Code splits them so the prefix
 * stays cacheable: base prompt (or the custom one) + system context (environment, git
 * snapshot) + appended prompt; memory files and today's date go to the user context.
 */
export async function loadSessionContext(inputs: SessionContextInputs): Promise<SessionContext> {
  const [memory, git] = await Promise.all([
    inputs.memory === false
      ? []
      : loadMemoryFiles({
          cwd: inputs.cwd,
          home: inputs.home,
          stateDir: inputs.stateDir,
          ...(inputs.onWarning ? { onWarning: inputs.onWarning } : {}),
        }),
    gitStatusSnapshot(inputs.cwd, inputs.git),
  ]);
  for (const file of memory) inputs.loaded?.add(file.path);
  if (memory.length > 0) await inputs.onMemoryLoaded?.(memory);
  const base =
    inputs.customSystemPrompt ??
    defaultSystemPrompt({ cwd: inputs.cwd, platform: inputs.platform, tools: inputs.tools });
  const parts = [base, `Model: ${inputs.model}`];
  // Commits go through Bash; a custom system prompt replaces these instructions too.
  const commits = inputs.customSystemPrompt === undefined && inputs.tools.includes("Bash");
  if (commits && inputs.gitInstructions) parts.push(inputs.gitInstructions);
  if (inputs.customSystemPrompt === undefined && inputs.outputStyle) parts.push(inputs.outputStyle);
  if (git) parts.push(`# Git status\n${git}`);
  if (inputs.appendSystemPrompt) parts.push(inputs.appendSystemPrompt);
  const claudeMd = renderClaudeMd(memory);
  return {
    systemPrompt: parts.join("\n\n"),
    userContext: { ...(claudeMd ? { claudeMd } : {}), ...defaultUserContext(inputs.now) },
  };
}
