import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searchBackendChoice } from "../../../src/cli/web-search-backend.js";
import { braveBackend } from "../../../src/tools/builtin/web-search/backends/brave.js";
import { searxngBackend } from "../../../src/tools/builtin/web-search/backends/searxng.js";
import { tavilyBackend } from "../../../src/tools/builtin/web-search/backends/tavily.js";
import { createWebSearchTool } from "../../../src/tools/builtin/web-search/web-search-tool.js";
import { type FixtureServer, startFixtureServer } from "../../helpers/fixture-server.js";
import { makeToolCallContext } from "../../helpers/tool-context.js";

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
});

const json = (body: unknown) => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const signal = () => new AbortController().signal;

describe("search backends against local stand-ins", () => {
  it("SearXNG: GET /search?q=…&format=json, its results as hits", async () => {
    server.enqueue(
      json({
        results: [
          {
            title: "Tides",
            url: "https://tides.example/brest",
            content: "High tide 12:41",
            engine: "x",
          },
          { title: "No excerpt", url: "https://b.example/" },
        ],
      }),
    );
    const before = server.requests.length;
    const hits = await searxngBackend(`${server.url}/searx`).search(
      { query: "tide brest" },
      signal(),
    );
    expect(server.requests[before]).toMatchObject({
      method: "GET",
      url: "/searx/search?q=tide+brest&format=json",
    });
    expect(hits).toEqual([
      { title: "Tides", url: "https://tides.example/brest", snippet: "High tide 12:41" },
      { title: "No excerpt", url: "https://b.example/" },
    ]);
  });

  it("Brave: the key as X-Subscription-Token, web.results as hits", async () => {
    server.enqueue(
      json({ web: { results: [{ title: "T", url: "https://t.example/", description: "d" }] } }),
    );
    const before = server.requests.length;
    const hits = await braveBackend("brave-key", server.url).search({ query: "q x" }, signal());
    const request = server.requests[before];
    expect(request?.url).toBe("/res/v1/web/search?q=q+x&count=10");
    expect(request?.headers["x-subscription-token"]).toBe("brave-key");
    expect(hits).toEqual([{ title: "T", url: "https://t.example/", snippet: "d" }]);
  });

  it("Tavily: POST /search with a bearer key and the domain filters in the body", async () => {
    server.enqueue(json({ results: [{ title: "T", url: "https://t.example/", content: "c" }] }));
    const before = server.requests.length;
    await tavilyBackend("tvly-key", server.url).search(
      { query: "q", blocked_domains: ["spam.example"] },
      signal(),
    );
    const request = server.requests[before];
    expect(request?.method).toBe("POST");
    expect(request?.headers.authorization).toBe("Bearer tvly-key");
    expect(request?.json).toEqual({
      query: "q",
      max_results: 10,
      exclude_domains: ["spam.example"],
    });
  });

  it("a failing, malformed or oversized answer is an error naming the backend", async () => {
    const backend = searxngBackend(server.url);
    server.enqueue({ status: 503, body: "down for maintenance" });
    await expect(backend.search({ query: "q" }, signal())).rejects.toThrow(
      "the searxng search answered HTTP 503: down for maintenance",
    );
    server.enqueue(json({ hits: [] }));
    await expect(backend.search({ query: "q" }, signal())).rejects.toThrow(
      "the searxng search answered an unexpected shape",
    );
    server.enqueue({ body: "x".repeat(3 * 1024 * 1024) });
    await expect(backend.search({ query: "q" }, signal())).rejects.toThrow(
      "the searxng search answered more than 2097152 bytes",
    );
  });

  it("WebSearch keeps the call's domain filters on a backend's hits and shows their excerpts", async () => {
    server.enqueue(
      json({
        results: [
          { title: "Tides", url: "https://www.tides.example/brest", content: "High  tide\n12:41" },
          { title: "Spam", url: "https://spam.example/x", content: "buy" },
        ],
      }),
    );
    const tool = createWebSearchTool(
      { cwd: "/", sessionDir: "/", stateDir: "/", env: {} },
      { backend: searxngBackend(server.url), now: () => 0 },
    );
    const base = makeToolCallContext({ mainLoopModel: "local" });
    const sideModel = { smallModel: "local", serverTools: false, ask: () => Promise.reject() };
    const context = { ...base, options: { ...base.options, sideModel } };
    const input = tool.inputSchema.parse({ query: "tide", allowed_domains: ["tides.example"] });
    const { data } = await tool.call(input, context, () => {});
    expect(data).toEqual({
      query: "tide",
      results: [
        {
          tool_use_id: "searxng_search",
          content: [{ title: "Tides", url: "https://www.tides.example/brest" }],
        },
        "Tides (https://www.tides.example/brest): High tide 12:41",
      ],
      durationSeconds: 0,
      searchCount: 1,
    });
  });
});

describe("the webSearch setting (keel's own settings file)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "keel-search-setting-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function choiceFor(setting: unknown, env: Record<string, string> = {}) {
    const stateDir = join(dir, String(Math.random()).slice(2));
    await mkdir(stateDir, { recursive: true });
    await writeFile(join(stateDir, "settings.json"), JSON.stringify({ webSearch: setting }));
    return searchBackendChoice({ KEEL_CONFIG_DIR: stateDir, ...env });
  }

  it("names a usable service, or says why it cannot be used", async () => {
    expect(await choiceFor({ provider: "searxng", url: "http://127.0.0.1:1" })).toMatchObject({
      kind: "backend",
      backend: { name: "searxng" },
    });
    expect(await choiceFor({ provider: "brave" }, { BRAVE_API_KEY: "k" })).toMatchObject({
      kind: "backend",
      where: "https://api.search.brave.com",
    });
    expect(await choiceFor({ provider: "tavily" })).toMatchObject({
      kind: "unusable",
      why: expect.stringContaining("webSearch names tavily in"),
    });
    expect(await choiceFor({ provider: "google" })).toMatchObject({ kind: "unusable" });
    expect(await searchBackendChoice({ KEEL_CONFIG_DIR: join(dir, "none") })).toEqual({
      kind: "none",
    });
  });
});
