import type { z } from "zod";
import type { SearchBackendName } from "./search-backend.js";

/** A backend's answer is read up to this size; a search result page is far smaller. */
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** A backend that has not answered within this is given up on. */
const SEARCH_TIMEOUT_MS = 30_000;

/** How a backend's HTTP request is sent (the global fetch; tests keep it). */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

async function cappedText(response: Response, backend: SearchBackendName): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return "";
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_BYTES) {
      await reader.cancel();
      throw new Error(`the ${backend} search answered more than ${MAX_ANSWER_BYTES} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * One request to a search backend, its JSON answer checked against `schema`. Failures name
 * the backend and what went wrong (status, timeout, a shape keel does not know).
 */
export async function askBackend<T>(
  backend: SearchBackendName,
  fetcher: Fetch,
  url: string,
  init: RequestInit & { signal: AbortSignal },
  schema: z.ZodType<T>,
): Promise<T> {
  const signal = AbortSignal.any([init.signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]);
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal, redirect: "error" });
  } catch (error) {
    if (init.signal.aborted) throw error;
    const why = signal.aborted ? `no answer within ${SEARCH_TIMEOUT_MS / 1000} s` : String(error);
    throw new Error(`the ${backend} search at ${new URL(url).origin} failed: ${why}`);
  }
  const text = await cappedText(response, backend);
  if (!response.ok) {
    throw new Error(
      `the ${backend} search answered HTTP ${response.status}: ${text.slice(0, 200).trim()}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`the ${backend} search did not answer JSON`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`the ${backend} search answered an unexpected shape: ${parsed.error.message}`);
  }
  return parsed.data;
}
