import { describe, expect, it } from "vitest";
import {
  apiTimeoutsFromEnv,
  DEFAULT_API_TIMEOUTS,
  durationText,
} from "../../src/model/timeouts.js";
import { transportFailure } from "../../src/model/transport-failure.js";

const endpoint = {
  url: "https://api.example.test/v1/messages",
  timeouts: { headersMs: 60_000, idleMs: 90_000 },
};

/** An error shaped as Node raises it: a message and a system code. */
function systemError(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** As fetch fails: TypeError("fetch failed") with the socket's error as cause. */
function fetchFailed(cause: Error): TypeError {
  return new TypeError("fetch failed", { cause });
}

describe("failures of the connection, read from their codes", () => {
  it("a refused connection: unreachable (refused), naming the code and the URL", () => {
    const error = transportFailure(
      fetchFailed(systemError("connect ECONNREFUSED 10.0.0.1:443", "ECONNREFUSED")),
      endpoint,
    );
    expect(error?.info).toEqual({ kind: "unreachable", cause: "refused" });
    expect(error?.message).toBe(
      "ECONNREFUSED at https://api.example.test/v1/messages: connection refused",
    );
  });

  it("a refused connection to every address of a name (Node's AggregateError)", () => {
    const both = new AggregateError([
      systemError("connect ECONNREFUSED ::1:443", "ECONNREFUSED"),
      systemError("connect ECONNREFUSED 127.0.0.1:443", "ECONNREFUSED"),
    ]);
    expect(transportFailure(fetchFailed(both), endpoint)?.info).toEqual({
      kind: "unreachable",
      cause: "refused",
    });
  });

  it("a name DNS does not know: unreachable (dns)", () => {
    const error = transportFailure(
      fetchFailed(systemError("getaddrinfo ENOTFOUND api.example.test", "ENOTFOUND")),
      endpoint,
    );
    expect(error?.info).toEqual({ kind: "unreachable", cause: "dns" });
    expect(error?.message).toBe(
      "ENOTFOUND at https://api.example.test/v1/messages: DNS has no such name (api.example.test)",
    );
  });

  it.each([
    "DEPTH_ZERO_SELF_SIGNED_CERT",
    "SELF_SIGNED_CERT_IN_CHAIN",
    "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    "CERT_HAS_EXPIRED",
    "ERR_TLS_CERT_ALTNAME_INVALID",
  ])("a certificate refused (%s): unreachable (tls), with the way to trust a CA", (code) => {
    const error = transportFailure(fetchFailed(systemError("bad certificate", code)), endpoint);
    expect(error?.info).toEqual({ kind: "unreachable", cause: "tls" });
    expect(error?.message).toBe(
      `${code} at https://api.example.test/v1/messages: TLS certificate not trusted (bad certificate); NODE_EXTRA_CA_CERTS=<ca.pem> trusts a private CA`,
    );
  });

  it("a TLS handshake that fails for another reason is unreachable (tls) too", () => {
    const cause = systemError("wrong version number", "ERR_SSL_WRONG_VERSION_NUMBER");
    expect(transportFailure(fetchFailed(cause), endpoint)?.info).toEqual({
      kind: "unreachable",
      cause: "tls",
    });
  });

  it("a body silent past the idle limit: a timeout naming the limit and its variable", () => {
    const idle = Object.assign(new Error("Body Timeout Error"), { code: "UND_ERR_BODY_TIMEOUT" });
    const error = transportFailure(new TypeError("terminated", { cause: idle }), endpoint);
    expect(error?.kind).toBe("timeout");
    expect(error?.message).toBe(
      "https://api.example.test/v1/messages sent nothing (no event, no ping) for 90 s mid-response (KEEL_STREAM_IDLE_TIMEOUT_MS)",
    );
  });

  it("a reset mid-response: a connection error naming the code and the URL", () => {
    const reset = systemError("the connection closed mid-body", "ECONNRESET");
    const error = transportFailure(new TypeError("terminated", { cause: reset }), endpoint);
    expect(error?.kind).toBe("connection");
    expect(error?.message).toBe(
      "ECONNRESET at https://api.example.test/v1/messages: the connection closed mid-body",
    );
  });

  it("an error with no code in its chain is left to the caller", () => {
    expect(transportFailure(new TypeError("fetch failed"), endpoint)).toBeUndefined();
    expect(transportFailure("not an error", endpoint)).toBeUndefined();
  });
});

describe("the limits on a silent server", () => {
  it("are 60 s for the headers and 90 s mid-stream by default", () => {
    expect(DEFAULT_API_TIMEOUTS).toEqual({ headersMs: 60_000, idleMs: 90_000 });
    expect(apiTimeoutsFromEnv({})).toEqual(DEFAULT_API_TIMEOUTS);
  });

  it("are set by API_TIMEOUT_MS and KEEL_STREAM_IDLE_TIMEOUT_MS; a value that is not a count keeps the default", () => {
    expect(
      apiTimeoutsFromEnv({ API_TIMEOUT_MS: "300", KEEL_STREAM_IDLE_TIMEOUT_MS: "450" }),
    ).toEqual({ headersMs: 300, idleMs: 450 });
    expect(
      apiTimeoutsFromEnv({ API_TIMEOUT_MS: "soon", KEEL_STREAM_IDLE_TIMEOUT_MS: "0" }),
    ).toEqual(DEFAULT_API_TIMEOUTS);
  });

  it("read as people say them", () => {
    expect([300, 1500, 60_000].map(durationText)).toEqual(["300 ms", "1.5 s", "60 s"]);
  });
});
