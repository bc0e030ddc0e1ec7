import type { StreamEvent } from "../../protocol/events.js";
import { assembleStream } from "../assemble.js";
import { classifyFailure } from "../classify.js";
import { ModelError } from "../errors.js";
import type { ModelEvent, ModelProvider, ModelRequest } from "../provider.js";
import { answerRequest } from "./answer.js";
import { estimateInputTokens } from "./estimate.js";
import type { StreamPlan } from "./faults.js";
import { type HttpFailure, invalidRequest } from "./http-errors.js";
import { stableId } from "./ids.js";
import { delayBefore, type Pacing } from "./pacing.js";
import {
  describeAnswer,
  type RecordedViolation,
  type RequestRecord,
  recordViolations,
} from "./records.js";
import { toRequestBody } from "./request-body.js";
import type { Scenario } from "./scenario.js";
import { type Sleep, timerSleep } from "./sleep.js";
import { createReplayState } from "./turns.js";
import { validateRequest } from "./validator.js";

/** Options of `createScriptedProvider`. */
export interface ScriptedProviderOptions {
  /** Replaces real timers for chunk delays and stalls. */
  sleep?: Sleep;
}

/** The in-process scripted model: a ModelProvider that also shows what it was asked. */
export interface ScriptedProvider extends ModelProvider {
  readonly name: "scripted";
  readonly requests: RequestRecord[];
  readonly violations: RecordedViolation[];
}

function aborted(): ModelError {
  return new ModelError({ kind: "aborted" }, "the request was aborted");
}

/** The ModelError the HTTP path produces for the same error response. */
function asModelError(failure: HttpFailure, requestId: string): ModelError {
  return classifyFailure({
    status: failure.status,
    body: failure.body,
    header: (name) => failure.headers[name.toLowerCase()],
    requestId,
  });
}

/** The plan's events, paced as the response says; stops with `aborted` on abort. */
async function* paced(
  plan: StreamPlan,
  pacing: Pacing,
  signal: AbortSignal,
  sleep: Sleep,
): AsyncGenerator<StreamEvent, void, undefined> {
  for (const [i, event] of plan.events.entries()) {
    const delayMs = delayBefore(event, i, pacing);
    if (delayMs > 0) await sleep(delayMs, signal);
    if (signal.aborted) throw aborted();
    yield event;
  }
  // A "disconnect" ending simply stops: assembleStream reports the cut as a connection error.
  // Garbage data is what the HTTP provider's decoder reports as a malformed stream.
  if (plan.ending === "malformed") {
    throw new ModelError({ kind: "malformed_stream" }, "malformed stream: event data is not JSON");
  }
}

/**
 * Replays a scenario in process, without HTTP: the same turn rules, rendered events, faults
 * (as the ModelErrors the HTTP path would produce) and request validation as the scripted
 * server, fed through `assembleStream` like a real provider's stream.
 */
export function createScriptedProvider(
  scenario: Scenario,
  options: ScriptedProviderOptions = {},
): ScriptedProvider {
  const sleep = options.sleep ?? timerSleep;
  const replay = createReplayState(scenario);
  const requests: RequestRecord[] = [];
  const violations: RecordedViolation[] = [];

  async function* stream(
    request: ModelRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ModelEvent, void, undefined> {
    if (signal.aborted) throw aborted();
    const body = toRequestBody(request);
    const entry: RequestRecord = {
      index: requests.length,
      body,
      kind: request.kind,
      ...(request.agent === undefined ? {} : { agent: request.agent }),
      answer: "invalid",
    };
    requests.push(entry);
    const seed = `${scenario.name}:${entry.index}`;
    const requestId = stableId("req", seed);
    const found = scenario.validate ? validateRequest(body) : [];
    if (found.length > 0) {
      recordViolations(violations, entry.index, found);
      throw asModelError(invalidRequest(found[0]!.message, requestId), requestId);
    }
    const answer = answerRequest(replay, {
      body,
      requestKind: request.kind,
      ...(request.agent === undefined ? {} : { agent: request.agent }),
      requestId,
      messageId: stableId("msg", seed),
    });
    describeAnswer(entry, answer);
    if (answer.latencyMs > 0) await sleep(answer.latencyMs, signal);
    if (signal.aborted) throw aborted();
    if (answer.type === "failure") throw asModelError(answer.failure, requestId);
    if (answer.stallMs > 0) await sleep(answer.stallMs, signal);
    if (signal.aborted) throw aborted();
    answer.begin();
    yield* assembleStream(paced(answer.stream(), answer.pacing, signal, sleep), requestId);
  }

  // As the server's count_tokens: the same estimate its usage reports, no turn used.
  const countTokens = async (request: ModelRequest) => estimateInputTokens(toRequestBody(request));
  return { name: "scripted", requests, violations, stream, countTokens };
}
