import { ModelError, type UnreachableCause } from "./errors.js";
import { type ApiTimeouts, durationText, TIMEOUT_VARIABLES } from "./timeouts.js";

/** Where a request went, and the limits it ran under: what a failure message names. */
export interface Endpoint {
  url: string;
  timeouts: ApiTimeouts;
}

/** The error in a cause chain that carries a system or transport code, with that code. */
interface Coded {
  code: string;
  error: Error;
}

/** Node's net module fails a multi-address connect with an AggregateError; the first one speaks for all. */
function codedIn(error: unknown, depth = 0): Coded | undefined {
  if (!(error instanceof Error) || depth > 5) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") return { code, error };
  const inner = error instanceof AggregateError ? error.errors[0] : undefined;
  return codedIn(error.cause, depth + 1) ?? codedIn(inner, depth + 1);
}

/** OpenSSL's certificate verification codes, and Node's for a name the certificate does not cover. */
const CERTIFICATE = /CERT|^UNABLE_TO_|^INVALID_CA$|^PATH_LENGTH_EXCEEDED$|^HOSTNAME_MISMATCH$/;

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

/** What went wrong, in words, after "<code> at <url>: ". */
function unreachableText(cause: UnreachableCause, coded: Coded, url: string): string {
  switch (cause) {
    case "refused":
      return "connection refused";
    case "dns":
      return `DNS has no such name (${hostOf(url)})`;
    case "tls":
      return CERTIFICATE.test(coded.code)
        ? `TLS certificate not trusted (${coded.error.message}); NODE_EXTRA_CA_CERTS=<ca.pem> trusts a private CA`
        : `TLS handshake failed (${coded.error.message})`;
  }
}

function unreachable(cause: UnreachableCause, coded: Coded, endpoint: Endpoint): ModelError {
  const text = `${coded.code} at ${endpoint.url}: ${unreachableText(cause, coded, endpoint.url)}`;
  return new ModelError({ kind: "unreachable", cause }, text, { cause: coded.error });
}

function idleTimeout(coded: Coded, endpoint: Endpoint): ModelError {
  const { idleMs } = endpoint.timeouts;
  return new ModelError(
    { kind: "timeout" },
    `${endpoint.url} sent nothing (no event, no ping) for ${durationText(idleMs)} mid-response (${TIMEOUT_VARIABLES.idleMs})`,
    { cause: coded.error },
  );
}

/**
 * The ModelError for a failure of the connection itself (refused, no such host, a certificate
 * refused, a reset, a silent body), read from the system or transport code in its cause chain
 * and naming the URL; undefined when the chain carries no code. The only place that reads codes.
 */
export function transportFailure(error: unknown, endpoint: Endpoint): ModelError | undefined {
  const coded = codedIn(error);
  if (!coded) return undefined;
  const { code } = coded;
  if (code === "ECONNREFUSED") return unreachable("refused", coded, endpoint);
  if (code === "ENOTFOUND") return unreachable("dns", coded, endpoint);
  if (CERTIFICATE.test(code) || code.startsWith("ERR_SSL_")) {
    return unreachable("tls", coded, endpoint);
  }
  if (code === "UND_ERR_BODY_TIMEOUT") return idleTimeout(coded, endpoint);
  if (code === "UND_ERR_HEADERS_TIMEOUT") return headersTimeout(endpoint);
  if (code === "UND_ERR_CONNECT_TIMEOUT") return connectTimeout(endpoint, coded.error);
  if (!/^(E[A-Z]+|UND_ERR_\w+)$/.test(code)) return undefined;
  return new ModelError(
    { kind: "connection" },
    `${code} at ${endpoint.url}: ${coded.error.message}`,
    { cause: coded.error },
  );
}

/** No response headers within the limit (the request's own timer fired: request-signal.ts). */
export function headersTimeout(endpoint: Endpoint): ModelError {
  const { headersMs } = endpoint.timeouts;
  return new ModelError(
    { kind: "timeout" },
    `no response headers from ${endpoint.url} within ${durationText(headersMs)} (${TIMEOUT_VARIABLES.headersMs})`,
  );
}

/** A connection that could not be set up in time (the transport's connect timeout). */
export function connectTimeout(endpoint: Endpoint, cause: unknown): ModelError {
  return new ModelError({ kind: "timeout" }, `no connection to ${endpoint.url} in time`, {
    cause,
  });
}
