import { lastDreamAt } from "../../memory/dream-lock.js";
import type { DreamOutcome } from "../../memory/dream-pass.js";
import {
  checkDreamGate,
  DEFAULT_DREAM_THRESHOLDS,
  type DreamGate,
  type DreamThresholds,
  transcriptsSince,
} from "../../memory/dream-trigger.js";
import { type DreamTask, startDreamTask } from "../../tasks/dream-task.js";
import type { TaskStore } from "../../tasks/task-store.js";

/** What the REPL's automatic dream needs; the clock is injected (tests never read the real one). */
export interface AutoDreamDeps {
  /** `autoDreamEnabled`: off (the default) means the gate is never even checked. */
  enabled: boolean;
  /** The memory folder now (undefined while auto memory is off; /memory switches it). */
  memoryDir: () => string | undefined;
  thresholds: DreamThresholds;
  /** The project's transcripts folder; this session's transcript is not counted. */
  transcriptsDir: string;
  sessionId: string;
  cwd: string;
  now: () => number;
  store: TaskStore;
  run: (memoryDir: string, signal: AbortSignal) => Promise<DreamOutcome>;
  newId?: () => string;
}

/** What one check after a turn found: nothing to check, the gate's answer, and a task if one started. */
export type AutoDreamCheck =
  | { type: "off" }
  | { type: "running"; taskId: string }
  | { type: "checked"; gate: DreamGate; taskId?: string };

/** The REPL's automatic dream: `afterTurn` checks the gate and, when due, starts a `dream` task. */
export interface AutoDreamer {
  afterTurn(): Promise<AutoDreamCheck>;
  /** Stops a dream still running (the session ends) and waits for its end to be recorded. */
  dispose(): Promise<void>;
}

export function autoDreamer(deps: AutoDreamDeps): AutoDreamer {
  let lastScanMs: number | undefined;
  let running: DreamTask | undefined;
  const check = async (memoryDir: string): Promise<AutoDreamCheck> => {
    const nowMs = deps.now();
    const gate = await checkDreamGate(
      {
        nowMs,
        lastDreamMs: await lastDreamAt(memoryDir),
        lastScanMs,
        countSessionsSince: async (since) => {
          lastScanMs = nowMs;
          return (await transcriptsSince(deps.transcriptsDir, since, deps.sessionId)).length;
        },
      },
      deps.thresholds,
    );
    if (gate.type !== "due") return { type: "checked", gate };
    const task = await startDreamTask(deps.store, {
      memoryDir,
      cwd: deps.cwd,
      sessionId: deps.sessionId,
      run: (signal) => deps.run(memoryDir, signal),
      ...(deps.newId ? { newId: deps.newId } : {}),
    });
    running = task;
    void task.done.finally(() => {
      if (running === task) running = undefined;
    });
    return { type: "checked", gate, taskId: task.taskId };
  };
  return {
    afterTurn: async () => {
      const memoryDir = deps.memoryDir();
      if (!deps.enabled || memoryDir === undefined) return { type: "off" };
      if (running) return { type: "running", taskId: running.taskId };
      return check(memoryDir);
    },
    dispose: async () => {
      const task = running;
      if (!task) return;
      task.abort();
      await task.done;
    },
  };
}

/** The thresholds from the settings, each one Claude Code's default when unset. */
export function dreamThresholds(settings: {
  autoDreamMinHours?: number;
  autoDreamMinSessions?: number;
  autoDreamScanIntervalMinutes?: number;
}): DreamThresholds {
  const fallback = DEFAULT_DREAM_THRESHOLDS;
  return {
    minHours: settings.autoDreamMinHours ?? fallback.minHours,
    minSessions: settings.autoDreamMinSessions ?? fallback.minSessions,
    scanIntervalMinutes: settings.autoDreamScanIntervalMinutes ?? fallback.scanIntervalMinutes,
  };
}
