import { randomUUID } from "node:crypto";
import { mkdtemp, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-headless-builtins-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const SCENARIO = {
  turnMode: "count",
  turns: [{ content: "Parsers parse." }, { content: "Still with you." }],
  side: [
    {
      match: { requestKind: "compact" },
      content: "<analysis>short</analysis><summary>The user asked about parsers.</summary>",
    },
  ],
};

describe("the REPL's commands keel -p runs itself", () => {
  it("/compact compacts the resumed session with its instructions; /cost reports; /model is refused", async () => {
    const server = await scriptedServer(SCENARIO);
    const env = { ...anthropicEnv(server), HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel") };
    const id = randomUUID();
    const keel = (args: string[]) => runKeel(["-p", ...args], { cwd: dir, env });
    expect((await keel(["what do parsers do?", "--session-id", id])).stdout).toBe(
      "Parsers parse.\n",
    );

    const compacted = await keel([
      "--resume",
      id,
      "--output-format",
      "stream-json",
      "--verbose",
      "/compact keep the names",
    ]);
    expect(compacted.code).toBe(0);
    const lines = jsonLines(compacted.stdout) as unknown as Array<Record<string, unknown>>;
    expect(lines.map((l) => l.subtype ?? l.type)).toEqual(["init", "compact_boundary", "success"]);
    expect(lines.at(-1)?.result).toMatch(/^Compacted \(\d+ tokens before\)\.$/);
    const request = server.requests.find((r) => r.kind === "compact");
    expect(JSON.stringify(request?.body)).toContain("keep the names");

    const next = await keel(["--resume", id, "still there?"]);
    expect(next.stdout).toBe("Still with you.\n");
    const last = JSON.stringify(server.requests.at(-1)?.body);
    expect(last).toContain("The user asked about parsers.");
    expect(last).not.toContain("Parsers parse.");

    const cost = await keel(["--resume", id, "/cost"]);
    expect(cost.code).toBe(0);
    expect(cost.stdout).toMatch(/^Total cost: \$/);

    const model = await keel(["--resume", id, "/model opus"]);
    expect(model.code).toBe(1);
    expect(model.stderr).toContain(
      "/model is a command of the interactive REPL; keel -p runs /compact, /context, /cost and /init of them",
    );
    expect(server.violations).toEqual([]);
  });
});
