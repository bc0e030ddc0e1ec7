import { readdirSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  loadScenario,
  parseScenario,
  ScenarioError,
} from "../../../src/model/scripted/scenario.js";
import { fixture } from "./helpers.js";

const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "keel-scenario-"));
  temporary.push(dir);
  return dir;
}

/** The message of the ScenarioError a scenario value gets. */
function problem(value: unknown, source = "demo.json"): string {
  try {
    parseScenario(value, source);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error("expected the scenario to be rejected");
}

async function loadProblem(file: string): Promise<string> {
  try {
    await loadScenario(file);
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as Error).message;
  }
  throw new Error("expected the scenario to be rejected");
}

describe("scenario files", () => {
  it("names the file and the field path of a malformed field", async () => {
    const file = fixture("malformed.json");
    expect(await loadProblem(file)).toBe(
      `${file}: turns[2].content[0].input: expected object, received string`,
    );
  });

  it("names the file when it is not JSON", async () => {
    const file = path.join(await tempDir(), "garbage.json");
    await writeFile(file, '{ "turns": [ { "content": "one" },\n  { "content": "two" ');
    expect(await loadProblem(file)).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: not valid JSON \\(`),
    );
  });

  it("names the file when it cannot be read", async () => {
    const file = path.join(path.dirname(fixture("x")), "missing.json");
    expect(await loadProblem(file)).toMatch(/missing\.json: cannot read the file/);
  });

  it("points at the field of a fault, an unknown key, and an unknown block type", () => {
    expect(problem({ turns: [{ content: "x", faults: [{ type: "stall" }] }] })).toBe(
      "demo.json: turns[0].faults[0].ms: expected number, received undefined",
    );
    expect(problem({ turns: [{ content: "x", stopReason: "end_turn" }] })).toBe(
      'demo.json: turns[0]: Unrecognized key: "stopReason"',
    );
    expect(problem({ turns: [{ content: [{ type: "image" }] }] })).toMatch(
      /^demo\.json: turns\[0\]\.content\[0\]\.type: /,
    );
    expect(
      problem({ turns: [{ content: [{ type: "tool_use", name: "has space", input: {} }] }] }),
    ).toBe("demo.json: turns[0].content[0].name: tool names match ^[a-zA-Z0-9_-]{1,64}$");
  });

  it("lists every problem, one per line", () => {
    const message = problem({ turns: [{ content: 1 }, { content: "ok", chunkDelayMs: -1 }] });
    expect(message.split("\n")).toHaveLength(2);
  });

  it("rejects what the schema cannot see: duplicate ids, faults past the blocks, bad side rules", () => {
    const tool = { type: "tool_use", id: "toolu_same", name: "Read", input: {} };
    expect(problem({ turns: [{ content: [tool] }, { content: [tool] }] })).toBe(
      "demo.json: turns[1].content[0].id: tool_use id toolu_same is already used at turns[0].content[0].id",
    );
    expect(
      problem({ turns: [{ content: "x", faults: [{ type: "error_event", afterBlocks: 2 }] }] }),
    ).toBe("demo.json: turns[0].faults[0].afterBlocks: 2 is more than the turn's 1 blocks");
    expect(
      problem({
        turns: [{ content: "x", faults: [{ type: "disconnect", afterBlocks: 1, midBlock: true }] }],
      }),
    ).toMatch(/turns\[0\]\.faults\[0\]\.midBlock: there is no block 1/);
    expect(problem({ turns: [], side: [{ match: {}, content: "s" }] })).toBe(
      "demo.json: side[0].match: give requestKind, systemPattern, or both",
    );
    expect(problem({ turns: [], side: [{ match: { systemPattern: "(" }, content: "s" }] })).toMatch(
      /^demo\.json: side\[0\]\.match\.systemPattern: /,
    );
  });

  it("fills in stop reasons, tool ids and signatures, and takes a string as one text block", () => {
    const input = {
      chunkDelayMs: 3,
      turns: [
        { content: "Just text." },
        {
          content: [
            { type: "thinking", thinking: "hmm" },
            { type: "tool_use", name: "Read", input: {} },
            { type: "tool_use", name: "Read", input: {} },
          ],
        },
        { content: "Cut.", stop_reason: "max_tokens", chunkDelayMs: 0 },
      ],
    };
    const scenario = parseScenario(input, "fill.json");
    expect(scenario.name).toBe("fill.json");
    expect(scenario.turnMode).toBe("assistant-count");
    expect(scenario.validate).toBe(true);
    const [text, tools, cut] = scenario.turns;
    expect(text).toMatchObject({
      content: [{ type: "text", text: "Just text." }],
      stopReason: "end_turn",
      chunkDelayMs: 3,
    });
    expect(tools?.stopReason).toBe("tool_use");
    expect(cut).toMatchObject({ stopReason: "max_tokens", chunkDelayMs: 0 });
    const [thinking, first, second] = tools!.content;
    expect(thinking?.type === "thinking" && thinking.signature).toMatch(
      /^[A-Za-z0-9+/]{200,}={0,2}$/,
    );
    const ids = [first, second].map((b) => (b?.type === "tool_use" ? b.id : ""));
    expect(ids[0]).toMatch(/^toolu_01[1-9A-HJ-NP-Za-km-z]{22}$/);
    expect(ids[0]).not.toBe(ids[1]);
    expect(parseScenario(JSON.stringify(input), "fill.json")).toEqual(scenario);
  });

  it("paces deltas as the scenario says unless a turn or side rule says otherwise (none by default)", () => {
    const side = [{ match: { requestKind: "title" }, content: "t" }];
    expect(parseScenario({ turns: [{ content: "a" }] }, "p.json").turns[0]?.deltaDelayMs).toBe(0);
    const scenario = parseScenario(
      { deltaDelayMs: 4, turns: [{ content: "a" }, { content: "b", deltaDelayMs: 0 }], side },
      "p.json",
    );
    expect(scenario.turns.map((turn) => turn.deltaDelayMs)).toEqual([4, 0]);
    expect(scenario.side[0]?.deltaDelayMs).toBe(4);
  });

  const examples = path.resolve(path.dirname(fixture("x")), "../../../examples/scenarios");
  it.each(readdirSync(examples))("keeps the example scenario %s valid", async (name) => {
    const example = await loadScenario(path.join(examples, name));
    expect(example.turns.length).toBeGreaterThan(0);
  });
});
