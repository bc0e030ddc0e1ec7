import { lastDreamAt } from "../../memory/dream-lock.js";
import type { DreamPassOptions } from "../../memory/dream-pass.js";
import { runDreamPass } from "../../memory/dream-pass.js";
import { transcriptsSince } from "../../memory/dream-trigger.js";
import type { ModelProvider } from "../../model/provider.js";
import type { SdkMessage } from "../../session/sdk-messages.js";
import type { BashSandbox } from "../../tools/sandbox/bash-sandbox.js";
import type { DreamView } from "./commands/dream.js";

/** What a REPL session's dream needs: its memory folder, transcripts and model. */
export interface SessionDreamParts {
  /** The memory folder now (undefined while auto memory is off; /memory switches it). */
  memoryDir: () => string | undefined;
  stateDir: string;
  /** The project's transcripts folder (this session's among them, left out). */
  transcriptsDir: string;
  sessionId: string;
  provider: ModelProvider;
  model: () => string;
  env: Readonly<Record<string, string | undefined>>;
  now: () => number;
  /** The session's Bash sandbox, which the dream's Bash runs under too. */
  sandbox?: BashSandbox;
}

/** The transcripts since the last dream (all of them before the first). */
export async function dreamTranscripts(parts: SessionDreamParts, memoryDir: string) {
  const since = (await lastDreamAt(memoryDir)) ?? 0;
  return transcriptsSince(parts.transcriptsDir, since, parts.sessionId);
}

/** The tools an assistant message calls, one line each (the dream's progress). */
export function toolSteps(message: SdkMessage): string[] {
  if (message.type !== "assistant" || typeof message.message.content === "string") return [];
  return message.message.content.flatMap((block) =>
    block.type === "tool_use" ? [`  dream: ${block.name}`] : [],
  );
}

/** The pass's options for one run over the session's memory folder. */
export async function dreamOptions(
  parts: SessionDreamParts,
  memoryDir: string,
  signal: AbortSignal,
  onMessage: (message: SdkMessage) => void,
): Promise<DreamPassOptions> {
  return {
    memoryDir,
    stateDir: parts.stateDir,
    transcripts: await dreamTranscripts(parts, memoryDir),
    provider: parts.provider,
    model: parts.model(),
    env: parts.env,
    now: parts.now,
    ...(parts.sandbox ? { sandbox: parts.sandbox } : {}),
    signal,
    onMessage,
  };
}

/** The session's DreamView: /dream runs the library's pass over the session's memory folder. */
export function sessionDream(parts: SessionDreamParts): DreamView {
  return {
    memoryDir: parts.memoryDir,
    run: async (signal, onStep) => {
      const memoryDir = parts.memoryDir();
      if (memoryDir === undefined) throw new Error("auto memory is off for this session");
      const onMessage = (message: SdkMessage) => {
        for (const step of toolSteps(message)) onStep(step);
      };
      return runDreamPass(await dreamOptions(parts, memoryDir, signal, onMessage));
    },
  };
}
