import { once } from "node:events";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import { type Answer, answerRequest } from "./answer.js";
import { estimateInputTokens } from "./estimate.js";
import { apiErrorBody, invalidRequest } from "./http-errors.js";
import { stableId } from "./ids.js";
import { type DialectFor, messagesRoute } from "./platform-routes.js";
import {
  describeAnswer,
  type RecordedViolation,
  type RequestRecord,
  recordViolations,
} from "./records.js";
import type { Scenario } from "./scenario.js";
import type { Dialect } from "./server-dialect.js";
import { writeFailure, writeJson, writeStream } from "./server-write.js";
import { type Sleep, timerSleep } from "./sleep.js";
import { createReplayState, type ReplayState } from "./turns.js";
import { validateRequest } from "./validator.js";

export type { RecordedViolation } from "./records.js";

/** The header keel sends to say what a request is for (contracts.md §9). */
export const REQUEST_KIND_HEADER = "x-keel-request-kind";
/** The header keel sends to say which agent a request comes from (contracts.md §9). */
export const AGENT_HEADER = "x-keel-agent";

/** A Messages request the server received, with its HTTP headers and path. */
export interface RecordedRequest extends RequestRecord {
  headers: IncomingHttpHeaders;
  /** The path it was sent to (Bedrock's and Vertex AI's name the model). */
  path: string;
}

/** Options of `startScriptedServer`. */
export interface ScriptedServerOptions {
  scenario: Scenario;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Called for each violation as it is found (the CLI prints them). */
  onViolation?: (violation: RecordedViolation) => void;
  sleep?: Sleep;
}

/** A running scripted Messages API server. */
export interface ScriptedServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  violations: RecordedViolation[];
  close(): Promise<void>;
}

/** The per-server state the request handler works on. */
interface ServerState {
  options: ScriptedServerOptions;
  replay: ReplayState;
  requests: RecordedRequest[];
  violations: RecordedViolation[];
  sleep: Sleep;
}

