import type { Answer } from "./answer.js";
import type { Fault } from "./scenario.js";
import type { RequestViolation } from "./violation.js";

/** A request the scripted model received (over HTTP or in process), and how it was answered. */
export interface RequestRecord {
  /** 0-based, in arrival order. */
  index: number;
  /** The body as received (parsed JSON; undefined when it was not JSON): a Bedrock body on its paths. */
  body: unknown;
  /** The request kind (`x-keel-request-kind` header, or the ModelRequest's kind), when known. */
  kind?: string;
  /** The agent that sent it (`x-keel-agent` header, or the ModelRequest's agent), when known. */
  agent?: string;
  answer: "turn" | "side" | "past_end" | "invalid";
  /** The 1-based turn served (or attempted), for turn answers. */
  turn?: number;
  /** The fault that fired on this request, if any. */
  fault?: Fault["type"];
}

/** A violation, with the index of the request that made it. */
export interface RecordedViolation extends RequestViolation {
  requestIndex: number;
}

/** Notes on a record how its request was answered. */
export function describeAnswer(entry: RequestRecord, answer: Answer): void {
  const resolution = answer.resolution;
  entry.answer = resolution.type;
  if (resolution.type === "side") {
    if (resolution.fault) entry.fault = resolution.fault.type;
    return;
  }
  entry.turn = resolution.turn;
  if (resolution.type === "turn" && resolution.fault) entry.fault = resolution.fault.type;
}

/** Records a request's violations (with its index) and returns them. */
export function recordViolations(
  into: RecordedViolation[],
  requestIndex: number,
  violations: readonly RequestViolation[],
): RecordedViolation[] {
  const recorded = violations.map((violation) => ({ ...violation, requestIndex }));
  into.push(...recorded);
  return recorded;
}
