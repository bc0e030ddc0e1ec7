import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { z } from "zod";
import { type LockBudget, LockBusyError, withFileLock } from "../task-list/list-lock.js";
import { writeFileAtomic } from "../tasks/atomic-write.js";
import { teamPaths } from "./team-paths.js";

/** One inbox entry (task-types.md §1.4); structured protocol messages are JSON inside `text`. */
export const inboxMessageSchema = z.object({
  from: z.string().min(1),
  text: z.string(),
  timestamp: z.string(),
  read: z.boolean(),
  color: z.string().optional(),
  summary: z.string().optional(),
});

type InboxMessage = z.infer<typeof inboxMessageSchema>;

/** What a sender gives: the mailbox stamps the time and marks it unread. */
export interface OutgoingMessage {
  from: string;
  text: string;
  summary?: string;
  color?: string;
}

/** Claude Code's mailbox lock budget: 10 tries, 5–100 ms apart. */
const MAILBOX_LOCK_BUDGET: LockBudget = { retries: 10, minTimeoutMs: 5, maxTimeoutMs: 100 };

/** An inbox whose lock was not taken within the budget: nothing was sent or marked read. */
export class MailboxBusyError extends LockBusyError {}

/** What was taken out of an inbox because it could not be read (Claude Code ≥ 2.1.207). */
export interface DroppedEntries {
  inbox: string;
  /** The entries that are not messages, as they were; for a file that is not a JSON array, its text. */
  entries: unknown[];
  /** Where a whole unreadable file was moved (kept for a person to look at). */
  movedTo?: string;
}

interface MailboxOptions {
  configDir: string;
  team: string;
  budget?: LockBudget;
  now?: () => Date;
  /** Told of entries removed as malformed (absent: they are removed silently). */
  onDropped?: (dropped: DroppedEntries) => void;
}

/** A team's inboxes, one JSON array per recipient, safe across processes. */
export interface Mailbox {
  send(to: string, message: OutgoingMessage): Promise<void>;
  unread(name: string): Promise<InboxMessage[]>;
  /** Marks the picked unread messages read, atomically under the inbox's lock, and returns them. */
  take(name: string, pick: (unread: InboxMessage[]) => number[]): Promise<InboxMessage[]>;
}

/** An inbox as read: its messages, and what could not be read. */
interface InboxContents {
  messages: InboxMessage[];
  malformed: unknown[];
  /** The whole file is not a JSON array. */
  unreadable?: string;
}

function parseInbox(text: string): InboxContents {
  // An empty file is an inbox being created (the lock helper makes one to stand beside).
  if (text.trim() === "") return { messages: [], malformed: [] };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { messages: [], malformed: [], unreadable: text };
  }
  if (!Array.isArray(json)) return { messages: [], malformed: [], unreadable: text };
  const messages: InboxMessage[] = [];
  const malformed: unknown[] = [];
  for (const entry of json) {
    const parsed = inboxMessageSchema.safeParse(entry);
    if (parsed.success) messages.push(parsed.data);
    else malformed.push(entry);
  }
  return { messages, malformed };
}

async function readInbox(path: string): Promise<InboxContents> {
  try {
    return parseInbox(await readFile(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { messages: [], malformed: [] };
    throw error;
  }
}

/** Creates an inbox as `[]` unless it exists (exclusive create, so no writer's array is lost). */
async function createInbox(path: string, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(path, "[]", { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

export function openMailbox(options: MailboxOptions): Mailbox {
  const paths = teamPaths(options.configDir, options.team);
  const budget = options.budget ?? MAILBOX_LOCK_BUDGET;
  const now = options.now ?? (() => new Date());

  /** Runs `change` on the inbox under its lock; malformed entries are reported and left out. */
  async function locked<T>(
    name: string,
    change: (messages: InboxMessage[]) => { result: T; changed: boolean },
  ): Promise<T> {
    const path = paths.inbox(name);
    await createInbox(path, paths.inboxesDir);
    try {
      return await withFileLock(path, budget, async () => {
        const contents = await readInbox(path);
        await dropMalformed(name, path, contents);
        const dropped = contents.unreadable !== undefined || contents.malformed.length > 0;
        const { result, changed } = change(contents.messages);
        if (changed || dropped) {
          await writeFileAtomic(path, `${JSON.stringify(contents.messages, null, 2)}\n`);
        }
        return result;
      });
    } catch (error) {
      if (!(error instanceof LockBusyError) || error instanceof MailboxBusyError) throw error;
      throw new MailboxBusyError(
        `the inbox of ${name} in team ${options.team} is busy (another keel holds its lock past the retry budget); nothing was changed`,
      );
    }
  }

  async function dropMalformed(name: string, path: string, contents: InboxContents) {
    if (contents.unreadable !== undefined) {
      const movedTo = `${path}.malformed`;
      await rename(path, movedTo);
      options.onDropped?.({ inbox: name, entries: [contents.unreadable], movedTo });
    } else if (contents.malformed.length > 0) {
      options.onDropped?.({ inbox: name, entries: contents.malformed });
    }
  }

  return {
    async send(to, message) {
      const entry: InboxMessage = {
        from: message.from,
        text: message.text,
        timestamp: now().toISOString(),
        read: false,
        ...(message.color === undefined ? {} : { color: message.color }),
        ...(message.summary === undefined ? {} : { summary: message.summary }),
      };
      await locked(to, (messages) => {
        messages.push(entry);
        return { result: undefined, changed: true };
      });
    },

    async unread(name) {
      const contents = await readInbox(paths.inbox(name));
      // Something unreadable is cleaned out (and reported) once, under the lock.
      if (contents.unreadable !== undefined || contents.malformed.length > 0) {
        return locked(name, (messages) => ({
          result: messages.filter((m) => !m.read),
          changed: false,
        }));
      }
      return contents.messages.filter((m) => !m.read);
    },

    take(name, pick) {
      return locked(name, (messages) => {
        const unread = messages.filter((m) => !m.read);
        const picked = [...new Set(pick(unread.map((m) => ({ ...m }))))]
          .map((index) => unread[index])
          .filter((m): m is InboxMessage => m !== undefined);
        for (const message of picked) message.read = true;
        return { result: picked.map((m) => ({ ...m })), changed: picked.length > 0 };
      });
    },
  };
}
