import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseScenario } from "../../../src/model/scripted/scenario.js";
import { runKeel } from "../../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../../helpers/scripted.js";

let dir: string;
let state: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-server-tools-"));
  state = await mkdtemp(join(tmpdir(), "keel-server-tools-state-"));
  await writeFile(join(dir, "notes.txt"), "Bring boots.\n");
  await writeFile(join(dir, "plan.txt"), "Walk the sea wall at high tide.\n");
});

afterEach(async () => {
  for (const folder of [dir, state]) await rm(folder, { recursive: true, force: true });
});

/** A web search as the API answers one: the call, then its results. */
function search(query: string, title: string, url: string) {
  return [
    { type: "server_tool_use", name: "web_search", input: { query } },
    { type: "web_search_tool_result", content: [{ title, url }] },
  ];
}

const read = (file: string) => ({ type: "tool_use", name: "Read", input: { file_path: file } });
const text = (words: string) => ({ type: "text", text: words });

const SEARCH_THEN_READ = [
  text("Let me look that up."),
  ...search("high tide Brest today", "Tide times for Brest", "https://tides.example/brest"),
  text("High tide is at 12:41. Now your notes."),
  read("notes.txt"),
];

/** The assistant turns of a request body, as sent. */
function assistantTurns(body: unknown): unknown[][] {
  const messages = (body as { messages: Array<{ role: string; content: unknown[] }> }).messages;
  return messages.filter((m) => m.role === "assistant").map((m) => m.content);
}

describe("web search's blocks through keel -p (validator on)", () => {
  it("go back whole in a multi-turn session and survive a compaction, with no violation", async () => {
    const scenario = {
      turnMode: "count",
      turns: [
        { content: SEARCH_THEN_READ },
        {
          content: [
            ...search("Brest sea wall walk", "Walks in Brest", "https://walks.example/brest"),
            text("The sea wall walk is open. Now the plan."),
            read("plan.txt"),
          ],
          usage: { input_tokens: 170_000 },
        },
        { content: "High tide at 12:41: bring boots and walk the sea wall." },
      ],
      side: [
        {
          match: { requestKind: "compact" },
          content: "<summary>Searched tides and walks; read the notes and the plan.</summary>",
        },
      ],
    };
    const filled = parseScenario(scenario, "tides.json");
    const server = await scriptedServer(scenario);
    const run = await runKeel(["-p", "When is high tide in Brest, and what do my notes say?"], {
      cwd: dir,
      env: { ...anthropicEnv(server), KEEL_CONTEXT_WINDOW: "200000" },
    });
    expect(server.violations).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe("High tide at 12:41: bring boots and walk the sea wall.");
    expect(server.requests.map((r) => r.kind)).toEqual(["main", "main", "compact", "main"]);

    // The second request carries the first answer's blocks exactly as they came.
    expect(assistantTurns(server.requests[1]!.body)).toEqual([filled.turns[0]!.content]);
    // The summariser reads what the searches found.
    const compact = JSON.stringify(server.requests[2]!.body);
    expect(compact).toContain("Tide times for Brest <https://tides.example/brest>");
    expect(compact).toContain("Walks in Brest <https://walks.example/brest>");
  });

  it("are kept in the transcript, so a resumed session sends them back unchanged", async () => {
    const first = { turns: [{ content: [...SEARCH_THEN_READ.slice(0, 4)] }] };
    const filled = parseScenario(first, "first.json");
    const env = { HOME: state, KEEL_CONFIG_DIR: join(state, ".keel") };
    const server = await scriptedServer(first);
    const run = await runKeel(["-p", "When is high tide in Brest?", "--output-format", "json"], {
      cwd: dir,
      env: { ...anthropicEnv(server), ...env },
    });
    expect(run.code).toBe(0);
    const sessionId = (JSON.parse(run.stdout) as { session_id: string }).session_id;

    const later = await scriptedServer({ turns: [first.turns[0]!, { content: "Bring boots." }] });
    const resumed = await runKeel(["-p", "And what do I need?", "--resume", sessionId], {
      cwd: dir,
      env: { ...anthropicEnv(later), ...env },
    });
    expect(later.violations).toEqual([]);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout.trim()).toBe("Bring boots.");
    expect(assistantTurns(later.requests[0]!.body)).toEqual([filled.turns[0]!.content]);
  });
});
