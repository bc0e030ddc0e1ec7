import type { LooseBlock, RequestBody } from "./request-body.js";
import { type RequestViolation, violation } from "./violation.js";

type Message = RequestBody["messages"][number];

/** The ids the API gives its own tools' calls. */
const SERVER_TOOL_ID = /^srvtoolu_[a-zA-Z0-9_]+$/;

function isString(value: unknown): value is string {
  return typeof value === "string";
}

/** A search result as the API takes it back: its type, address, title and opaque blob. */
function resultProblems(item: unknown, where: string): RequestViolation[] {
  const fields = (item ?? {}) as Record<string, unknown>;
  if (fields.type !== "web_search_result") {
    return [violation("server_tool", `${where}.type: Input should be 'web_search_result'`)];
  }
  const missing = ["url", "title", "encrypted_content"].filter((key) => !isString(fields[key]));
  const out = missing.map((key) => violation("server_tool", `${where}.${key}: Field required`));
  if (fields.encrypted_content === "") {
    out.push(
      violation(
        "server_tool",
        `${where}.encrypted_content: must be sent back as the API returned it (it is empty)`,
      ),
    );
  }
  return out;
}

function contentProblems(block: LooseBlock, where: string): RequestViolation[] {
  const content = block.content;
  if (Array.isArray(content)) {
    return content.flatMap((item, k) => resultProblems(item, `${where}.content.${k}`));
  }
  const error = (content ?? {}) as Record<string, unknown>;
  if (error.type === "web_search_tool_result_error" && isString(error.error_code)) return [];
  return [
    violation(
      "server_tool",
      `${where}.content: Input should be a list of web_search_result blocks or a web_search_tool_result_error`,
    ),
  ];
}

/** A server tool's call in one assistant message: its name, and whether a result answered it. */
interface Call {
  name: unknown;
  answered: boolean;
}

function callProblems(block: LooseBlock, where: string, seen: Set<string>): RequestViolation[] {
  const id = String(block.id);
  if (!SERVER_TOOL_ID.test(id)) {
    return [
      violation(
        "server_tool",
        `${where}.id: String should match pattern '${SERVER_TOOL_ID.source}'`,
      ),
    ];
  }
  if (seen.has(id)) {
    return [violation("server_tool", `${where}: \`server_tool_use\` ids must be unique`)];
  }
  seen.add(id);
  return [];
}

function answerProblems(block: LooseBlock, where: string, calls: Map<string, Call>) {
  const id = String(block.tool_use_id);
  const call = calls.get(id);
  const out = contentProblems(block, where);
  if (call?.name !== "web_search") {
    out.push(
      violation(
        "server_tool",
        `${where}: unexpected \`tool_use_id\` found in \`web_search_tool_result\` blocks: ${id}. Each \`web_search_tool_result\` block must have a corresponding \`server_tool_use\` block before it.`,
      ),
    );
  } else if (call.answered) {
    out.push(
      violation(
        "server_tool",
        `${where}: found multiple \`web_search_tool_result\` blocks for ${id}`,
      ),
    );
  } else call.answered = true;
  return out;
}

/**
 * One assistant message's server tool blocks: ids shaped like the API's and unique, each
 * web_search_tool_result answering a web_search call before it, and every web_search call
 * answered — except in the request's last message, a paused turn sent back to go on.
 */
function checkMessage(message: Message, i: number, isLast: boolean, seen: Set<string>) {
  if (message.role !== "assistant" || !Array.isArray(message.content)) return [];
  const out: RequestViolation[] = [];
  const calls = new Map<string, Call>();
  message.content.forEach((block, j) => {
    const where = `messages.${i}.content.${j}`;
    if (block.type === "server_tool_use") {
      out.push(...callProblems(block, where, seen));
      calls.set(String(block.id), { name: block.name, answered: false });
    } else if (block.type === "web_search_tool_result") {
      out.push(...answerProblems(block, where, calls));
    }
  });
  if (isLast) return out;
  for (const [id, call] of calls) {
    if (call.name !== "web_search" || call.answered) continue;
    out.push(
      violation(
        "server_tool",
        `messages.${i}: \`web_search\` tool use with id ${id} was found without a corresponding \`web_search_tool_result\` block`,
      ),
    );
  }
  return out;
}

/** The rules for the API's own tools' blocks when they come back in history. */
export function checkServerTools(messages: Message[]): RequestViolation[] {
  const seen = new Set<string>();
  return messages.flatMap((message, i) =>
    checkMessage(message, i, i === messages.length - 1, seen),
  );
}
