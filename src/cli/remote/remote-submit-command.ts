import { NO_REDIS_MESSAGE } from "../../remote/redis-url.js";
import { submitFromRepository } from "../../remote/submit-from-repo.js";
import type { CliIo } from "../io.js";
import { writeTo } from "../output.js";
import { parseMainOptions } from "../parse-command.js";
import { UsageError } from "../usage-error.js";
import { withoutRemoteFlags } from "./remote-flags.js";
import { remoteTarget } from "./remote-target.js";

/**
 * `keel --remote "prompt"`: sends the task (this repository's source, the permission mode and
 * rules, model, max turns and budget) to the workers' queue, prints its id and returns.
 */
export async function remoteSubmitCommand(argv: string[], io: CliIo): Promise<number> {
  const options = await parseMainOptions(withoutRemoteFlags(argv), io);
  if (typeof options === "number") return options;
  if (options.prompt.trim() === "")
    throw new UsageError('--remote needs a prompt: keel --remote "<task>"');
  const target = await remoteTarget(io.env);
  if (!target) throw new UsageError(NO_REDIS_MESSAGE);
  const { taskId, queue, via } = await submitFromRepository(target, io.cwd, {
    prompt: options.prompt,
    permissionMode: options.permissionMode,
    allowedTools: options.allowedTools,
    disallowedTools: options.disallowedTools,
    model: options.model,
    maxTurns: options.maxTurns,
    maxBudgetUsd: options.maxBudgetUsd,
  });
  await writeTo(io.stdout, `${taskId}\n`);
  await writeTo(
    io.stderr,
    `keel: remote task ${taskId} queued on ${queue} (${via}); its branch will be keel/${taskId}\n`,
  );
  return 0;
}
