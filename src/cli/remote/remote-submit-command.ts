import { localSource } from "../../remote/git-source.js";
import { NO_REDIS_MESSAGE, resolveRedisUrl } from "../../remote/redis-url.js";
import { DEFAULT_REMOTE_QUEUE } from "../../remote/remote-task.js";
import { newRemoteTaskId, submitRemoteTask } from "../../remote/submit.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { parseMainOptions } from "../parse-command.js";
import { UsageError } from "../usage-error.js";
import { positiveEnvInt } from "./keel-self.js";
import { withoutRemoteFlags } from "./remote-flags.js";

/**
 * `keel --remote "prompt"`: sends the task (this repository's source, the permission mode and
 * rules, model, max turns and budget) to the workers' queue, prints its id and returns.
 */
export async function remoteSubmitCommand(argv: string[], io: CliIo): Promise<number> {
  const options = await parseMainOptions(withoutRemoteFlags(argv), io);
  if (typeof options === "number") return options;
  if (options.prompt.trim() === "")
    throw new UsageError('--remote needs a prompt: keel --remote "<task>"');
  const redisUrl = await resolveRedisUrl(undefined, io.env);
  if (!redisUrl) throw new UsageError(NO_REDIS_MESSAGE);
  const maxBytes = positiveEnvInt(io.env, "KEEL_REMOTE_BUNDLE_MAX_BYTES", 50 * 1024 * 1024);
  const source = await localSource(io.cwd, maxBytes);
  const taskId = newRemoteTaskId();
  const queue = io.env.KEEL_REMOTE_QUEUE || DEFAULT_REMOTE_QUEUE;
  await submitRemoteTask(
    redisUrl,
    queue,
    {
      taskId,
      prompt: options.prompt,
      source: source.kind === "git" ? source : { kind: "bundle", commit: source.commit },
      permissionMode: options.permissionMode,
      allowedTools: options.allowedTools,
      disallowedTools: options.disallowedTools,
      model: options.model,
      maxTurns: options.maxTurns,
      maxBudgetUsd: options.maxBudgetUsd,
      submittedAt: Date.now(),
    },
    source.kind === "bundle" ? source.bundle : undefined,
  );
  const via =
    source.kind === "git" ? `${source.url} at ${source.commit.slice(0, 12)}` : "a git bundle";
  await writeTo(io.stdout, `${taskId}\n`);
  await writeTo(
    io.stderr,
    `keel: remote task ${taskId} queued on ${queue} (${via}); its branch will be keel/${taskId}\n`,
  );
  return 0;
}
