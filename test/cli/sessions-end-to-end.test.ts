import { existsSync } from "node:fs";
import { appendFile, mkdtemp, readdir, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import { INTERRUPTED_TOOL_TEXT } from "../../src/session/transcript/index.js";
import { jsonLines, only, type RunKeelOptions, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
let stateDir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-sessions-")));
  stateDir = await mkdtemp(join(tmpdir(), "keel-state-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

type Server = Awaited<ReturnType<typeof scriptedServer>>;

function keel(server: Server, args: string[], onStdout?: RunKeelOptions["onStdout"]) {
  return runKeel(["--output-format", "stream-json", "--verbose", ...args], {
    cwd: dir,
    env: { ...anthropicEnv(server), KEEL_CONFIG_DIR: stateDir },
    ...(onStdout ? { onStdout } : {}),
  });
}

function transcriptPath(sessionId: string): string {
  return join(stateDir, "projects", sanitizeCwd(dir), `${sessionId}.jsonl`);
}

function sessionIdOf(stdout: string): string {
  return only(jsonLines(stdout), "system").session_id;
}

function lastRequestText(server: Server): string {
  return JSON.stringify(server.requests.at(-1)?.body);
}

describe("sessions persist, resume and fork (validator on)", () => {
  it("writes a transcript and continues it with --continue and --resume under the same id", async () => {
    const server = await scriptedServer({
      turns: [
        { content: "The answer is 42." },
        { content: "You asked for the answer." },
        { content: "Third." },
      ],
    });
    const first = await keel(server, ["-p", "what is the answer?"]);
    expect(first.code).toBe(0);
    const id = sessionIdOf(first.stdout);
    expect(existsSync(transcriptPath(id))).toBe(true);

    const second = await keel(server, ["-p", "what did I ask?", "--continue"]);
    expect(second.code).toBe(0);
    expect(sessionIdOf(second.stdout)).toBe(id);
    expect(lastRequestText(server)).toContain("what is the answer?");
    expect(lastRequestText(server)).toContain("The answer is 42.");

    const third = await keel(server, ["-p", "and now?", "--resume", id]);
    expect(sessionIdOf(third.stdout)).toBe(id);
    expect(lastRequestText(server)).toContain("what did I ask?");
    expect(server.violations).toEqual([]);
  });

  it("resumes a session whose process was SIGKILLed mid-tool: nothing lost, pairing repaired", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "text", text: "Running it." },
            { type: "tool_use", name: "Bash", input: { command: "sleep 2", description: "wait" } },
          ],
        },
        { content: "Picked up where we left off." },
      ],
    });
    let killed = false;
    const first = await keel(
      server,
      ["-p", "run the slow thing", "--permission-mode", "bypassPermissions"],
      (chunk, child) => {
        if (!killed && chunk.includes('"tool_use"')) {
          killed = true;
          child.kill("SIGKILL");
        }
      },
    );
    expect(first.signal).toBe("SIGKILL");
    const id = sessionIdOf(first.stdout);

    const resumed = await keel(server, ["-p", "go on", "--resume", id]);
    expect(resumed.code).toBe(0);
    expect(only(jsonLines(resumed.stdout), "result").result).toBe("Picked up where we left off.");
    const request = lastRequestText(server);
    expect(request).toContain("run the slow thing");
    expect(request).toContain(INTERRUPTED_TOOL_TEXT);
    expect(request.indexOf(INTERRUPTED_TOOL_TEXT)).toBeLessThan(request.indexOf("go on"));
    expect(server.violations).toEqual([]);
  });

  it("forks a session under a new id and leaves the original transcript as it was", async () => {
    const server = await scriptedServer({ turns: [{ content: "one" }, { content: "two" }] });
    const first = await keel(server, ["-p", "start"]);
    const id = sessionIdOf(first.stdout);
    const before = await readFile(transcriptPath(id), "utf8");

    const fork = await keel(server, ["-p", "branch off", "--resume", id, "--fork-session"]);
    const forkId = sessionIdOf(fork.stdout);
    expect(forkId).not.toBe(id);
    expect(await readFile(transcriptPath(id), "utf8")).toBe(before);
    const forked = await readFile(transcriptPath(forkId), "utf8");
    expect(forked).toContain("start");
    expect(forked).toContain("branch off");
    expect(lastRequestText(server)).toContain("one");
  });

  it("resumes at an earlier message with --resume-session-at, leaving later turns out", async () => {
    const server = await scriptedServer({
      turns: [
        { content: "first answer" },
        { content: "second answer" },
        { content: "branch answer" },
      ],
    });
    const first = await keel(server, ["-p", "first question"]);
    const id = sessionIdOf(first.stdout);
    const answer = only(jsonLines(first.stdout), "assistant");
    await keel(server, ["-p", "second question", "--resume", id]);

    const branch = await keel(server, [
      "-p",
      "another direction",
      "--resume",
      id,
      "--resume-session-at",
      answer.uuid,
    ]);
    expect(branch.code).toBe(0);
    const request = lastRequestText(server);
    expect(request).toContain("first answer");
    expect(request).not.toContain("second question");
    expect(server.violations).toEqual([]);
  });

  it("drops a turn and what followed with --resume-drops-turn", async () => {
    const server = await scriptedServer({
      turns: [{ content: "first answer" }, { content: "second answer" }, { content: "redo" }],
    });
    const id = sessionIdOf((await keel(server, ["-p", "first question"])).stdout);
    await keel(server, ["-p", "second question", "--resume", id]);
    const lines = (await readFile(transcriptPath(id), "utf8")).trim().split("\n");
    const second = lines
      .map(
        (line) =>
          JSON.parse(line) as { type: string; uuid: string; message?: { content: unknown } },
      )
      .find((line) => line.type === "user" && line.message?.content === "second question");

    const redo = await keel(server, [
      "-p",
      "ask it differently",
      "--resume",
      id,
      "--resume-drops-turn",
      second!.uuid,
    ]);
    expect(redo.code).toBe(0);
    const request = lastRequestText(server);
    expect(request).toContain("first answer");
    expect(request).not.toContain("second question");
    expect(request).not.toContain("second answer");
    expect(server.violations).toEqual([]);
  });

  it("skips a corrupt transcript line with a warning and goes on", async () => {
    const server = await scriptedServer({ turns: [{ content: "one" }, { content: "two" }] });
    const id = sessionIdOf((await keel(server, ["-p", "start"])).stdout);
    await appendFile(transcriptPath(id), '{"type":"user","uuid":"broken\n');

    const resumed = await keel(server, ["-p", "again", "--resume", id]);
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/\.jsonl:\d+/);
    expect(lastRequestText(server)).toContain("start");
  });

  it("writes nothing with --no-session-persistence", async () => {
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await keel(server, ["-p", "hi", "--no-session-persistence"]);
    expect(run.code).toBe(0);
    expect(existsSync(join(stateDir, "projects"))).toBe(false);
  });

  it("refuses to resume a session that does not exist, naming it", async () => {
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const missing = "0b6d0e38-1d5e-4b37-9a49-3f6f1c8a2b11";
    const run = await keel(server, ["-p", "hi", "--resume", missing]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`no session ${missing}`);
    expect(server.requests).toHaveLength(0);
  });

  it("keel trace prints the transitions a session took", async () => {
    const server = await scriptedServer({
      turns: [
        { content: [{ type: "tool_use", name: "Glob", input: { pattern: "*" } }] },
        { content: "done" },
      ],
    });
    const id = sessionIdOf((await keel(server, ["-p", "look around"])).stdout);
    const trace = await runKeel(["trace", id], { cwd: dir, env: { KEEL_CONFIG_DIR: stateDir } });
    expect(trace.code).toBe(0);
    expect(trace.stdout.split("\n")).toEqual([
      "> look around",
      "turn 1  continue next_turn",
      "turn 2  terminal completed",
      "",
    ]);
    expect(await readdir(join(stateDir, "projects"))).toHaveLength(1);
  });
});
