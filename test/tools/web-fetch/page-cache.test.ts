import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type CachedPage, PageCache } from "../../../src/tools/builtin/web-fetch/page-cache.js";
import { webFetchHarness } from "./harness.js";
import { type PageServer, startPageServer } from "./page-server.js";

const page = (url: string): CachedPage => ({
  url,
  status: 200,
  statusText: "OK",
  bytes: 1,
  text: url,
  truncated: false,
});

describe("the page cache", () => {
  it("serves a page for 15 minutes, then forgets it", () => {
    let now = 0;
    const cache = new PageCache(15 * 60_000, 50, () => now);
    cache.set("https://a.example/", page("https://a.example/"));
    now = 15 * 60_000 - 1;
    expect(cache.get("https://a.example/")?.text).toBe("https://a.example/");
    now = 15 * 60_000;
    expect(cache.get("https://a.example/")).toBeUndefined();
  });

  it("keeps at most 50 pages, dropping the least recently used", () => {
    const cache = new PageCache(60_000, 50, () => 0);
    for (let i = 0; i < 50; i += 1) cache.set(`u${i}`, page(`u${i}`));
    cache.get("u0");
    cache.set("u50", page("u50"));
    expect(cache.size).toBe(50);
    expect(cache.get("u0")).toBeDefined();
    expect(cache.get("u1")).toBeUndefined();
  });
});

describe("WebFetch's cache", () => {
  let server: PageServer;
  beforeEach(async () => {
    server = await startPageServer();
  });
  afterEach(async () => {
    await server.close();
  });

  it("asks the server again only once the page has expired", async () => {
    let now = 0;
    const harness = webFetchHarness({
      hostNamedByRule: (host) => host === "127.0.0.1",
      now: () => now,
    });
    const url = `${server.url}/notes.md`;
    await harness.call({ url, prompt: "first" });
    await harness.call({ url, prompt: "second" });
    expect(server.paths).toEqual(["/notes.md"]);
    // Each call still asks the small model its own question.
    expect(harness.pagesRead()).toHaveLength(2);
    now = 15 * 60_000;
    await harness.call({ url, prompt: "third" });
    expect(server.paths).toEqual(["/notes.md", "/notes.md"]);
  });
});
