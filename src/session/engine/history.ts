import type { QueryEvent } from "../../loop/events.js";
import type { Message } from "../../protocol/messages.js";

/** What a loop event does to the conversation the engine keeps (and so to its transcript). */
export type HistoryChange =
  /** Joined the history; persist it. */
  | { kind: "kept"; message: Message }
  /** Not part of the history but part of the record (a loop transition). */
  | { kind: "recorded"; message: Message }
  | { kind: "removed"; uuid: string }
  | { kind: "none" };

/** Messages a later request needs: the conversation, compaction boundaries and notices. */
function isKept(message: Message): boolean {
  if (message.type === "progress") return false;
  if (message.type !== "system") return true;
  return message.subtype === "compact_boundary" || message.subtype === "informational";
}

/**
 * The conversation across turns (Claude Code's mutableMessages): every message the loop
 * produces, minus UI-only ones; a compact boundary drops what came before it, and a
 * tombstone removes a response the loop discarded.
 */
export class ConversationHistory {
  private list: Message[];

  constructor(initial: readonly Message[] = []) {
    this.list = [...initial];
  }

  get messages(): readonly Message[] {
    return this.list;
  }

  /** Adds a message the engine made itself (the user's prompt, hook context). */
  push(message: Message): void {
    this.list.push(message);
  }

  /** Applies one loop event; says what changed so the transcript can follow. */
  apply(event: QueryEvent): HistoryChange {
    if (event.type === "tombstone") {
      const uuid = event.message.uuid;
      this.list = this.list.filter((m) => m.uuid !== uuid);
      return { kind: "removed", uuid };
    }
    if (!isMessage(event)) return { kind: "none" };
    if (event.type === "system" && event.subtype === "transition") {
      return { kind: "recorded", message: event };
    }
    if (!isKept(event)) return { kind: "none" };
    if (event.type === "system" && event.subtype === "compact_boundary") this.list = [];
    this.list.push(event);
    return { kind: "kept", message: event };
  }

  /**
   * Takes the context pipeline's rewritten copies of user messages it holds (same uuid, a tool
   * result cleared by microcompact or spilled by the result budget), so the originals can be
   * freed: later requests would only clear them again. Adds, removes and reorders nothing; the
   * transcript keeps the originals.
   */
  adoptRewrites(rewritten: readonly Message[]): void {
    const at = new Map(this.list.map((message, i) => [message.uuid, i]));
    for (const message of rewritten) {
      const i = at.get(message.uuid);
      if (i === undefined || message.type !== "user") continue;
      if (this.list[i]!.type === "user") this.list[i] = message;
    }
  }

  /** Drops everything from a message on (a rewind to before it). */
  truncateBefore(uuid: string): boolean {
    const at = this.list.findIndex((m) => m.uuid === uuid);
    if (at < 0) return false;
    this.list = this.list.slice(0, at);
    return true;
  }
}

const MESSAGE_TYPES = new Set(["user", "assistant", "attachment", "system", "progress"]);

function isMessage(event: QueryEvent): event is Message {
  return MESSAGE_TYPES.has(event.type);
}
