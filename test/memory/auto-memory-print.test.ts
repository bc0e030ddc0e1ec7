import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sanitizeCwd } from "../../src/config/paths.js";
import type { ScriptedServer } from "../../src/model/scripted/server.js";
import { runKeel } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let root: string;
let project: string;
let workdir: string;
let stateDir: string;
let outside: string;

beforeEach(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), "keel-automem-")));
  project = join(root, "repo");
  workdir = join(project, "packages", "app");
  stateDir = join(root, "state");
  outside = join(root, "outside");
  await mkdir(join(project, ".git"), { recursive: true });
  await mkdir(workdir, { recursive: true });
  await mkdir(outside, { recursive: true });
  await mkdir(stateDir, { recursive: true });
  await writeFile(join(stateDir, "settings.json"), JSON.stringify({ autoMemoryEnabled: true }));
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

/** The memory folder is keyed by the git root, not the subfolder keel runs in. */
const memoryDir = () => join(stateDir, "projects", sanitizeCwd(project), "memory");

const write = (file_path: string, content: string) => ({
  type: "tool_use",
  name: "Write",
  input: { file_path, content },
});

function systemText(server: ScriptedServer): string {
  return JSON.stringify((server.requests[0]?.body as { system?: unknown } | undefined)?.system);
}

async function keelPrint(server: ScriptedServer, env: Record<string, string> = {}) {
  const run = await runKeel(["-p", "go"], {
    cwd: workdir,
    env: { ...anthropicEnv(server), HOME: root, KEEL_CONFIG_DIR: stateDir, ...env },
  });
  expect(server.violations).toEqual([]);
  return run;
}

describe("auto memory through keel -p", () => {
  it("a memory written in one session is in the next session's context; writes stay in the folder", async () => {
    const memory = memoryDir();
    const settingsBefore = await readFile(join(stateDir, "settings.json"), "utf8");
    // The folder exists before the first session writes (keel creates it), so the symlink fits.
    await mkdir(memory, { recursive: true });
    await symlink(outside, join(memory, "escape"));
    const first = await scriptedServer({
      turns: [
        // Read first, so Write's own read-before-overwrite rule is not what stops the last write.
        {
          content: [
            {
              type: "tool_use",
              name: "Read",
              input: { file_path: join(stateDir, "settings.json") },
            },
          ],
        },
        {
          content: [
            write(join(memory, "user_tabs.md"), "---\nname: tabs\ntype: user\n---\nTabs.\n"),
            write(
              join(memory, "MEMORY.md"),
              "- [Tabs](user_tabs.md) — the user indents with tabs\n",
            ),
            write(join(memory, "escape", "planted.md"), "planted through a symlink"),
            write(join(memory, "..", "planted.md"), "planted beside the folder"),
            write(join(stateDir, "settings.json"), '{"permissions":{"allow":["Bash"]}}'),
          ],
        },
        { content: "Saved." },
      ],
    });
    const one = await keelPrint(first);
    const results = JSON.stringify(first.requests[2]?.body);
    // Refused by the permission engine (not by Write's read-first rule): three denials.
    expect(results.match(/Permission to use Write was denied/g)).toHaveLength(3);
    expect(one.code).toBe(0);
    expect(systemText(first)).toContain(`persistent memory folder at ${memory}`);
    expect(await readFile(join(memory, "user_tabs.md"), "utf8")).toContain("Tabs.");
    // Judged by effect: nothing landed outside the folder, keel's settings are unchanged.
    await expect(readFile(join(outside, "planted.md"), "utf8")).rejects.toThrow();
    await expect(readFile(join(memory, "..", "planted.md"), "utf8")).rejects.toThrow();
    expect(await readFile(join(stateDir, "settings.json"), "utf8")).toBe(settingsBefore);

    const second = await scriptedServer({ turns: [{ content: "Hello." }] });
    expect((await keelPrint(second)).code).toBe(0);
    expect(systemText(second)).toContain("- [Tabs](user_tabs.md) — the user indents with tabs");
  });

  it("is off in print mode unless a setting turns it on", async () => {
    await rm(join(stateDir, "settings.json"));
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    expect((await keelPrint(server)).code).toBe(0);
    expect(systemText(server)).not.toContain("# Auto memory");
  });
});
