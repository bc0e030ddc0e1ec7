import { describe, expect, it } from "vitest";
import { REQUEST_KINDS, type RequestKind } from "../../../src/model/provider.js";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { body, drain, modelRequest, post, responseOf, scenarioOf, serve } from "./helpers.js";

const NEW_KINDS: RequestKind[] = ["web_fetch", "hook_prompt", "auto_classifier", "dream"];

/** A canned answer per new kind, and one main turn. */
const SCENARIO = {
  turnMode: "count",
  turns: [{ content: "The main answer." }, { content: "The second main answer." }],
  side: [
    { match: { requestKind: "web_fetch" }, content: "The page says the shop opens at nine." },
    { match: { requestKind: "hook_prompt" }, content: '{"ok": true}' },
    { match: { requestKind: "auto_classifier" }, content: "<block>no</block>" },
    { match: { requestKind: "dream" }, content: "Nothing new to remember." },
  ],
};

async function textOf(response: Response): Promise<string> {
  const json = (await response.json()) as { content: Array<{ text: string }> };
  return json.content.map((b) => b.text).join("");
}

describe("the side-request kinds of WebFetch, prompt hooks, the auto classifier and dreaming", () => {
  it("are answered by their rules without using up a turn, over HTTP", async () => {
    const server = await serve(scenarioOf(SCENARIO));
    const answers: string[] = [];
    for (const kind of NEW_KINDS) {
      answers.push(await textOf(await post(server, body(), { "x-keel-request-kind": kind })));
    }
    expect(answers).toEqual([
      "The page says the shop opens at nine.",
      '{"ok": true}',
      "<block>no</block>",
      "Nothing new to remember.",
    ]);
    expect(await textOf(await post(server, body(), { "x-keel-request-kind": "main" }))).toBe(
      "The main answer.",
    );
    expect(server.requests.map((r) => r.answer)).toEqual(["side", "side", "side", "side", "turn"]);
  });

  it("are answered in process by the request's kind", async () => {
    const provider = createScriptedProvider(scenarioOf(SCENARIO));
    const signal = new AbortController().signal;
    const text = async (kind: RequestKind) => {
      const response = responseOf(await drain(provider.stream(modelRequest({ kind }), signal)));
      return response.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    };
    expect(await text("dream")).toBe("Nothing new to remember.");
    expect(await text("main")).toBe("The main answer.");
    expect(await text("auto_classifier")).toBe("<block>no</block>");
    expect(await text("main")).toBe("The second main answer.");
  });

  it("are among the kinds keel names, and a scenario naming any other kind is refused", () => {
    expect(REQUEST_KINDS).toEqual(expect.arrayContaining([...NEW_KINDS, "compact", "summary"]));
    expect(() =>
      scenarioOf({ turns: [], side: [{ match: { requestKind: "webfetch" }, content: "x" }] }),
    ).toThrow(/^test\.json: side\[0\]\.match\.requestKind: .*"web_fetch"/);
  });
});
