import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseMainOptions } from "../../src/cli/parse-command.js";
import { runSetupOnly } from "../../src/cli/setup-only.js";
import { trustFolder } from "../../src/config/trust/trust-store.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";
import {
  expectHookInput,
  readJsonLines,
  useHookProject,
  writeRecordingHook,
} from "./hook-project.js";

const project = useHookProject("keel-hook-setup-");
const log = () => join(project.dir, "events.jsonl");

/**
 * Setup hooks (one per trigger matcher, the init one giving context) and a SessionStart hook,
 * all appending their stdin to one log in firing order.
 */
async function writeHooks(): Promise<void> {
  const { dir } = project;
  const context = JSON.stringify({
    hookSpecificOutput: { hookEventName: "Setup", additionalContext: "SETUP-CONTEXT-7" },
  });
  const init = await writeRecordingHook(dir, {
    file: log(),
    append: true,
    name: "init.sh",
    after: `printf '%s' '${context}'`,
  });
  const maintenance = await writeRecordingHook(dir, {
    file: log(),
    append: true,
    name: "maintenance.sh",
    after: "echo 'maintenance failed' >&2; exit 2",
  });
  const record = await writeRecordingHook(dir, { file: log(), append: true });
  const hooks = {
    Setup: [
      { matcher: "init", hooks: [{ type: "command", command: init }] },
      { matcher: "maintenance", hooks: [{ type: "command", command: maintenance }] },
    ],
    SessionStart: [{ hooks: [{ type: "command", command: record }] }],
  };
  await writeFile(join(dir, ".claude", "settings.json"), JSON.stringify({ hooks }));
}

const keelEnv = (server: { url: string }) => ({
  ...anthropicEnv(server as Parameters<typeof anthropicEnv>[0]),
  KEEL_CONFIG_DIR: project.stateDir,
});

describe("Setup hooks (--init, --init-only, --maintenance)", () => {
  it("--init: Setup (trigger init) fires before SessionStart and its context reaches the model", async () => {
    await writeHooks();
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await runKeel(["-p", "--init", "hi"], { cwd: project.dir, env: keelEnv(server) });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [setup, start, ...rest] = await readJsonLines(log());
    expect(rest).toEqual([]);
    expectHookInput(setup!, {
      event: "Setup",
      cwd: project.dir,
      mode: "default",
      fields: ["trigger"],
    });
    expect(setup!.trigger).toBe("init");
    expect(start!.hook_event_name).toBe("SessionStart");
    expect(start!.session_id).toBe(setup!.session_id);
    expect(JSON.stringify(server.requests[0]?.body)).toContain("SETUP-CONTEXT-7");
    expect(server.violations).toEqual([]);
  });

  it("--maintenance: only the maintenance matcher runs; its exit 2 tells the user and the session goes on", async () => {
    await writeHooks();
    const server = await scriptedServer({ turns: [{ content: "ok" }] });
    const run = await runKeel(["-p", "--maintenance", "hi"], {
      cwd: project.dir,
      env: keelEnv(server),
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("ok");
    expect(run.stderr).toContain("Setup hook blocking error");
    expect(run.stderr).toContain("maintenance failed");
    const events = await readJsonLines(log());
    expect(events.map((e) => [e.hook_event_name, e.trigger])).toEqual([
      ["Setup", "maintenance"],
      ["SessionStart", undefined],
    ]);
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain("SETUP-CONTEXT-7");
  });

  it("--init-only -p: the Setup hooks run and keel exits with no session and no request", async () => {
    await writeHooks();
    const server = await scriptedServer({ turns: [{ content: "never" }] });
    const run = await runKeel(["-p", "--init-only"], { cwd: project.dir, env: keelEnv(server) });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    const events = await readJsonLines(log());
    expect(events.map((e) => [e.hook_event_name, e.trigger])).toEqual([["Setup", "init"]]);
    expect(server.requests).toHaveLength(0);
  });
});

/** runSetupOnly in process, without -p; what it wrote on stderr. */
async function setupOnlyInProcess(): Promise<string> {
  const options = await parseMainOptions(["--init-only"], {
    stdout: new PassThrough(),
    stderr: new PassThrough(),
  } as never);
  if (typeof options === "number") throw new Error("--init-only did not parse");
  const stderr = new PassThrough();
  let said = "";
  stderr.on("data", (chunk: Buffer) => {
    said += chunk.toString();
  });
  const io = {
    stdin: new PassThrough(),
    stdout: new PassThrough(),
    stderr,
    env: { HOME: project.stateDir, KEEL_CONFIG_DIR: project.stateDir, PATH: process.env.PATH },
    cwd: project.dir,
    signal: new AbortController().signal,
  };
  expect(await runSetupOnly(options, io)).toBe(0);
  return said;
}

describe("keel --init-only without -p and folder trust", () => {
  it("an untrusted folder's Setup hooks do not run, and keel says why", async () => {
    await writeHooks();
    const said = await setupOnlyInProcess();
    expect(said).toContain("This folder is not trusted");
    await expect(readJsonLines(log())).rejects.toThrow(/ENOENT/);
  });

  it("a trusted folder's Setup hooks run", async () => {
    await writeHooks();
    await trustFolder(project.stateDir, project.dir, new Date(0));
    expect(await setupOnlyInProcess()).toBe("");
    const events = await readJsonLines(log());
    expect(events.map((e) => e.trigger)).toEqual(["init"]);
  });

  it("two Setup flags together are a usage error", async () => {
    const stderr = new PassThrough();
    let said = "";
    stderr.on("data", (chunk: Buffer) => {
      said += chunk.toString();
    });
    const parsed = await parseMainOptions(["--init", "--maintenance"], {
      stdout: new PassThrough(),
      stderr,
    } as never).catch((error: Error) => error.message);
    expect(`${String(parsed)}${said}`).toContain("cannot be combined");
  });
});
