import {
  createScriptedProvider,
  type ScriptedProvider,
} from "../../../src/model/scripted/provider.js";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import type { Message } from "../../../src/protocol/messages.js";
import type { QueryEngineConfig } from "../../../src/session/engine/config.js";
import { QueryEngine } from "../../../src/session/engine/query-engine.js";
import type { SdkMessage, SdkResult } from "../../../src/session/sdk-messages.js";
import type { AppState } from "../../../src/tools/context.js";
import { allowAll } from "../../helpers/tool-context.js";
import { counterIds } from "../../loop/harness.js";

/** An engine on the in-process scripted model, with a recording transcript sink. */
export function scriptedEngine(
  scenario: unknown,
  overrides: Partial<QueryEngineConfig> = {},
): { engine: QueryEngine; provider: ScriptedProvider; transcript: Message[] } {
  const provider = createScriptedProvider(parseScenario(scenario, "engine test"));
  let appState: AppState = { permissionMode: "default" };
  const transcript: Message[] = [];
  const engine = new QueryEngine({
    cwd: process.cwd(),
    provider,
    tools: [],
    canUseTool: allowAll,
    getAppState: () => appState,
    setAppState: (update) => {
      appState = update(appState);
    },
    userSpecifiedModel: "claude-sonnet-5",
    sessionId: "11111111-2222-4333-8444-555555555555",
    loadContext: async () => ({ systemPrompt: "You are a test agent.", userContext: {} }),
    transcript: {
      append: (m) => transcript.push(m),
      branchFrom: () => {},
      remove: (uuid) =>
        transcript.splice(0, transcript.length, ...transcript.filter((m) => m.uuid !== uuid)),
    },
    maxOutputTokens: 8_000,
    retry: { sleep: async () => {} },
    init: { apiKeySource: "none", claude_code_version: "test" },
    ids: counterIds(),
    ...overrides,
  });
  return { engine, provider, transcript };
}

/** Every message one submit yields. */
export async function collect(stream: AsyncIterable<SdkMessage>): Promise<SdkMessage[]> {
  const out: SdkMessage[] = [];
  for await (const message of stream) out.push(message);
  return out;
}

/** The result message of a turn's output. */
export function resultOf(messages: readonly SdkMessage[]): SdkResult {
  const result = messages.find((m): m is SdkResult => m.type === "result");
  if (!result) throw new Error("the turn yielded no result");
  return result;
}

/** The text of every user/assistant message the model was sent in a request. */
export function requestText(provider: ScriptedProvider, index: number): string {
  return JSON.stringify(provider.requests[index]?.body);
}
