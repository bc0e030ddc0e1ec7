import type { z } from "zod";
import {
  CHAIN_TYPES,
  type ChainMessage,
  ENVELOPE_KEYS,
  type TranscriptRecord,
} from "./envelope.js";
import { messageLineSchema, recordLineSchema } from "./line-schema.js";

/** The envelope of a line as read (fields other writers may omit are optional). */
export interface LineEnvelope {
  parentUuid: string | null;
  logicalParentUuid?: string | null;
  isSidechain: boolean;
  userType?: string;
  cwd?: string;
  sessionId?: string;
  version?: string;
  gitBranch?: string;
  agentId?: string;
}

/** One parsed transcript line: a chain message with its envelope, or a bookkeeping record. */
export type TranscriptEntry =
  | { kind: "message"; line: number; envelope: LineEnvelope; message: ChainMessage }
  | { kind: "record"; line: number; record: TranscriptRecord };

/** A parsed line, or why it could not be used. */
export type ParsedLine = { ok: true; entry: TranscriptEntry } | { ok: false; reason: string };

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid line";
  const where = issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return `${where}${issue.message}`;
}

function splitEnvelope(line: Record<string, unknown>): {
  envelope: LineEnvelope;
  message: ChainMessage;
} {
  const envelope: Record<string, unknown> = {};
  const message: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(line)) {
    if (ENVELOPE_KEYS.includes(key)) envelope[key] = value;
    else message[key] = value;
  }
  // The schema checked every field keel reads; the remaining ones travel as written.
  return {
    envelope: envelope as unknown as LineEnvelope,
    message: message as unknown as ChainMessage,
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, reason: "not valid JSON (a truncated or corrupt line)" };
  }
}

/** Parses and checks one transcript line (1-based `line` number, kept on the entry). */
export function parseTranscriptLine(text: string, line: number): ParsedLine {
  const json = parseJson(text);
  if (!json.ok) return json;
  const record = recordLineSchema.safeParse(json.value);
  if (!record.success) return { ok: false, reason: "not a transcript record (no type)" };
  if (!CHAIN_TYPES.has(record.data.type)) {
    return { ok: true, entry: { kind: "record", line, record: record.data } };
  }
  const parsed = messageLineSchema.safeParse(json.value);
  if (!parsed.success) {
    return { ok: false, reason: `bad ${record.data.type} line: ${firstIssue(parsed.error)}` };
  }
  return { ok: true, entry: { kind: "message", line, ...splitEnvelope(parsed.data) } };
}
