import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { runScriptedServerCommand } from "../../../src/cli/scripted-server-command.js";
import { body, fixture } from "./helpers.js";

/** A stream that keeps what is written to it. */
function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    text += chunk.toString();
  });
  return { stream, text: () => text };
}

const temporary: string[] = [];

afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "keel-scripted-"));
  temporary.push(dir);
  return dir;
}

describe("keel scripted-server command", () => {
  it("prints the listening line first, writes the port file, and serves until stopped", async () => {
    const out = sink();
    const err = sink();
    const portFile = path.join(await tempDir(), "port");
    const run = await runScriptedServerCommand(
      { scenarioPath: fixture("two-turns.json"), portFile },
      { stdout: out.stream, stderr: err.stream },
    );
    expect(run.exitCode).toBe(0);
    const port = run.server!.port;
    expect(out.text().split("\n")[0]).toBe(`listening on http://127.0.0.1:${port}`);
    expect(await readFile(portFile, "utf8")).toBe(`${port}\n`);
    const response = await fetch(`http://127.0.0.1:${port}/v1/messages`, {
      method: "POST",
      body: JSON.stringify(body()),
    });
    expect(((await response.json()) as { content: unknown[] }).content).toEqual([
      { type: "text", text: "First answer." },
    ]);
    await run.stop();
    expect(await run.closed).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port}/_keel/state`)).rejects.toThrow();
  });

  it("reports invalid requests on stderr as they arrive", async () => {
    const out = sink();
    const err = sink();
    const run = await runScriptedServerCommand(
      { scenarioPath: fixture("two-turns.json") },
      { stdout: out.stream, stderr: err.stream },
    );
    await fetch(`${run.server!.url}/v1/messages`, {
      method: "POST",
      body: JSON.stringify(body({ max_tokens: 0 })),
    });
    await run.stop();
    expect(err.text()).toContain(
      "scripted-server: request 0 is invalid: max_tokens: Input should be greater than or equal to 1",
    );
  });

  it("stops when the given signal aborts", async () => {
    const controller = new AbortController();
    const run = await runScriptedServerCommand(
      { scenarioPath: fixture("two-turns.json") },
      { stdout: sink().stream, stderr: sink().stream, signal: controller.signal },
    );
    controller.abort();
    expect(await run.closed).toBe(0);
  });

  it("exits 1 with the scenario's problem on stderr when the scenario is bad", async () => {
    const out = sink();
    const err = sink();
    const file = fixture("malformed.json");
    const run = await runScriptedServerCommand(
      { scenarioPath: file },
      { stdout: out.stream, stderr: err.stream },
    );
    expect(run.exitCode).toBe(1);
    expect(await run.closed).toBe(1);
    expect(out.text()).toBe("");
    expect(err.text()).toBe(
      `keel scripted-server: ${file}: turns[2].content[0].input: expected object, received string\n`,
    );
  });

  it("runs as a child process that prints the listening line first and exits 143 on SIGTERM", async () => {
    const script = fixture("run-scripted-server.ts");
    const child = spawn(process.execPath, ["--import", "tsx", script, fixture("two-turns.json")], {
      cwd: path.resolve(path.dirname(script), "../../.."),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code) => resolve(code)),
    );
    const firstLine = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString();
        if (text.includes("\n")) resolve(text.split("\n")[0]!);
      });
      child.on("exit", () => reject(new Error(`exited before listening: ${text}`)));
    });
    expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = firstLine.slice("listening on ".length);
    const state = await (await fetch(`${url}/_keel/state`)).json();
    expect(state).toEqual({ requests: 0, violations: [] });
    child.kill("SIGTERM");
    expect(await exited).toBe(143);
  });
});