/** The request body parsed as JSON (undefined when it is not JSON). */
async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return undefined;
  }
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Aborts when the client goes away before the response is complete. */
function clientGone(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

async function respond(
  res: ServerResponse,
  answer: Answer,
  streaming: boolean,
  dialect: Dialect,
  state: ServerState,
): Promise<void> {
  const signal = clientGone(res);
  if (answer.latencyMs > 0) await state.sleep(answer.latencyMs, signal);
  if (signal.aborted) return;
  if (answer.type === "failure") return writeFailure(res, dialect.failure(answer.failure));
  if (answer.stallMs > 0) await state.sleep(answer.stallMs, signal);
  if (signal.aborted) return;
  answer.begin();
  if (streaming) {
    const options = { wire: dialect.wire, pacing: answer.pacing, signal, sleep: state.sleep };
    return writeStream(res, answer.stream(), options);
  }
  const result = answer.message();
  if (result.type === "disconnect") res.socket?.destroy();
  else if (result.type === "malformed") {
    res.writeHead(200, { "content-type": "application/json", ...dialect.jsonHeaders });
    res.end('{"id":"msg_');
  } else if (result.type === "failure") writeFailure(res, dialect.failure(result.failure));
  else writeJson(res, 200, result.message, dialect.jsonHeaders);
}

function record(
  state: ServerState,
  req: IncomingMessage,
  path: string,
  body: unknown,
): RecordedRequest {
  const kind = headerValue(req.headers, REQUEST_KIND_HEADER);
  const agent = headerValue(req.headers, AGENT_HEADER);
  const entry: RecordedRequest = {
    index: state.requests.length,
    headers: req.headers,
    path,
    body,
    answer: "invalid",
    ...(kind === undefined ? {} : { kind }),
    ...(agent === undefined ? {} : { agent }),
  };
  state.requests.push(entry);
  return entry;
}

/** The checks a body fails: the endpoint's own, then (when validation is on) the API's rules. */
function problemsOf(state: ServerState, prepared: ReturnType<Dialect["prepare"]>) {
  if (prepared.problems.length > 0) return prepared.problems;
  return state.options.scenario.validate ? validateRequest(prepared.body) : [];
}

/**
 * A Messages request (or a cloud platform's stand-in for one): validate, record, answer from
 * the scenario.
 */
async function handleMessages(
  req: IncomingMessage,
  res: ServerResponse,
  state: ServerState,
  path: string,
  dialectFor: DialectFor,
) {
  const json = await readJson(req);
  const entry = record(state, req, path, json);
  const seed = `${state.options.scenario.name}:${entry.index}`;
  const requestId = stableId("req", seed);
  const dialect = dialectFor(requestId, seed);
  if (json === undefined) {
    const message = "There was an error parsing the body of your request: it is not valid JSON";
    return writeFailure(res, dialect.failure(invalidRequest(message, requestId)));
  }
  const prepared = dialect.prepare(json);
  const violations = problemsOf(state, prepared);
  if (violations.length > 0) {
    for (const recorded of recordViolations(state.violations, entry.index, violations)) {
      state.options.onViolation?.(recorded);
    }
    return writeFailure(res, dialect.failure(invalidRequest(violations[0]!.message, requestId)));
  }
  const answer = answerRequest(state.replay, {
    body: prepared.body,
    requestId,
    messageId: stableId("msg", seed),
    ...(entry.kind === undefined ? {} : { requestKind: entry.kind }),
    ...(entry.agent === undefined ? {} : { agent: entry.agent }),
  });
  describeAnswer(entry, answer);
  await respond(res, answer, dialect.streaming(prepared.body), dialect, state);
}

async function route(req: IncomingMessage, res: ServerResponse, state: ServerState) {
  const path = (req.url ?? "/").split("?")[0] ?? "/";
  const dialect = req.method === "POST" ? messagesRoute(path) : undefined;
  if (dialect) return handleMessages(req, res, state, path, dialect);
  if (req.method === "POST" && path === "/v1/messages/count_tokens") {
    const json = await readJson(req);
    return writeJson(res, 200, { input_tokens: estimateInputTokens(json) });
  }
  if (req.method === "GET" && path === "/_keel/state") {
    return writeJson(res, 200, { requests: state.requests.length, violations: state.violations });
  }
  req.resume();
  const requestId = stableId("req", `404:${state.requests.length}:${path}`);
  writeJson(
    res,
    404,
    apiErrorBody("not_found_error", "The requested resource could not be found.", requestId),
    { "request-id": requestId },
  );
}

/** A handler that never lets an error escape: a bug answers 500 (or drops the connection). */
function handler(state: ServerState) {
  return (req: IncomingMessage, res: ServerResponse) => {
    res.on("error", () => {});
    route(req, res, state).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const message = `scripted server error: ${(error as Error).message}`;
      writeJson(res, 500, apiErrorBody("api_error", message, "req_scripted"));
    });
  };
}

/**
 * Starts a Messages-API-compatible HTTP server on 127.0.0.1 that replays a scenario: the
 * official SDK, keel, or any client pointed at `url` gets the scenario's responses and
 * faults, and every request is checked against the API's invariants. Bedrock's
 * InvokeModel paths serve the same answers in Bedrock's envelope; Vertex AI's rawPredict
 * paths and Microsoft Foundry's `/anthropic/v1/messages` serve them as the Messages API does.
 */
export async function startScriptedServer(options: ScriptedServerOptions): Promise<ScriptedServer> {
  const state: ServerState = {
    options,
    replay: createReplayState(options.scenario),
    requests: [],
    violations: [],
    sleep: options.sleep ?? timerSleep,
  };
  const server = createServer(handler(state));
  const host = options.host ?? "127.0.0.1";
  server.listen(options.port ?? 0, host);
  await once(server, "listening");
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("scripted server has no port");
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    requests: state.requests,
    violations: state.violations,
    close: async () => {
      const closed = once(server, "close");
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}
