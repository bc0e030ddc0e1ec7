import { z } from "zod";

/** How long keel waits on a model server before it gives a request up as failed. */
export interface ApiTimeouts {
  /** From sending the request to the response's headers (`API_TIMEOUT_MS`). */
  headersMs: number;
  /** The longest silence (no bytes: no event, no ping) in a response body (`KEEL_STREAM_IDLE_TIMEOUT_MS`). */
  idleMs: number;
}

/** 60 s for the headers, 90 s of silence mid-stream. */
export const DEFAULT_API_TIMEOUTS: ApiTimeouts = { headersMs: 60_000, idleMs: 90_000 };

/** The variables that set each limit, for messages that name them. */
export const TIMEOUT_VARIABLES = {
  headersMs: "API_TIMEOUT_MS",
  idleMs: "KEEL_STREAM_IDLE_TIMEOUT_MS",
} as const satisfies Record<keyof ApiTimeouts, string>;

const milliseconds = z.string().trim().regex(/^\d+$/).transform(Number).pipe(z.number().min(1));

/** The limits from API_TIMEOUT_MS and KEEL_STREAM_IDLE_TIMEOUT_MS; an invalid value keeps the default. */
export function apiTimeoutsFromEnv(env: Readonly<Record<string, string | undefined>>): ApiTimeouts {
  const headers = milliseconds.safeParse(env[TIMEOUT_VARIABLES.headersMs]);
  const idle = milliseconds.safeParse(env[TIMEOUT_VARIABLES.idleMs]);
  return {
    headersMs: headers.success ? headers.data : DEFAULT_API_TIMEOUTS.headersMs,
    idleMs: idle.success ? idle.data : DEFAULT_API_TIMEOUTS.idleMs,
  };
}

/** A duration as people read it: "300 ms", "1.5 s", "90 s". */
export function durationText(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  return `${Number((ms / 1000).toFixed(1))} s`;
}
