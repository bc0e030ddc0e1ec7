import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { createScriptedProvider } from "../../../src/model/scripted/provider.js";
import { parseScenario, type Scenario } from "../../../src/model/scripted/scenario.js";
import type { ScriptedServer } from "../../../src/model/scripted/server.js";
import type { Sleep } from "../../../src/model/scripted/sleep.js";
import { body, drain, modelRequest, post, rejection, scenarioOf, serve } from "./helpers.js";

const RANGE = { min: 20, max: 400, seed: 7 };

/** A sleep that records what it was asked to wait and returns at once. */
function recordingSleep(): { sleep: Sleep; waits: number[] } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

/** Serves a scenario with a recording sleep; closed after the test. */
async function recorded(scenario: Scenario) {
  const { sleep, waits } = recordingSleep();
  return { server: await serve(scenario, { sleep }), waits };
}

async function send(server: ScriptedServer, count: number, agent = "main"): Promise<void> {
  for (let i = 0; i < count; i++) {
    await (await post(server, body(), { "x-keel-agent": agent })).arrayBuffer();
  }
}

function manyTurns(n: number) {
  return Array.from({ length: n }, (_, i) => ({ content: `Turn ${i + 1}.` }));
}

describe("latencyMs: a pause before each response", () => {
  it("holds a response back at least the fixed latency (measured over real HTTP)", async () => {
    const server = await serve(scenarioOf({ latencyMs: 150, turns: [{ content: "Late." }] }));
    const started = performance.now();
    const response = await post(server, body());
    await response.json();
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    // Timers may fire a fraction of a millisecond early against performance.now().
    expect(elapsed).toBeGreaterThanOrEqual(149);
  });

  it("draws a seeded range's pauses in the same sequence on every run, inside the range", async () => {
    const scenario = () =>
      parseScenario({ turnMode: "count", latencyMs: RANGE, turns: manyTurns(12) }, "range.json");
    const first = await recorded(scenario());
    const second = await recorded(scenario());
    await send(first.server, 12);
    await send(second.server, 12);
    expect(first.waits).toHaveLength(12);
    expect(second.waits).toEqual(first.waits);
    expect(first.waits.every((ms) => Number.isInteger(ms) && ms >= 20 && ms <= 400)).toBe(true);
    expect(new Set(first.waits).size).toBeGreaterThan(6);

    const other = await recorded(
      parseScenario(
        { turnMode: "count", latencyMs: { ...RANGE, seed: 8 }, turns: manyTurns(12) },
        "other.json",
      ),
    );
    await send(other.server, 12);
    expect(other.waits).not.toEqual(first.waits);
  });

  it("gives each agent with a script its own sequence, however their requests interleave", async () => {
    const scenario = () =>
      parseScenario(
        {
          turnMode: "count",
          latencyMs: RANGE,
          turns: manyTurns(4),
          agents: { reviewer: { turns: manyTurns(4) } },
        },
        "agents.json",
      );
    const alone = await recorded(scenario());
    await send(alone.server, 4, "reviewer");
    const mixed = await recorded(scenario());
    for (let i = 0; i < 4; i++) {
      await send(mixed.server, 1, "main");
      await send(mixed.server, 1, "reviewer");
    }
    const reviewers = mixed.waits.filter((_, i) => i % 2 === 1);
    expect(reviewers).toEqual(alone.waits);
  });

  it("pauses before a fault's error and a request past the end too, and before a stall", async () => {
    const { server, waits } = await recorded(
      parseScenario(
        {
          latencyMs: 30,
          turns: [
            {
              content: "Served.",
              faults: [
                { type: "http_error", status: 529 },
                { type: "stall", ms: 500 },
              ],
            },
          ],
        },
        "faults.json",
      ),
    );
    expect((await post(server, body())).status).toBe(529);
    expect((await post(server, body())).status).toBe(200);
    const past = body({
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: "b" },
        { role: "user", content: "c" },
      ],
    });
    expect((await post(server, past)).status).toBe(400);
    expect(waits).toEqual([30, 30, 500, 30]);
  });

  it("pauses in process too, and an abort during the pause ends the request", async () => {
    const { sleep, waits } = recordingSleep();
    const provider = createScriptedProvider(
      parseScenario({ latencyMs: 25, turns: [{ content: "In process." }] }, "p.json"),
      { sleep },
    );
    await drain(provider.stream(modelRequest(), new AbortController().signal));
    expect(waits).toEqual([25]);

    const controller = new AbortController();
    const aborting = createScriptedProvider(
      parseScenario({ latencyMs: 25, turns: [{ content: "Never." }] }, "p.json"),
      { sleep: async () => void controller.abort() },
    );
    const error = await rejection(drain(aborting.stream(modelRequest(), controller.signal)));
    expect(error).toMatchObject({ kind: "aborted" });
  });

  it("refuses a range whose min is more than its max", () => {
    expect(() =>
      parseScenario({ latencyMs: { min: 9, max: 3, seed: 1 }, turns: [] }, "bad.json"),
    ).toThrow("bad.json: latencyMs.min: min is more than max");
  });
});
