import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SMALL_MODEL_ANSWER, webFetchHarness } from "./harness.js";
import {
  AD_TEXT,
  ARTICLE_TEXT,
  FOOTER_TEXT,
  NAV_TEXT,
  type PageServer,
  startPageServer,
} from "./page-server.js";

let server: PageServer;
beforeEach(async () => {
  server = await startPageServer();
});
afterEach(async () => {
  await server.close();
});

/** Loopback pages are reached only when a rule names the host exactly: these tests name it. */
const named = { hostNamedByRule: (host: string) => host === "127.0.0.1" };

describe("WebFetch reads pages with the small model", () => {
  it("an HTML page's article reaches the small model; navigation, ads and footer do not", async () => {
    const harness = webFetchHarness(named);
    const got = await harness.call({
      url: `${server.url}/article`,
      prompt: "How high is the tide?",
    });
    expect(got).toMatchObject({
      ok: true,
      output: {
        code: 200,
        codeText: "OK",
        result: SMALL_MODEL_ANSWER,
        url: `${server.url}/article`,
      },
    });
    const [read] = harness.pagesRead();
    expect(read).toContain(ARTICLE_TEXT);
    expect(read).toContain("How high is the tide?");
    for (const noise of [NAV_TEXT, AD_TEXT, FOOTER_TEXT]) expect(read).not.toContain(noise);
  });

  it("the small model's request is a web_fetch side request to Haiku, and its cost counts", async () => {
    const harness = webFetchHarness(named);
    await harness.call({ url: `${server.url}/article`, prompt: "tide?" });
    expect(
      harness.provider.requests.map((r) => [r.kind, (r.body as { model: string }).model]),
    ).toEqual([["web_fetch", "claude-haiku-4-5"]]);
    expect(harness.tracker.modelUsage()["claude-haiku-4-5"]?.inputTokens).toBeGreaterThan(0);
    expect(harness.tracker.totalCostUsd).toBeGreaterThan(0);
  });

  it("markdown and JSON pass through as they are", async () => {
    const harness = webFetchHarness(named);
    await harness.call({ url: `${server.url}/notes.md`, prompt: "p" });
    await harness.call({ url: `${server.url}/data.json`, prompt: "p" });
    const [markdown, json] = harness.pagesRead();
    expect(markdown).toContain(JSON.stringify("# Notes\n\n- keep *this* as it is\n").slice(1, -1));
    expect(json).toContain(JSON.stringify('{"tide":"high","metres":7.8}').slice(1, -1));
  });

  it("the library option returns the page's markdown without asking a model", async () => {
    const harness = webFetchHarness({ ...named, returnMarkdown: true });
    const got = await harness.call({ url: `${server.url}/article`, prompt: "p" });
    expect(got.ok && got.output.result).toMatch(/^# Tides at Brest\n\nThe spring tide/);
    expect(harness.provider.requests).toHaveLength(0);
  });

  it("a binary type is refused, naming the type and size, and no model is asked", async () => {
    const harness = webFetchHarness(named);
    const got = await harness.call({ url: `${server.url}/image.png`, prompt: "p" });
    expect(got).toEqual({
      ok: false,
      error: `WebFetch reads web pages and text only: ${server.url}/image.png is image/png (8 bytes), which it cannot read.`,
    });
    expect(harness.provider.requests).toHaveLength(0);
  });

  it("a long page is read 100,000 characters at a time, and offset reads on", async () => {
    const harness = webFetchHarness({ ...named, returnMarkdown: true });
    const first = await harness.call({ url: `${server.url}/long.txt`, prompt: "p" });
    const result = first.ok ? first.output.result : "";
    const note = result.slice(100_000);
    expect(result.slice(0, 100_000) === "a".repeat(100_000)).toBe(true);
    expect(note).toBe(
      "\n\n[This answer is about characters up to 100000 of the page's 150000: call WebFetch with offset: 100000 to read on.]",
    );
    const next = await harness.call({
      url: `${server.url}/long.txt`,
      prompt: "p",
      offset: 100_000,
    });
    expect(next.ok && next.output.result === "b".repeat(50_000)).toBe(true);
    const past = await harness.call({
      url: `${server.url}/long.txt`,
      prompt: "p",
      offset: 150_000,
    });
    expect(past).toEqual({
      ok: false,
      error: "offset 150000 is past the end of the page's text (150000 characters).",
    });
    // The second and third calls were served from the cache.
    expect(server.paths).toEqual(["/long.txt"]);
  });

  it("bad URLs are refused before anything is fetched", async () => {
    const harness = webFetchHarness(named);
    expect(await harness.call({ url: "not a url", prompt: "p" })).toEqual({
      ok: false,
      error: "Not a valid URL: not a url",
    });
    expect(await harness.call({ url: "ftp://example.com/x", prompt: "p" })).toEqual({
      ok: false,
      error: "WebFetch fetches http and https URLs only, not ftp:",
    });
    expect(server.paths).toEqual([]);
  });
});
