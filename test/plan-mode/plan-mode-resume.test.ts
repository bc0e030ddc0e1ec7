import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startingMode } from "../../src/cli/resumed-mode.js";
import { sanitizeCwd } from "../../src/config/paths.js";
import { createUserMessage } from "../../src/protocol/factories.js";
import {
  openTranscript,
  readTranscript,
  sessionTranscriptPath,
} from "../../src/session/transcript/index.js";
import {
  recordedPermissionMode,
  withPermissionModeRecords,
} from "../../src/session/transcript/permission-mode-record.js";
import type { PermissionMode } from "../../src/tools/context.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

// A session that was in plan mode is in plan mode again when resumed, with its plan file.
let root: string;
let project: string;
let stateDir: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-plan-resume-")));
  project = join(root, "project");
  stateDir = join(root, "state");
  await mkdir(project, { recursive: true });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const ids = { uuid: randomUUID, timestamp: () => new Date().toISOString() };
const strict = {
  onWarning: (warning: string) => {
    throw new Error(warning);
  },
};

describe("plan mode across resume", () => {
  it("the transcript records each mode its messages ran in, and the last one is read back", async () => {
    const path = sessionTranscriptPath(stateDir, project, "s1");
    const writer = openTranscript({
      path,
      sessionId: "s1",
      cwd: project,
      version: "t",
      onError: (e) => {
        throw e;
      },
    });
    let mode: PermissionMode = "default";
    const sink = withPermissionModeRecords(writer, () => mode, "s1");
    sink.append(createUserMessage("one", ids));
    sink.append(createUserMessage("two", ids));
    mode = "plan";
    sink.append(createUserMessage("three", ids));
    writer.close();
    const entries = await readTranscript(path, strict);
    const records = entries.flatMap((e) => (e.kind === "record" ? [e.record] : []));
    expect(records).toEqual([
      { type: "permission-mode", permissionMode: "default", sessionId: "s1" },
      { type: "permission-mode", permissionMode: "plan", sessionId: "s1" },
    ]);
    expect(recordedPermissionMode(entries)).toBe("plan");
    // Continuing a transcript that says plan: nothing is repeated while the mode stays.
    const again = openTranscript({
      path,
      sessionId: "s1",
      cwd: project,
      version: "t",
      onError: (e) => {
        throw e;
      },
    });
    withPermissionModeRecords(again, () => "plan", "s1", "plan").append(
      createUserMessage("four", ids),
    );
    again.close();
    expect((await readTranscript(path, strict)).filter((e) => e.kind === "record")).toHaveLength(2);
  });

  it("only plan mode comes back, and --permission-mode wins over it", () => {
    expect(startingMode("default", { flagGiven: false, recorded: "plan" })).toBe("plan");
    expect(startingMode("acceptEdits", { flagGiven: true, recorded: "plan" })).toBe("acceptEdits");
    expect(startingMode("default", { flagGiven: false, recorded: "bypassPermissions" })).toBe(
      "default",
    );
    expect(startingMode("default", { flagGiven: false, recorded: "acceptEdits" })).toBe("default");
    expect(startingMode("default", { flagGiven: false })).toBe("default");
  });

  it("keel -p --resume of a plan-mode session is in plan mode again, with its plan file", async () => {
    const id = randomUUID();
    const plan = join(stateDir, "projects", sanitizeCwd(project), id, "plans", "plan.md");
    const target = join(project, "done.txt");
    const write = (id: string, file_path: string, content: string) => ({
      content: [{ type: "tool_use", id, name: "Write", input: { file_path, content } }],
    });
    const env = (server: Awaited<ReturnType<typeof scriptedServer>>) => ({
      ...anthropicEnv(server),
      HOME: root,
      KEEL_CONFIG_DIR: stateDir,
    });
    const first = await scriptedServer({
      turns: [write("toolu_plan", plan, "1. write done.txt"), { content: "Planned." }],
    });
    const planned = await runKeel(
      ["-p", "plan it", "--permission-mode", "plan", "--session-id", id],
      { cwd: project, env: env(first) },
    );
    expect(planned.stdout.trim()).toBe("Planned.");
    // Resumed without a mode: still planning, so the write is refused, and the reminder names
    // the plan file the first run wrote.
    const second = await scriptedServer({
      turnMode: "count",
      turns: [write("toolu_resumed", target, "done"), { content: "Still planning." }],
    });
    const resumed = await runKeel(["-p", "go on", "--resume", id], {
      cwd: project,
      env: env(second),
    });
    expect(resumed.stdout.trim()).toBe("Still planning.");
    expect(existsSync(target)).toBe(false);
    expect(second.violations).toEqual([]);
    const sent = JSON.stringify(second.requests[1]?.body);
    expect(sent).toContain("plan mode");
    expect(sent).toContain(`A plan file exists at ${plan}`);
    expect(await readFile(plan, "utf8")).toBe("1. write done.txt");
  });
});
