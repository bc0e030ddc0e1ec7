import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ScriptedServer } from "../../src/model/scripted/server.js";
import { jsonLines, KEEL_NODE_ARGS, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const SCRIPT = `export const meta = { name: "review", description: "Reviews three files", phases: [{ title: "Review" }] };
phase("Review");
const schema = {
  type: "object",
  properties: { file: { type: "string" }, verdict: { type: "string" } },
  required: ["file", "verdict"],
};
const results = await parallel(args.files.map((file) => () => agent("Review " + file, { label: file, schema })));
log("reviewed", results.length);
return results;`;

const ARGS = { files: ["a", "b", "c"] };

/** An agent's script: one StructuredOutput call with its verdict, then a last word. */
function reviewer(file: string, faults: unknown[] = []) {
  return {
    turns: [
      {
        content: [
          {
            type: "tool_use",
            name: "StructuredOutput",
            input: { file, verdict: `${file} is fine` },
          },
        ],
        faults,
      },
      { content: "Reported." },
    ],
  };
}

/** How many requests each agent of the workflow sent. */
function requestsPerAgent(server: ScriptedServer): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const request of server.requests) {
    const agent = String(request.headers["x-keel-agent"] ?? "");
    if (agent.startsWith("workflow:")) counts[agent] = (counts[agent] ?? 0) + 1;
  }
  return counts;
}

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The journal of the session's only run, once it exists. */
function journalLines(stateDir: string, sessionId: string): Array<Record<string, unknown>> {
  const projects = join(stateDir, "projects");
  for (const project of readdirSync(projects, { withFileTypes: true })) {
    const runs = join(projects, project.name, sessionId, "workflows");
    for (const run of readdirSync(runs, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      const text = readFileSync(join(runs, run.name, "journal.jsonl"), "utf8");
      return text
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    }
  }
  return [];
}

/** Polls until `check` holds (generous: the machine may be loaded). */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if (check()) return;
    } catch {
      // Not there yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("Workflow through keel -p", () => {
  it("runs parallel agents with a schema; killed halfway and resumed, only the unfinished agent runs again", async () => {
    const home = mkdtempSync(join(tmpdir(), "keel-workflow-"));
    scratch.push(home);
    const stateDir = join(home, ".keel");
    const sessionId = randomUUID();
    const env = { HOME: home, KEEL_CONFIG_DIR: stateDir, KEEL_RETRY_BASE_MS: "1" };
    const flags = ["--output-format", "stream-json", "--verbose", "--allowedTools", "Workflow"];

    // Run 1: c's first request stalls, so the run is killed with a and b finished.
    const first = await scriptedServer({
      turns: [
        {
          content: [{ type: "tool_use", name: "Workflow", input: { script: SCRIPT, args: ARGS } }],
        },
        { content: "The review runs in the background." },
      ],
      agents: {
        "workflow:a": reviewer("a"),
        "workflow:b": reviewer("b"),
        "workflow:c": reviewer("c", [{ type: "stall", ms: 600_000 }]),
      },
    });
    const child = spawn(
      process.execPath,
      [...KEEL_NODE_ARGS, "-p", "review the files", "--session-id", sessionId, ...flags],
      { cwd: home, env: { PATH: process.env.PATH ?? "", ...env, ...anthropicEnv(first) } },
    );
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const exited = new Promise((resolve) => child.once("close", resolve));
    await until(
      () =>
        stdout.includes("The review runs in the background.") &&
        journalLines(stateDir, sessionId).filter((e) => e.status === "done").length === 2 &&
        requestsPerAgent(first)["workflow:c"] === 1,
      "a and b to finish while c stalls",
    );
    child.kill("SIGKILL");
    await exited;
    expect(requestsPerAgent(first)).toEqual({ "workflow:a": 2, "workflow:b": 2, "workflow:c": 1 });
    const launched = JSON.stringify(jsonLines(stdout));
    const runId = /Run id: (wr-[0-9a-z]{10})/.exec(launched)?.[1];
    const scriptPath = /Script saved at ([^\s:]+script\.js)/.exec(launched)?.[1];
    expect(runId).toBeDefined();
    expect(scriptPath).toBeDefined();

    // Run 2: the same session resumes the run from its saved script; only c runs.
    const second = await scriptedServer({
      turns: [
        { content: "unused: turn 1 was run 1's" },
        { content: "unused: turn 2 was run 1's" },
        {
          content: [
            {
              type: "tool_use",
              name: "Workflow",
              input: { scriptPath, args: ARGS, resumeFromRunId: runId },
            },
          ],
        },
        { content: "Resumed." },
        { content: "All three files are reviewed." },
      ],
      agents: {
        "workflow:a": reviewer("a"),
        "workflow:b": reviewer("b"),
        "workflow:c": reviewer("c"),
      },
    });
    const resumed = await runKeel(["-p", "resume the review", "--resume", sessionId, ...flags], {
      cwd: home,
      env: { ...env, ...anthropicEnv(second) },
    });
    expect(resumed.stderr).not.toMatch(/error/i);
    expect(resumed.code).toBe(0);
    expect(requestsPerAgent(second)).toEqual({ "workflow:c": 2 });
    expect(second.violations).toEqual([]);
    // The notification turn carries the workflow's whole result: two replayed, one live.
    const lastRequest = JSON.stringify(second.requests.at(-1)?.body);
    for (const file of ["a", "b", "c"]) {
      expect(lastRequest).toContain(`\\"verdict\\": \\"${file} is fine\\"`);
    }
    const results = jsonLines(resumed.stdout).filter((line) => line.type === "result");
    expect(results.at(-1)).toMatchObject({ result: "All three files are reviewed." });
  }, 120_000);

  it("needs a permission rule in print mode like any tool: without one the call is denied and nothing runs", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [{ type: "tool_use", name: "Workflow", input: { script: SCRIPT, args: ARGS } }],
        },
        { content: "It was not allowed." },
      ],
      agents: { "workflow:a": reviewer("a") },
    });
    const run = await runKeel(["-p", "review", "--output-format", "stream-json", "--verbose"], {
      env: anthropicEnv(server),
    });
    expect(run.code).toBe(0);
    expect(requestsPerAgent(server)).toEqual({});
    const denial = JSON.stringify(server.requests.at(-1)?.body);
    expect(denial).toContain("Workflow");
    expect(denial).toMatch(/allowedTools|permission/i);
    expect(jsonLines(run.stdout).at(-1)).toMatchObject({
      type: "result",
      result: "It was not allowed.",
    });
  }, 60_000);

  it("runs a saved workflow as /<name>; keel -p waits for it, and keel ps lists it as local_workflow", async () => {
    const home = mkdtempSync(join(tmpdir(), "keel-workflow-"));
    scratch.push(home);
    const project = join(home, "project");
    mkdirSync(join(project, ".claude", "workflows"), { recursive: true });
    writeFileSync(
      join(project, ".claude", "workflows", "triage.js"),
      `export const meta = { name: "triage", description: "Triages the input" };
phase("Triage");
const verdict = await agent("Triage: " + args.input, { label: "triage" });
return { verdict };`,
    );
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              name: "Workflow",
              input: { name: "triage", args: { input: "the login bug" } },
            },
          ],
        },
        { content: "Launched." },
        { content: "Triage finished: urgent." },
      ],
      agents: {
        // Workflow agents run in acceptEdits: a write inside the project needs no rule.
        "workflow:triage": {
          turns: [
            {
              content: [
                {
                  type: "tool_use",
                  name: "Write",
                  input: { file_path: join(project, "TRIAGE.md"), content: "urgent\n" },
                },
              ],
            },
            { content: "urgent" },
          ],
        },
      },
    });
    const env = { HOME: home, KEEL_CONFIG_DIR: join(home, ".keel"), ...anthropicEnv(server) };
    const run = await runKeel(["-p", "/triage the login bug", "--allowedTools", "Workflow"], {
      cwd: project,
      env,
    });
    expect(run.code).toBe(0);
    // The run's end started a turn of its own, printed after the first turn's result.
    expect(run.stdout.trim()).toBe("Launched.\nTriage finished: urgent.");
    const first = JSON.stringify(server.requests[0]?.body);
    expect(first).toContain('Run the saved workflow \\"triage\\" now');
    expect(first).toContain("the login bug");
    expect(requestsPerAgent(server)).toEqual({ "workflow:triage": 2 });
    expect(readFileSync(join(project, "TRIAGE.md"), "utf8")).toBe("urgent\n");
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain('\\"verdict\\": \\"urgent\\"');
    const ps = await runKeel(["ps"], { cwd: project, env });
    expect(ps.stdout).toMatch(/w[0-9a-z]{8}\s+local_workflow\s+completed\s+.*Triages the input/);
    expect(server.violations).toEqual([]);
  }, 60_000);
});
