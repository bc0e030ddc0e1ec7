import {
  ReplController,
  type ReplEngine,
  type ReplModels,
  type ReplSession,
} from "../../../src/cli/repl/repl-controller.js";
import type { ReplState } from "../../../src/cli/repl/repl-store.js";
import type { QueryEngineConfig } from "../../../src/session/engine/config.js";
import type { QueryEngine } from "../../../src/session/engine/query-engine.js";
import { scriptedEngine } from "../../session/engine/helpers.js";

/** A REPL controller over real QueryEngines on the in-process scripted model. */
export interface ReplHarness {
  controller: ReplController;
  /** Sessions opened so far (the first one, then one per /clear) and whether each was disposed. */
  sessions: Array<{ session: ReplSession; disposed: boolean }>;
  /** Prompts saved to the history. */
  recorded: string[];
}

/** A controller over one given session in `cwd` (switching sessions keeps it). */
export function controllerFor(session: ReplSession, cwd: string): ReplController {
  return new ReplController({
    cwd,
    model: "claude-sonnet-5",
    session,
    openSession: async () => session,
    recordPrompt: async () => {},
    now: () => 0,
  });
}

/** Builds a controller; every session it opens plays `scenario` again from the start. */
export function replHarness(
  scenario: unknown,
  overrides: Partial<QueryEngineConfig> = {},
  decorate: (engine: QueryEngine) => ReplEngine = (engine) => engine,
  models?: ReplModels,
): ReplHarness {
  const sessions: ReplHarness["sessions"] = [];
  const recorded: string[] = [];
  const open = (): ReplSession => {
    const engine = decorate(scriptedEngine(scenario, overrides).engine);
    const entry = {
      session: {
        engine,
        ...(models ? { models } : {}),
        dispose: async () => {
          entry.disposed = true;
        },
      },
      disposed: false,
    };
    sessions.push(entry);
    return entry.session;
  };
  const controller = new ReplController({
    cwd: "/project",
    model: "claude-sonnet-5",
    session: open(),
    openSession: async () => open(),
    recordPrompt: async (text) => {
      recorded.push(text);
    },
    now: () => 0,
  });
  return { controller, sessions, recorded };
}

/** Waits (bounded) until the controller's state satisfies `check`. */
export function until(
  controller: ReplController,
  check: (state: ReplState) => boolean,
  what: string,
  timeoutMs = 5_000,
): Promise<ReplState> {
  return new Promise((resolve, reject) => {
    const test = () => {
      const state = controller.store.get();
      if (!check(state)) return false;
      clearTimeout(timer);
      unsubscribe();
      resolve(state);
      return true;
    };
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`timed out waiting for ${what}`));
    }, timeoutMs);
    const unsubscribe = controller.store.subscribe(() => void test());
    test();
  });
}

/** Waits (bounded) for a picker to open: it lives in the overlay store, not the state. */
export function pickerOpen(controller: ReplController, timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error("timed out waiting for the picker"));
    }, timeoutMs);
    const check = () => {
      if (!controller.overlay.get().picker) return;
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const unsubscribe = controller.overlay.subscribe(check);
    check();
  });
}

/** The texts of the finished transcript items of one kind. */
export function texts(state: ReplState, kind: "user" | "assistant" | "notice"): string[] {
  return state.view.done.flatMap((item) => (item.kind === kind ? [item.text] : []));
}

/** The finished notices, with their tone. */
export function notices(state: ReplState): Array<{ text: string; tone: string }> {
  return state.view.done.flatMap((item) =>
    item.kind === "notice" ? [{ text: item.text, tone: item.tone }] : [],
  );
}

/** Submits a line and waits for the notice it brings. */
export async function answerNotice(controller: ReplController, line: string) {
  const before = notices(controller.store.get()).length;
  controller.submit(line);
  const state = await until(controller, (s) => notices(s).length > before, line);
  return notices(state)[before];
}
