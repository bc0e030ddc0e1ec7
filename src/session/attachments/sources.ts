import type { Attachment, Message } from "../../protocol/messages.js";
import type { TodoItem } from "../../tools/builtin/todo-write/schema.js";
import type { ToolUseContext } from "../../tools/context.js";
import { type ChangedFileDeps, changedFileAttachments } from "./changed-files.js";
import { type NestedMemoryLoader, nestedMemoryAttachments } from "./nested-memory.js";
import { queuedCommandAttachments } from "./queued-commands.js";
import { ReadPathTracker } from "./read-path-tracker.js";
import { todoReminder } from "./todo-reminder.js";

/** What one attachment pass gives each source. */
export interface AttachmentPass {
  context: ToolUseContext;
  /** The conversation up to and including the tool results of the round. */
  messages: readonly Message[];
  /** Aborted when the pass runs out of time or the turn is aborted. */
  signal: AbortSignal;
}

/** One kind of attachment: what it adds for this pass (nothing is an empty list). */
export type AttachmentSource = (pass: AttachmentPass) => Promise<readonly Attachment[]>;

/** The prompts the user sent during the turn, drained from the engine's queue. */
export function queuedInputSource(drain: () => readonly string[]): AttachmentSource {
  return async () => queuedCommandAttachments(drain);
}

/** Files the model read whole that changed on disk since (the turn's readFileState). */
export function changedFilesSource(deps: ChangedFileDeps): AttachmentSource {
  return (pass) => changedFileAttachments(pass.context.readFileState, deps, pass.signal);
}

/** Memory files for paths newly in readFileState; the tracker lives as long as the source. */
export function nestedMemorySource(
  load: NestedMemoryLoader,
  tracker: ReadPathTracker = new ReadPathTracker(),
): AttachmentSource {
  return (pass) => nestedMemoryAttachments(pass.context.readFileState, tracker, load, pass.signal);
}

/**
 * A skill listing of the skills that paths newly in the main thread's readFileState bring into
 * play (skills with `paths`); `activate` returns the listing's text, or undefined when none did.
 */
export function conditionalSkillsSource(
  activate: (paths: string[]) => string | undefined,
  tracker: ReadPathTracker = new ReadPathTracker(),
): AttachmentSource {
  return async (pass) => {
    // The main thread's reads only: a subagent's listing is not the conversation's.
    if (pass.context.agentId !== undefined) return [];
    const paths = tracker.newPaths(pass.context.readFileState);
    if (paths.length === 0) return [];
    tracker.markSeen(paths);
    const content = activate(paths);
    return content === undefined ? [] : [{ type: "skill_listing", content }];
  };
}

/** The todo reminder for the thread the pass runs in (its agentId, or the main thread). */
export function todoReminderSource(
  todosOf: (agentId: string | undefined) => readonly TodoItem[],
): AttachmentSource {
  return async (pass) => {
    const toolNames = pass.context.options.tools.map((tool) => tool.name);
    const reminder = todoReminder(pass.messages, todosOf(pass.context.agentId), { toolNames });
    return reminder ? [reminder] : [];
  };
}
