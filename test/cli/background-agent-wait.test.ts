import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/model/scripted/server.js";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let state: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-bg-wait-"));
  state = await mkdtemp(join(tmpdir(), "keel-bg-wait-state-"));
  await mkdir(join(dir, ".claude", "agents"), { recursive: true });
  await writeFile(
    join(dir, ".claude", "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: The reviewer.\ntools: Bash\n---\nYou are the reviewer.\n",
  );
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(state, { recursive: true, force: true });
});

/**
 * The reviewer's first step waits (bounded) until the main thread's answer is in the session's
 * transcript: the main turn has ended before the agent does, whatever the machine's speed.
 */
const AFTER_MAIN_ANSWER =
  'i=0; until grep -qs "Launched the reviewer" "$KEEL_CONFIG_DIR"/projects/*/*.jsonl || [ $i -ge 1500 ]; do sleep 0.02; i=$((i+1)); done';

/** A main thread that launches a background reviewer and answers before it ends. */
function scenario(reviewerWaitsFor: string) {
  return {
    turns: [
      {
        content: [
          {
            type: "tool_use",
            name: "Agent",
            input: {
              description: "Review in the background",
              prompt: "Review src/a.ts.",
              subagent_type: "reviewer",
              run_in_background: true,
            },
          },
        ],
      },
      { content: "Launched the reviewer." },
      { content: "The reviewer found a typo." },
    ],
    agents: {
      reviewer: {
        latencyMs: 100,
        turns: [
          { content: [{ type: "tool_use", name: "Bash", input: { command: reviewerWaitsFor } }] },
          { content: "Reviewer: 'helo' should be 'hello'." },
        ],
      },
    },
  };
}

function env(server: Parameters<typeof anthropicEnv>[0]): Record<string, string> {
  return { ...anthropicEnv(server), KEEL_CONFIG_DIR: state };
}

/** The text of the last message of a recorded request. */
function lastMessage(request: RecordedRequest | undefined): string {
  const body = request?.body as { messages: Array<{ content: unknown }> } | undefined;
  return JSON.stringify(body?.messages.at(-1)?.content);
}

/** Every task of the run, as its meta.json says. */
async function tasks(): Promise<Array<{ kind: string; status: string }>> {
  const root = join(state, "tasks");
  const ids = await readdir(root);
  return Promise.all(
    ids.map(async (id) => JSON.parse(await readFile(join(root, id, "meta.json"), "utf8"))),
  );
}

const ARGS = ["review src/a.ts in the background", "--allowedTools", "Bash"];

describe("keel -p waits for its background agents", () => {
  it("runs each agent's end as a turn of its own and prints both answers (text)", async () => {
    const server = await scriptedServer(scenario(AFTER_MAIN_ANSWER));
    const run = await runKeel(["-p", ...ARGS], { cwd: dir, env: env(server) });
    expect(server.violations).toEqual([]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("Launched the reviewer.\nThe reviewer found a typo.\n");
    const main = server.requests.filter((r) => r.agent === "main");
    expect(main.map((r) => r.turn)).toEqual([1, 2, 3]);
    const notice = lastMessage(main[2]);
    expect(notice).toContain("<task-notification>");
    expect(notice).toContain("<status>completed</status>");
    expect(notice).toContain("Reviewer: 'helo' should be 'hello'.");
    expect(lastMessage(main[1])).not.toContain("<task-notification>");
    expect(await tasks()).toMatchObject([{ kind: "local_agent", status: "completed" }]);
  });

  it("prints every turn's messages with a result line each (stream-json), the last one deciding the exit code", async () => {
    const server = await scriptedServer(scenario(AFTER_MAIN_ANSWER));
    const run = await runKeel(["-p", ...ARGS, "--output-format", "stream-json", "--verbose"], {
      cwd: dir,
      env: env(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    const lines = jsonLines(run.stdout);
    const results = lines.filter((m) => m.type === "result");
    expect(results.map((r) => r.type === "result" && r.result)).toEqual([
      "Launched the reviewer.",
      "The reviewer found a typo.",
    ]);
    const inits = lines.filter((m) => m.type === "system" && m.subtype === "init");
    expect(inits).toHaveLength(2);
    // The second turn starts after the first one's result.
    expect(lines.indexOf(inits[1]!)).toBeGreaterThan(lines.indexOf(results[0]!));
  });

  it("prints one json object, the last result", async () => {
    const server = await scriptedServer(scenario(AFTER_MAIN_ANSWER));
    const run = await runKeel(["-p", ...ARGS, "--output-format", "json"], {
      cwd: dir,
      env: env(server),
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      type: "result",
      is_error: false,
      result: "The reviewer found a typo.",
    });
  });

  it("runs the agent's end as an ordinary turn with its own result in stream-json input mode", async () => {
    const server = await scriptedServer(scenario(AFTER_MAIN_ANSWER));
    const prompt = { type: "user", message: { role: "user", content: ARGS[0] } };
    const run = await runKeel(
      [
        "--input-format",
        "stream-json",
        "--output-format",
        "stream-json",
        "--verbose",
        ...ARGS.slice(1),
      ],
      { cwd: dir, env: env(server), stdin: `${JSON.stringify(prompt)}\n` },
    );
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(0);
    const results = jsonLines(run.stdout).filter((m) => m.type === "result");
    expect(results.map((r) => r.type === "result" && r.result)).toEqual([
      "Launched the reviewer.",
      "The reviewer found a typo.",
    ]);
    expect(lastMessage(server.requests.filter((r) => r.agent === "main")[2])).toContain(
      "<task-notification>",
    );
  });

  it("ends promptly on SIGTERM while it waits, killing the agent (exit 143)", async () => {
    const never =
      "i=0; until [ -e never-there ] || [ $i -ge 1500 ]; do sleep 0.02; i=$((i+1)); done";
    const server = await scriptedServer(scenario(never));
    let signalled = false;
    const run = await runKeel(["-p", ...ARGS], {
      cwd: dir,
      env: env(server),
      onStdout: (chunk, child) => {
        if (!signalled && chunk.includes("Launched the reviewer.")) {
          signalled = true;
          child.kill("SIGTERM");
        }
      },
    });
    expect(server.violations).toEqual([]);
    expect(run.code).toBe(143);
    expect(run.stdout).toBe("Launched the reviewer.\n");
    expect(server.requests.filter((r) => r.agent === "main")).toHaveLength(2);
    expect(await tasks()).toMatchObject([{ kind: "local_agent", status: "killed" }]);
  });
});
