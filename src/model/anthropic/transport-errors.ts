// The errors Node's fetch (undici) fails with, reproduced so that keel's error mapping and the
// SDK's own checks see the same thing whichever fetch sent the request. The SDK reads a
// "fetch failed" whose text mentions a timeout as APIConnectionTimeoutError, anything else as
// APIConnectionError; a body that breaks reaches to-model-error.ts as TypeError("terminated").

/** An undici-shaped transport error: a name, a fixed message and an `UND_ERR_*` code. */
export class TransportError extends Error {
  /** The undici error code, e.g. UND_ERR_HEADERS_TIMEOUT. */
  readonly code: string;

  constructor(name: string, message: string, code: string) {
    super(message);
    this.name = name;
    this.code = code;
  }
}

/** No TCP (and TLS) connection within the connect timeout (undici's ConnectTimeoutError). */
export function connectTimeoutError(url: URL, ms: number): TransportError {
  const address = `${url.hostname}:${url.port || (url.protocol === "https:" ? 443 : 80)}`;
  return new TransportError(
    "ConnectTimeoutError",
    `Connect Timeout Error (attempted address: ${address}, timeout: ${ms}ms)`,
    "UND_ERR_CONNECT_TIMEOUT",
  );
}

/** No complete response head within the headers timeout (undici's HeadersTimeoutError). */
export function headersTimeoutError(): TransportError {
  return new TransportError(
    "HeadersTimeoutError",
    "Headers Timeout Error",
    "UND_ERR_HEADERS_TIMEOUT",
  );
}

/** No body bytes within the body idle timeout (undici's BodyTimeoutError). */
export function bodyTimeoutError(): TransportError {
  return new TransportError("BodyTimeoutError", "Body Timeout Error", "UND_ERR_BODY_TIMEOUT");
}

/** What fetch rejects with when the request fails before a response: TypeError "fetch failed". */
export function fetchFailed(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}

/** What a fetch body errors with when its connection breaks: TypeError "terminated". */
export function terminated(cause: unknown): TypeError {
  return new TypeError("terminated", { cause });
}

/** The error fetch rejects with once its signal is aborted. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}
