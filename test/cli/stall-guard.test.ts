import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KEEL_NODE_ARGS, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

const swallow = fileURLToPath(
  new URL("../fixtures/preloads/swallow-responses.cjs", import.meta.url),
);
const hello = { turns: [{ content: [{ type: "text", text: "Hello." }] }] };

describe("a run left with nothing to wait for", () => {
  it("exits 1 with an internal error, not 0 as if it had answered", async () => {
    const server = await scriptedServer(hello);
    const run = await runKeel(["-p", "hi"], {
      env: anthropicEnv(server),
      nodeArgs: ["--require", swallow, ...KEEL_NODE_ARGS],
    });
    expect(run.stderr).toContain("keel: internal error: the run stopped with its work unfinished");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(server.violations).toEqual([]);
  });
});
