import type { ApiAssistantMessage, ApiMessageParam, ApiUserMessage } from "./api.js";
import type { AssistantContentBlock, UserContentBlock } from "./content.js";
import type { Attachment, Message } from "./messages.js";

/** Wraps runtime-added context so the model can tell it from what the user typed. */
export function systemReminder(text: string): string {
  return `<system-reminder>\n${text}\n</system-reminder>`;
}

/** The todo reminder's words, with the current list numbered when there is one. */
function todoReminderText(todos: readonly { content: string; status: string }[]): string {
  const nudge =
    "You have not used the TodoWrite tool for a while. If the work in hand has several steps, it can help to track them there; if your todo list no longer matches what you are doing, update or clear it. Use it only when it helps with the current work, and do not mention this reminder to the user.";
  if (todos.length === 0) return nudge;
  const list = todos.map((todo, i) => `${i + 1}. [${todo.status}] ${todo.content}`).join("\n");
  return `${nudge}\n\nThe current todo list:\n${list}`;
}

/** The text an attachment becomes for the model, or undefined when it is host-only. */
export function attachmentText(attachment: Attachment): string | undefined {
  switch (attachment.type) {
    case "queued_command":
      return systemReminder(
        `The user sent a new message while you were working:\n${attachment.prompt}\n\nAddress this message once the current step allows; do not ignore it.`,
      );
    case "edited_text_file":
      return systemReminder(
        `${attachment.filename} was changed since you last read it (by the user or a tool such as a formatter). Take the change into account; do not undo it unless asked. The relevant lines now read:\n${attachment.snippet}`,
      );
    case "system_reminder":
    case "skill_listing":
      return systemReminder(attachment.content);
    case "hook_additional_context":
      return systemReminder(
        `${attachment.hookName} hook additional context: ${attachment.content}`,
      );
    case "todo_reminder":
      return systemReminder(todoReminderText(attachment.todos));
    case "nested_memory":
      return systemReminder(`Contents of ${attachment.path}:\n\n${attachment.content}`);
    case "task_notification":
      return systemReminder(
        `Background task ${attachment.taskId} (${attachment.description}) ${attachment.status}. ${attachment.summary}`,
      );
    case "monitor_event":
      return systemReminder(
        `Monitor ${attachment.taskId} (${attachment.description}):\n${attachment.text}`,
      );
    case "teammate_mailbox":
      return attachment.text;
    case "max_turns_reached":
    case "hook_stopped_continuation":
      return undefined;
  }
}

function userBlocks(content: string | UserContentBlock[]): UserContentBlock[] {
  return typeof content === "string" ? [{ type: "text", text: content }] : content;
}

/** Blocks the API would reject: empty text, and thinking without a signature (from other providers). */
function isUnsendable(block: UserContentBlock | AssistantContentBlock): boolean {
  if (block.type === "text") return block.text.trim() === "";
  return block.type === "thinking" && block.signature === "";
}

/**
 * Puts tool_result blocks first (an API rule), in the order of the tool_use blocks they answer
 * (tools finish in any order; the request stays the same whatever the timing).
 */
function toolResultsFirst(
  blocks: UserContentBlock[],
  callOrder: ReadonlyMap<string, number>,
): UserContentBlock[] {
  const results = blocks.filter((b) => b.type === "tool_result");
  if (results.length === 0) return blocks;
  const position = (b: UserContentBlock) =>
    b.type === "tool_result" ? (callOrder.get(b.tool_use_id) ?? Number.MAX_SAFE_INTEGER) : 0;
  results.sort((a, b) => position(a) - position(b));
  return [...results, ...blocks.filter((b) => b.type !== "tool_result")];
}

function callOrderOf(param: ApiMessageParam | undefined): Map<string, number> {
  const order = new Map<string, number>();
  if (param?.role !== "assistant" || typeof param.content === "string") return order;
  for (const block of param.content) if (block.type === "tool_use") order.set(block.id, order.size);
  return order;
}

/** One entry before merging: the role and its blocks. */
type Entry =
  | { role: "user"; blocks: UserContentBlock[] }
  | { role: "assistant"; blocks: AssistantContentBlock[] };

function toEntry(message: Message): Entry | undefined {
  switch (message.type) {
    case "user":
      return { role: "user", blocks: userBlocks(message.message.content) };
    case "assistant":
      if (message.isApiErrorMessage) return undefined;
      return { role: "assistant", blocks: message.message.content };
    case "attachment": {
      const text = attachmentText(message.attachment);
      return text === undefined ? undefined : { role: "user", blocks: [{ type: "text", text }] };
    }
    case "system":
    case "progress":
      return undefined;
  }
}

/**
 * The `messages` of a Messages API request, from a conversation: UI-only messages dropped,
 * attachments turned into user text, the blocks of one response (and any adjacent responses)
 * merged into one assistant turn, consecutive user messages merged with tool_result blocks
 * first, empty text blocks and unsigned thinking removed, thinking kept with its signature.
 */
export function toApiMessages(messages: readonly Message[]): ApiMessageParam[] {
  const out: ApiMessageParam[] = [];
  for (const message of messages) {
    const entry = toEntry(message);
    if (!entry) continue;
    const blocks = (entry.blocks as Array<UserContentBlock | AssistantContentBlock>).filter(
      (b) => !isUnsendable(b),
    );
    if (blocks.length === 0) continue;
    const last = out.at(-1);
    if (last && last.role === entry.role) {
      (last.content as Array<UserContentBlock | AssistantContentBlock>).push(...blocks);
    } else if (entry.role === "user") {
      out.push({ role: "user", content: blocks as UserContentBlock[] } satisfies ApiUserMessage);
    } else {
      out.push({
        role: "assistant",
        content: blocks as AssistantContentBlock[],
      } satisfies ApiAssistantMessage);
    }
  }
  out.forEach((param, i) => {
    if (param.role === "user" && Array.isArray(param.content)) {
      param.content = toolResultsFirst(param.content, callOrderOf(out[i - 1]));
    }
  });
  return out;
}
