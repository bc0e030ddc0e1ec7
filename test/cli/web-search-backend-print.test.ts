import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FixtureServer, startFixtureServer } from "../helpers/fixture-server.js";
import { runKeel } from "../helpers/run-keel.js";

let dir: string;
const servers: FixtureServer[] = [];
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-search-backend-")));
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** An OpenAI-compatible stream of chunks. */
const sse = (...chunks: unknown[]) => ({
  headers: { "content-type": "text/event-stream" },
  body: `${chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join("")}data: [DONE]\n\n`,
});
const chunk = (delta: unknown, finish: string | null = null) => ({
  id: "chatcmpl-1",
  model: "local",
  choices: [{ index: 0, delta, finish_reason: finish }],
});

describe("WebSearch on an openai: model, through keel's webSearch service", () => {
  it("asks the SearXNG stand-in, keeps the call's domain filter, and the model reads the hits", async () => {
    const searx = await startFixtureServer();
    const model = await startFixtureServer();
    servers.push(searx, model);
    searx.enqueue({
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        results: [
          {
            title: "Tide times for Brest",
            url: "https://tides.example/brest",
            content: "High tide at 12:41",
          },
          { title: "Cheap flights", url: "https://spam.example/tides", content: "buy now" },
        ],
      }),
    });
    const call = { query: "high tide Brest", blocked_domains: ["spam.example"] };
    model.enqueue(
      sse(
        chunk({
          tool_calls: [
            {
              index: 0,
              id: "call_1",
              type: "function",
              function: { name: "WebSearch", arguments: JSON.stringify(call) },
            },
          ],
        }),
        chunk({}, "tool_calls"),
      ),
      sse(chunk({ content: "High tide is at 12:41." }), chunk({}, "stop")),
    );
    const state = join(dir, ".keel");
    await mkdir(state);
    await writeFile(
      join(state, "settings.json"),
      JSON.stringify({ webSearch: { provider: "searxng", url: searx.url } }),
    );
    const run = await runKeel(
      ["-p", "tide?", "--model", "openai:local", "--allowedTools", "WebSearch"],
      {
        cwd: dir,
        env: {
          KEEL_CONFIG_DIR: state,
          HOME: dir,
          OPENAI_BASE_URL: `${model.url}/v1`,
          CLAUDE_CODE_MAX_RETRIES: "0",
        },
      },
    );
    expect(run.stderr).toBe("");
    expect(run.stdout).toBe("High tide is at 12:41.\n");
    expect(searx.requests.map((r) => r.url)).toEqual(["/search?q=high+tide+Brest&format=json"]);
    const toolMessage = JSON.stringify(model.requests[1]?.json);
    expect(toolMessage).toContain("High tide at 12:41");
    expect(toolMessage).toContain("https://tides.example/brest");
    expect(toolMessage).not.toContain("spam.example/tides");
  });
});
