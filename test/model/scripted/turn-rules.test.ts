import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { ModelError } from "../../../src/model/errors.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import type { ApiMessageParam } from "../../../src/protocol/api.js";
import {
  body,
  drain,
  HELLO,
  modelRequest,
  post,
  rejection,
  responseOf,
  scenarioOf,
  sdkClient,
  serve,
} from "./helpers.js";

const THREE_TURNS = {
  name: "three",
  turns: [{ content: "First." }, { content: "Second." }, { content: "Third." }],
};

/** A history with `n` completed assistant turns. */
function history(n: number): ApiMessageParam[] {
  const messages: ApiMessageParam[] = [...HELLO];
  for (let i = 0; i < n; i++) {
    messages.push({ role: "assistant", content: [{ type: "text", text: `answer ${i + 1}` }] });
    messages.push({ role: "user", content: `follow-up ${i + 1}` });
  }
  return messages;
}

async function textOf(response: Response): Promise<string> {
  const json = (await response.json()) as { content: Array<{ text: string }> };
  return json.content.map((b) => b.text).join("");
}

describe("turn rules (contracts.md §9)", () => {
  it("gives a retried request the same turn, by its number of assistant messages", async () => {
    const server = await serve(scenarioOf(THREE_TURNS));
    expect(await textOf(await post(server, body({ messages: history(0) })))).toBe("First.");
    expect(await textOf(await post(server, body({ messages: history(0) })))).toBe("First.");
    expect(server.requests.map((r) => r.turn)).toEqual([1, 1]);
  });

  it("gives a request with two assistant messages turn 3 (a resumed session continues)", async () => {
    const server = await serve(scenarioOf(THREE_TURNS));
    expect(await textOf(await post(server, body({ messages: history(2) })))).toBe("Third.");
    expect(server.requests[0]?.turn).toBe(3);
  });

  it("serves main requests in request order in count mode, whatever their history", async () => {
    const server = await serve(scenarioOf({ ...THREE_TURNS, turnMode: "count" }));
    const texts: string[] = [];
    for (let i = 0; i < 3; i++) texts.push(await textOf(await post(server, body())));
    expect(texts).toEqual(["First.", "Second.", "Third."]);
  });

  it("does not move on in count mode while a turn's fault fires", async () => {
    const server = await serve(
      scenarioOf({
        turnMode: "count",
        turns: [
          { content: "First.", faults: [{ type: "http_error", status: 500 }] },
          { content: "Second." },
        ],
      }),
    );
    expect((await post(server, body())).status).toBe(500);
    expect(await textOf(await post(server, body()))).toBe("First.");
    expect(await textOf(await post(server, body()))).toBe("Second.");
  });

  it("answers a request past the last turn with a 400 naming the turn and the count", async () => {
    const server = await serve(
      scenarioOf({ ...THREE_TURNS, turns: THREE_TURNS.turns.slice(0, 2) }),
    );
    const error = (await rejection(
      sdkClient(server).messages.create({
        model: "claude-sonnet-5",
        max_tokens: 100,
        messages: history(2),
      }),
    )) as InstanceType<typeof Anthropic.BadRequestError>;
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(error.error).toMatchObject({
      type: "error",
      error: {
        type: "invalid_request_error",
        message: 'scripted scenario "three" has no turn 3 (it has 2 turns)',
      },
    });
    expect(server.requests[0]).toMatchObject({ answer: "past_end", turn: 3 });
  });

  it("answers side requests recognised by the request-kind header without using up a turn", async () => {
    const server = await serve(
      scenarioOf({
        turnMode: "count",
        turns: THREE_TURNS.turns,
        side: [
          { match: { requestKind: "compact" }, content: "Summary of the conversation so far." },
        ],
      }),
    );
    const compact = await post(server, body(), { "x-keel-request-kind": "compact" });
    expect(await textOf(compact)).toBe("Summary of the conversation so far.");
    expect(await textOf(await post(server, body(), { "x-keel-request-kind": "main" }))).toBe(
      "First.",
    );
    expect(await textOf(await post(server, body(), { "x-keel-request-kind": "compact" }))).toBe(
      "Summary of the conversation so far.",
    );
    expect(await textOf(await post(server, body()))).toBe("Second.");
    expect(server.requests.map((r) => r.answer)).toEqual(["side", "turn", "side", "turn"]);
  });

  it("answers side requests recognised by a pattern on the system prompt", async () => {
    const server = await serve(
      scenarioOf({
        turns: THREE_TURNS.turns,
        side: [{ match: { systemPattern: "short title" }, content: "Listing the folder" }],
      }),
    );
    const system = [
      { type: "text", text: "Write a short title (3-7 words) for this conversation." },
    ];
    expect(await textOf(await post(server, body({ system })))).toBe("Listing the folder");
    expect(await textOf(await post(server, body({ system: "You are keel." })))).toBe("First.");
  });

  it("treats a side kind with no matching rule as a main request", async () => {
    const server = await serve(scenarioOf(THREE_TURNS));
    expect(await textOf(await post(server, body(), { "x-keel-request-kind": "title" }))).toBe(
      "First.",
    );
  });

  it("applies the same rules in the in-process provider (kind, retries, past the end)", async () => {
    const provider = createScriptedProvider(
      scenarioOf({
        ...THREE_TURNS,
        turns: THREE_TURNS.turns.slice(0, 2),
        side: [{ match: { requestKind: "title" }, content: "A title" }],
      }),
    );
    const signal = new AbortController().signal;
    const text = async (request = modelRequest()) =>
      responseOf(await drain(provider.stream(request, signal))).content;
    expect(await text(modelRequest({ kind: "title" }))).toEqual([
      { type: "text", text: "A title" },
    ]);
    expect(await text()).toEqual([{ type: "text", text: "First." }]);
    expect(await text()).toEqual([{ type: "text", text: "First." }]);
    expect(await text(modelRequest({ messages: history(1) }))).toEqual([
      { type: "text", text: "Second." },
    ]);
    const error = await rejection(
      drain(provider.stream(modelRequest({ messages: history(2) }), signal)),
    );
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe("invalid_request");
    expect((error as ModelError).message).toContain("has no turn 3 (it has 2 turns)");
  });
});
