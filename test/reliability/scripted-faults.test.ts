import { afterEach, describe, expect, it } from "vitest";
import { createAnthropicProvider } from "../../src/model/anthropic/provider.js";
import { ModelError } from "../../src/model/errors.js";
import type { ModelEvent, ModelRequest } from "../../src/model/provider.js";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario, ScenarioError } from "../../src/model/scripted/scenario.js";
import { type ScriptedServer, startScriptedServer } from "../../src/model/scripted/server.js";

const open: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()));
});

const TURN = [
  { type: "text", text: "Looking at the folder first, then the file." },
  { type: "tool_use", name: "Read", input: { file_path: "README.md" } },
];

function request(kind: ModelRequest["kind"] = "main"): ModelRequest {
  const messages: ModelRequest["messages"] = [{ role: "user", content: "What is here?" }];
  return { model: "claude-sonnet-5", messages, maxTokens: 1024, kind };
}

async function serve(scenario: unknown): Promise<ScriptedServer> {
  const server = await startScriptedServer({ scenario: parseScenario(scenario, "t.json") });
  open.push(server);
  return server;
}

/** Drains a stream; returns its events and the error it ended with, if any. */
async function drain(stream: AsyncIterable<ModelEvent>) {
  const events: ModelEvent[] = [];
  try {
    for await (const event of stream) events.push(event);
  } catch (error) {
    return { events, error };
  }
  return { events, error: undefined };
}

function rawPost(server: ScriptedServer, kind = "main"): Promise<Response> {
  return fetch(`${server.url}/v1/messages`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-keel-request-kind": kind },
    body: JSON.stringify({
      model: "claude-sonnet-5",
      max_tokens: 1024,
      stream: true,
      messages: [{ role: "user", content: "What is here?" }],
    }),
  });
}

describe("the malformed fault", () => {
  it("sends a data line that is not JSON after the completed blocks, then ends the response", async () => {
    const server = await serve({
      turns: [{ content: TURN, faults: [{ type: "malformed", afterBlocks: 1 }] }],
    });
    const body = await (await rawPost(server)).text();
    const data = body.split("\n").filter((line) => line.startsWith("data: "));
    const last = data.at(-1)!.slice(6);
    expect(() => JSON.parse(last)).toThrow();
    expect(data.slice(0, -1).every((line) => JSON.parse(line.slice(6)))).toBe(true);
    expect(body).toContain('"content_block_stop"');
    expect(body).not.toContain("message_stop");
  });

  it("reaches keel's Anthropic provider as a malformed_stream error kept after completed blocks", async () => {
    const server = await serve({
      turns: [{ content: TURN, faults: [{ type: "malformed", afterBlocks: 1 }] }],
    });
    const provider = createAnthropicProvider({ baseURL: server.url, apiKey: "test" });
    const { events, error } = await drain(provider.stream(request(), new AbortController().signal));
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("malformed_stream");
    expect((error as ModelError).afterContent).toBe(true);
    expect(events.filter((e) => e.type === "block").map((e) => e.block.type)).toEqual(["text"]);
  });

  it("fails before any block as a retryable malformed_stream, in process too", async () => {
    const scenario = parseScenario(
      { turns: [{ content: TURN, faults: [{ type: "malformed", midBlock: true }] }] },
      "t.json",
    );
    const provider = createScriptedProvider(scenario);
    const first = await drain(provider.stream(request(), new AbortController().signal));
    expect((first.error as ModelError).kind).toBe("malformed_stream");
    expect((first.error as ModelError).afterContent).toBe(false);
    const second = await drain(provider.stream(request(), new AbortController().signal));
    expect(second.error).toBeUndefined();
    expect(provider.requests.map((r) => r.fault)).toEqual(["malformed", undefined]);
  });

  it("is refused with midBlock past the turn's last block", () => {
    const bad = {
      turns: [{ content: "hi", faults: [{ type: "malformed", afterBlocks: 1, midBlock: true }] }],
    };
    expect(() => parseScenario(bad, "t.json")).toThrow(ScenarioError);
  });
});

describe("error events can cut a block in the middle", () => {
  it("sends half of the next block's deltas, no content_block_stop, then the error event", async () => {
    const server = await serve({
      turns: [{ content: TURN, faults: [{ type: "error_event", afterBlocks: 1, midBlock: true }] }],
    });
    const body = await (await rawPost(server)).text();
    const events = body
      .split("\n")
      .filter((l) => l.startsWith("event: "))
      .map((l) => l.slice(7));
    expect(events.filter((e) => e === "content_block_start")).toHaveLength(2);
    expect(events.filter((e) => e === "content_block_stop")).toHaveLength(1);
    expect(events.at(-1)).toBe("error");
    expect(body).toContain('"input_json_delta"');
  });
});

describe("side rules have faults of their own", () => {
  const scenario = {
    turns: [{ content: "Answered" }],
    side: [
      {
        match: { requestKind: "compact" },
        content: "Summarised",
        faults: [{ type: "http_error", status: 529 }, { type: "disconnect" }],
      },
    ],
  };

  it("fails the rule's first requests as listed, then answers, without using up a turn", async () => {
    const server = await serve(scenario);
    expect((await rawPost(server, "compact")).status).toBe(529);
    await expect(rawPost(server, "compact").then((r) => r.text())).rejects.toThrow();
    expect(await (await rawPost(server, "compact")).text()).toContain("Summarised");
    expect(await (await rawPost(server, "main")).text()).toContain("Answered");
    expect(server.requests.map((r) => [r.answer, r.fault])).toEqual([
      ["side", "http_error"],
      ["side", "disconnect"],
      ["side", undefined],
      ["turn", undefined],
    ]);
  });

  it("counts the rule's attempts apart from the turns' in process", async () => {
    const provider = createScriptedProvider(parseScenario(scenario, "t.json"));
    const signal = new AbortController().signal;
    expect((await drain(provider.stream(request(), signal))).error).toBeUndefined();
    const failed = await drain(provider.stream(request("compact"), signal));
    expect((failed.error as ModelError).kind).toBe("overloaded");
  });

  it("checks a side fault's afterBlocks against the rule's content", () => {
    const bad = {
      turns: [],
      side: [
        {
          match: { requestKind: "compact" },
          content: "x",
          faults: [{ type: "disconnect", afterBlocks: 3 }],
        },
      ],
    };
    expect(() => parseScenario(bad, "t.json")).toThrow(/side\[0\]\.faults\[0\]\.afterBlocks/);
  });
});
