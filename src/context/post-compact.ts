import type { CompactionResult } from "../loop/params.js";
import {
  createAttachmentMessage,
  createUserMessage,
  type IdSource,
} from "../protocol/factories.js";
import type { Message, UserMessage } from "../protocol/messages.js";
import type { TodoItem } from "../tools/builtin/todo-write/schema.js";

/** A file read again from disk after a compaction. */
export interface RestoredFile {
  path: string;
  content: string;
  truncated: boolean;
}

/** Everything the post-compact history is made of. */
export interface PostCompactInput {
  summary: string;
  trigger: "auto" | "manual";
  preTokens: number;
  /** The newest prompt a person typed; it is kept verbatim. */
  latestPrompt?: UserMessage;
  /**
   * True when that prompt was answered (a /compact between turns): it is quoted in the summary
   * instead of following it, where it would read as a request still to do.
   */
  latestAnswered?: boolean;
  files: readonly RestoredFile[];
  todos: readonly TodoItem[];
  ids: IdSource;
}

const SUMMARY_INTRO =
  "This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.";

const RESUME_NOTE =
  "Continue the conversation from where it left off without asking the user any further questions. Resume directly — do not acknowledge the summary, do not recap what was happening. Pick up the last task as if the break never happened.";

function promptWords(prompt: UserMessage): string {
  const { content } = prompt.message;
  if (typeof content === "string") return content;
  return content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

function latestNote(input: PostCompactInput): string {
  if (!input.latestPrompt) return "";
  if (!input.latestAnswered) return "\n\nThe user's latest request follows verbatim.";
  return `\n\nThe user's latest request, already answered, was:\n${promptWords(input.latestPrompt)}`;
}

function summaryMessage(input: PostCompactInput): UserMessage {
  const latest = latestNote(input);
  const resume = input.trigger === "auto" ? `\n\n${RESUME_NOTE}` : "";
  return createUserMessage(`${SUMMARY_INTRO}\n\n${input.summary}${latest}${resume}`, input.ids, {
    isCompactSummary: true,
  });
}

function fileNote(file: RestoredFile): string {
  const cut = file.truncated ? " (truncated; Read it for the rest)" : "";
  return `The file ${file.path} as it is now on disk, read again after the conversation was compacted${cut}:\n${file.content}`;
}

function todoNote(todos: readonly TodoItem[]): string {
  const lines = todos.map((t, i) => `${i + 1}. [${t.status}] ${t.content}`);
  return `The todo list before the conversation was compacted (keep using TodoWrite to update it):\n${lines.join("\n")}`;
}

/**
 * The history after a compaction: the compact boundary, the summary (isCompactSummary), the
 * latest user request verbatim (when still to do; an answered one is quoted in the summary), then the recently read files and the todo list as
 * attachments. Nothing in it is a tool_use or a tool_result, so pairing cannot break.
 */
export function postCompactMessages(input: PostCompactInput): CompactionResult {
  const { ids } = input;
  const messages: Message[] = [
    {
      type: "system",
      subtype: "compact_boundary",
      uuid: ids.uuid(),
      timestamp: ids.timestamp(),
      compactMetadata: { trigger: input.trigger, preTokens: input.preTokens },
    },
    summaryMessage(input),
  ];
  if (input.latestPrompt && !input.latestAnswered) {
    messages.push(createUserMessage(input.latestPrompt.message.content, ids));
  }
  for (const file of input.files) {
    messages.push(
      createAttachmentMessage({ type: "system_reminder", content: fileNote(file) }, ids),
    );
  }
  if (input.todos.length > 0) {
    messages.push(
      createAttachmentMessage({ type: "system_reminder", content: todoNote(input.todos) }, ids),
    );
  }
  return { messages };
}
