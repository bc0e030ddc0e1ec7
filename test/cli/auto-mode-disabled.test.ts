import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-auto-disabled-"));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("disableAutoMode", () => {
  it("keel -p --permission-mode auto runs in default, saying why once", async () => {
    const server = await scriptedServer({
      turns: [
        {
          content: [
            { type: "tool_use", name: "Write", input: { file_path: "x.txt", content: "x" } },
          ],
        },
        { content: "Done." },
      ],
    });
    const run = await runKeel(
      [
        "-p",
        "write x",
        "--permission-mode",
        "auto",
        "--settings",
        JSON.stringify({ disableAutoMode: "disable" }),
        "--output-format",
        "stream-json",
        "--verbose",
      ],
      { cwd: dir, env: anthropicEnv(server) },
    );
    expect(server.violations).toEqual([]);
    const init = run.stdout.split("\n").find((line) => line.includes('"subtype":"init"'));
    expect(JSON.parse(init ?? "{}").permissionMode).toBe("default");
    expect(run.stderr.match(/auto mode is disabled by disableAutoMode/g)).toHaveLength(1);
    // Default mode in print mode: the write is refused, no classifier is asked.
    expect(server.requests.map((r) => r.kind ?? "main")).toEqual(["main", "main"]);
    await expect(stat(join(dir, "x.txt"))).rejects.toThrow(/ENOENT/);
  });
});
