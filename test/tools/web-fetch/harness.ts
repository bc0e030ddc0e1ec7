import {
  createScriptedProvider,
  type ScriptedProvider,
} from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { sessionSideModel } from "../../../src/session/engine/side-model.js";
import { createMeteredCallModel } from "../../../src/session/metered-call-model.js";
import { UsageTracker } from "../../../src/session/usage-tracker.js";
import type { WebFetchInput, WebFetchOutput } from "../../../src/tools/builtin/web-fetch/schema.js";
import {
  createWebFetchTool,
  type WebFetchDeps,
} from "../../../src/tools/builtin/web-fetch/web-fetch-tool.js";
import { makeToolCallContext } from "../../helpers/tool-context.js";

/** The small model's canned answer about any page. */
export const SMALL_MODEL_ANSWER = "The page says the spring tide reaches 7.8 metres.";

/** What a WebFetch call came to: its output, or the error the model would see. */
export type CallOutcome = { ok: true; output: WebFetchOutput } | { ok: false; error: string };

/** WebFetch over a real scripted small model, metered as a session meters it. */
export interface WebFetchHarness {
  provider: ScriptedProvider;
  tracker: UsageTracker;
  /** Validates and calls as the pipeline does; an error comes back as its message. */
  call(input: WebFetchInput): Promise<CallOutcome>;
  /** What the small model was sent in each web_fetch request (the user message's text). */
  pagesRead(): string[];
}

/** A WebFetch tool with the given deps, and a scripted small model behind it. */
export function webFetchHarness(deps: WebFetchDeps = {}): WebFetchHarness {
  const scenario = parseScenario(
    { turns: [], side: [{ match: { requestKind: "web_fetch" }, content: SMALL_MODEL_ANSWER }] },
    "web-fetch test",
  );
  const provider = createScriptedProvider(scenario);
  const tracker = new UsageTracker();
  const callModel = createMeteredCallModel(provider, { maxRetries: 0 }, tracker, () => 0);
  const sideModel = sessionSideModel(callModel, provider, "claude-sonnet-5");
  const tool = createWebFetchTool({ cwd: "/", sessionDir: "/", stateDir: "/", env: {} }, deps);
  const base = makeToolCallContext();
  const context = { ...base, options: { ...base.options, sideModel } };
  return {
    provider,
    tracker,
    async call(input) {
      const parsed = tool.inputSchema.parse(input);
      const valid = await tool.validateInput?.(parsed, context);
      if (valid && !valid.ok) return { ok: false, error: valid.message };
      try {
        return { ok: true, output: (await tool.call(parsed, context, () => {})).data };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
    pagesRead: () =>
      provider.requests
        .filter((r) => r.kind === "web_fetch")
        .map((r) => JSON.stringify((r.body as { messages: unknown }).messages)),
  };
}
