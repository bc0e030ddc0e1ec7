import { mkdtemp, readFile, realpath, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonLines, runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;
beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-init-command-")));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const WRITE = {
  type: "tool_use",
  name: "Write",
  input: { file_path: "CLAUDE.md", content: "# CLAUDE.md\n\nRun `npm test`.\n" },
};

describe("/init in keel -p", () => {
  it("runs keel's init prompt as an ordinary turn: its Write goes through the permissions", async () => {
    const server = await scriptedServer({
      turnMode: "count",
      turns: [
        { content: [WRITE] },
        { content: "I could not write CLAUDE.md." },
        { content: [WRITE] },
        { content: "Wrote CLAUDE.md." },
      ],
    });
    const env = { ...anthropicEnv(server), HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel") };
    const keel = (args: string[]) =>
      runKeel(["-p", "/init", "--output-format", "json", ...args], { cwd: dir, env });

    const denied = await keel([]);
    expect(denied.code).toBe(0);
    const refused = jsonLines(denied.stdout).at(-1);
    expect(
      refused?.type === "result" && refused.permission_denials.map((d) => d.tool_name),
    ).toEqual(["Write"]);
    await expect(readFile(join(dir, "CLAUDE.md"), "utf8")).rejects.toThrow(/ENOENT/);

    const allowed = await keel(["--permission-mode", "acceptEdits"]);
    expect(allowed.code).toBe(0);
    const done = jsonLines(allowed.stdout).at(-1);
    expect(done?.type === "result" && done.result).toBe("Wrote CLAUDE.md.");
    expect(await readFile(join(dir, "CLAUDE.md"), "utf8")).toBe("# CLAUDE.md\n\nRun `npm test`.\n");

    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain("write a CLAUDE.md file for it");
    expect(sent).not.toContain('"/init"');
    expect(server.violations).toEqual([]);
  });
});
