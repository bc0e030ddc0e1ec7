import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { z } from "zod";
import { keelStateDir } from "../config/paths.js";
import { sessionTranscriptPath } from "../session/transcript/paths.js";
import { isMissingPathError } from "../tools/builtin/file-paths.js";
import type { Checkout } from "./checkout.js";
import { git } from "./git-run.js";
import type { RedisConnection } from "./redis-connection.js";

/** Where a task's progress is kept in Redis (beside its job, deleted with it). */
interface ProgressKeys {
  session: string;
  transcript: string;
  diff: string;
}

/** The prompt a resumed session goes on with (the model sees where it left off). */
export const RESUME_PROMPT =
  "Your worker stopped mid-task and another took it over. The working tree is as it was after your last completed tool call. Go on with the task.";

const streamLineSchema = z.object({
  type: z.string(),
  subtype: z.string().optional(),
  session_id: z.string().optional(),
});

/**
 * Keeps a running task's progress in Redis as its session goes: the session id once known,
 * the transcript as it grows, and after every tool round the working tree's diff against the
 * base commit (what another worker needs to resume it).
 */
export class ProgressRecorder {
  private transcriptPath?: string;
  private timer?: NodeJS.Timeout;
  private savedBytes = -1;

  constructor(
    private readonly redis: RedisConnection,
    private readonly keys: ProgressKeys,
    private readonly checkout: Checkout,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  /** Records what one stream-json line of the session means for its progress. */
  async onLine(line: string): Promise<void> {
    const parsed = streamLineSchema.safeParse(safeJson(line));
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === "system" && message.subtype === "init" && message.session_id) {
      this.transcriptPath = sessionTranscriptPath(
        keelStateDir(this.env),
        this.checkout.dir,
        message.session_id,
      );
      await this.redis.set(this.keys.session, message.session_id);
    }
    if (message.type !== "assistant" && message.type !== "user") return;
    await this.saveTranscript();
    if (message.type === "user")
      await this.redis.set(this.keys.diff, await treeDiff(this.checkout));
  }

  /**
   * Also saves the transcript every `intervalMs` while it grows: keel writes a message to it a
   * moment after the message is streamed, so a save on the stream line alone can miss the last
   * one (a tool call the worker then dies in).
   */
  watch(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.saveTranscript().catch(() => {}); // the next save, or finish(), tries again
    }, intervalMs);
  }

  /** Stops watching and saves the transcript as the session left it. */
  async finish(): Promise<void> {
    clearInterval(this.timer);
    await this.saveTranscript();
  }

  private async saveTranscript(): Promise<void> {
    if (!this.transcriptPath) return;
    let text: Buffer;
    try {
      text = await readFile(this.transcriptPath);
    } catch (error) {
      if (isMissingPathError(error)) return;
      throw error;
    }
    if (text.length === this.savedBytes) return;
    await this.redis.set(this.keys.transcript, text);
    this.savedBytes = text.length;
  }
}

function safeJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** The working tree (new files included) against the base commit, as a binary patch. */
async function treeDiff(checkout: Checkout): Promise<string> {
  await git(checkout.dir, ["add", "-A"]);
  return git(checkout.dir, ["diff", "--cached", "--binary", checkout.base]);
}

/**
 * Puts back what an earlier run of the task left in Redis: its diff applied to the fresh
 * checkout and its transcript where this worker's keel looks for it. Returns the session id
 * to resume, or undefined when the task starts afresh.
 */
export async function restoreProgress(
  redis: RedisConnection,
  keys: ProgressKeys,
  checkout: Checkout,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const [sessionId, transcript, diff] = await Promise.all([
    redis.get(keys.session),
    redis.getBuffer(keys.transcript),
    redis.get(keys.diff),
  ]);
  if (!sessionId || !transcript) return undefined;
  if (diff) {
    const patch = join(dirname(checkout.dir), `${checkout.branch.replace("/", "-")}.patch`);
    await writeFile(patch, diff);
    try {
      await git(checkout.dir, ["apply", "--binary", "--whitespace=nowarn", patch]);
    } finally {
      await rm(patch, { force: true });
    }
  }
  const path = sessionTranscriptPath(keelStateDir(env), checkout.dir, sessionId);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, transcript);
  return sessionId;
}
