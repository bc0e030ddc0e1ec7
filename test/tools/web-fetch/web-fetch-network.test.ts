import type { LookupAddress } from "node:dns";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webFetchHarness } from "./harness.js";
import { type PageServer, startPageServer } from "./page-server.js";

let server: PageServer;
beforeEach(async () => {
  server = await startPageServer();
});
afterEach(async () => {
  await server.close();
});

const named =
  (...hosts: string[]) =>
  (host: string) =>
    hosts.includes(host);

/** A resolver that knows a few names, all of them this machine. */
const resolveLocal = async (host: string): Promise<LookupAddress[]> => {
  if (["localhost", "www.localhost", "intranet.test"].includes(host))
    return [{ address: "127.0.0.1", family: 4 }];
  throw new Error(`getaddrinfo ENOTFOUND ${host}`);
};

describe("WebFetch over the network", () => {
  it("follows a redirect on the same host", async () => {
    const harness = webFetchHarness({ hostNamedByRule: named("127.0.0.1"), returnMarkdown: true });
    const got = await harness.call({ url: `${server.url}/same-host`, prompt: "p" });
    expect(got.ok && got.output.result).toMatch(/^# Tides at Brest/);
    expect(server.paths).toEqual(["/same-host", "/article"]);
  });

  it("reports a redirect to another host instead of following it", async () => {
    const harness = webFetchHarness({ hostNamedByRule: named("127.0.0.1") });
    const got = await harness.call({ url: `${server.url}/cross-host`, prompt: "Tide?" });
    expect(got).toEqual({
      ok: true,
      output: expect.objectContaining({ code: 301, codeText: "Moved Permanently", bytes: 0 }),
    });
    expect(got.ok && got.output.result).toBe(
      [
        "REDIRECT DETECTED: the URL redirects to a different host, which WebFetch does not follow by itself.",
        "",
        `Original URL: ${server.url}/cross-host`,
        `Redirect URL: http://localhost:${server.port}/article`,
        "Status: 301 Moved Permanently",
        "",
        "To read it, call WebFetch again with:",
        `- url: "http://localhost:${server.port}/article"`,
        '- prompt: "Tide?"',
      ].join("\n"),
    );
    expect(server.paths).toEqual(["/cross-host"]);
    expect(harness.provider.requests).toHaveLength(0);
  });

  it("reads at most 10 MB of a 20 MB body and says the page was cut", async () => {
    const harness = webFetchHarness({ hostNamedByRule: named("127.0.0.1"), returnMarkdown: true });
    const got = await harness.call({ url: `${server.url}/large`, prompt: "p" });
    expect(got.ok && got.output.bytes).toBe(10 * 1024 * 1024);
    expect(
      got.ok &&
        got.output.result.endsWith(
          "[The page is larger than 10485760 bytes; only that much was read.]",
        ),
    ).toBe(true);
  });

  it("gives up on a server that does not finish within the deadline", async () => {
    const harness = webFetchHarness({
      hostNamedByRule: named("127.0.0.1"),
      limits: { timeoutMs: 300 },
    });
    expect(await harness.call({ url: `${server.url}/slow`, prompt: "p" })).toEqual({
      ok: false,
      error: `WebFetch gave up on ${server.url}/slow: no full answer within 0.3 s.`,
    });
  });
});

describe("WebFetch and private addresses", () => {
  it("refuses a loopback address no rule names, before connecting", async () => {
    const harness = webFetchHarness({ hostNamedByRule: named("example.com") });
    expect(await harness.call({ url: `${server.url}/article`, prompt: "p" })).toEqual({
      ok: false,
      error:
        "WebFetch refused 127.0.0.1: loopback addresses are reached only when a permission rule names the host exactly, such as WebFetch(domain:127.0.0.1).",
    });
    expect(server.paths).toEqual([]);
  });

  it("refuses a name that resolves to 127.0.0.1", async () => {
    const harness = webFetchHarness({ resolve: resolveLocal });
    const got = await harness.call({
      url: `http://intranet.test:${server.port}/article`,
      prompt: "p",
    });
    expect(got).toEqual({
      ok: false,
      error:
        "WebFetch refused intranet.test (it resolves to 127.0.0.1): loopback addresses are reached only when a permission rule names the host exactly, such as WebFetch(domain:intranet.test).",
    });
    expect(server.paths).toEqual([]);
  });

  it("refuses a redirect's next address when no rule names its host", async () => {
    const harness = webFetchHarness({
      hostNamedByRule: named("localhost"),
      resolve: resolveLocal,
      returnMarkdown: true,
    });
    const got = await harness.call({ url: `http://localhost:${server.port}/to-www`, prompt: "p" });
    expect(got).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^WebFetch refused www\.localhost \(it resolves to 127\.0\.0\.1\)/,
      ),
    });
    expect(server.paths).toEqual(["/to-www"]);
  });

  it("reaches a name resolving to loopback when a rule names it exactly", async () => {
    const harness = webFetchHarness({
      hostNamedByRule: named("localhost"),
      resolve: resolveLocal,
      returnMarkdown: true,
    });
    const got = await harness.call({
      url: `http://localhost:${server.port}/notes.md`,
      prompt: "p",
    });
    expect(got.ok && got.output.result).toBe("# Notes\n\n- keep *this* as it is\n");
  });

  it.each([
    ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1", "loopback"],
    ["http://0.0.0.0/", "0.0.0.0", "unspecified"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254", "linkLocal"],
    ["http://10.1.2.3/", "10.1.2.3", "private"],
  ])("refuses %s", async (url, host, range) => {
    const harness = webFetchHarness();
    const got = await harness.call({ url, prompt: "p" });
    expect(got).toEqual({
      ok: false,
      error: `WebFetch refused ${host}: ${range} addresses are reached only when a permission rule names the host exactly, such as WebFetch(domain:${host}).`,
    });
  });
});
