import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { folderAdder } from "../../src/cli/add-directory.js";
import { createSessionHooks } from "../../src/cli/session-hooks.js";
import { parseHooksConfig } from "../../src/hooks/index.js";
import { makeToolUseContext } from "../helpers/tool-context.js";
import { engineFor, TOOLS, useMachine } from "../policy/fixture.js";
import { expectHookInput, readJsonLines, writeRecordingHook } from "./hook-project.js";

const machine = useMachine();

/** A session's DirectoryAdded hooks (matcher slash_command) recording to a log, and the deps. */
async function setUp(name: string) {
  const m = machine();
  const log = join(m.base, `${name}.jsonl`);
  const script = await writeRecordingHook(m.base, { file: log, append: true, name: `${name}.sh` });
  const hooks = createSessionHooks({
    config: parseHooksConfig(
      {
        DirectoryAdded: [
          { matcher: "slash_command", hooks: [{ type: "command", command: script }] },
        ],
      },
      { file: "test settings" },
    ).hooks,
    sessionId: "s-1",
    transcriptPath: join(m.stateDir, "s-1.jsonl"),
    cwd: m.project,
    env: { PATH: process.env.PATH },
    permissionMode: () => "default",
    report: () => {},
  });
  const permissions = engineFor(m, {});
  const deps = {
    cwd: m.project,
    home: m.home,
    permissions,
    startFolders: [...permissions.workingFolders],
    directoryAdded: hooks.directoryAdded,
  };
  return { m, log, permissions, deps, addDirectory: folderAdder(deps) };
}

const readOf = (path: string) => [TOOLS.Read!, { file_path: path }] as const;

describe("adding a working folder mid-session (/add-dir, register_repo_root)", () => {
  it("/add-dir: the folder becomes a working folder and DirectoryAdded hooks get its absolute path", async () => {
    const { m, log, permissions, addDirectory } = await setUp("slash");
    const context = makeToolUseContext({ cwd: m.project, mode: "default" });
    const file = join(m.outside, "file.txt");
    expect((await permissions.decide(...readOf(file), context)).behavior).toBe("ask");
    const outcome = await addDirectory("../outside", "slash_command");
    expect(outcome).toEqual({ kind: "added", directory: m.outside });
    expect((await permissions.decide(...readOf(file), context)).behavior).toBe("allow");
    const [input, ...rest] = await readJsonLines(log);
    expect(rest).toEqual([]);
    expectHookInput(input!, {
      event: "DirectoryAdded",
      sessionId: "s-1",
      cwd: m.project,
      mode: "default",
      fields: ["directory", "source"],
    });
    expect(input).toMatchObject({ directory: m.outside, source: "slash_command" });
  });

  it("refuses a missing path, a file and a folder added already, running no hook", async () => {
    const { m, log, addDirectory } = await setUp("refused");
    await writeFile(join(m.base, "plain-file"), "x");
    expect(await addDirectory("/no/such/folder", "slash_command")).toEqual({
      kind: "refused",
      reason: "/no/such/folder does not exist",
    });
    expect(await addDirectory(join(m.base, "plain-file"), "slash_command")).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("is not a folder"),
    });
    expect(await addDirectory(".", "slash_command")).toEqual({
      kind: "refused",
      reason: `${m.project} is already a working folder`,
    });
    await expect(readJsonLines(log)).rejects.toThrow(/ENOENT/);
  });

  it("register_repo_root takes only a strict subfolder of a starting folder; its source does not match slash_command", async () => {
    const { m, log, permissions, addDirectory } = await setUp("repo-root");
    expect(await addDirectory(m.outside, "register_repo_root")).toMatchObject({
      kind: "refused",
      reason: expect.stringContaining("is not inside a working folder"),
    });
    const sub = join(m.project, "src");
    expect(await addDirectory(sub, "register_repo_root")).toEqual({
      kind: "added",
      directory: sub,
    });
    expect(permissions.workingFolders).toContain(sub);
    await expect(readJsonLines(log)).rejects.toThrow(/ENOENT/);
  });

  it("of two requests for one folder sent together, the first wins and the hooks run once", async () => {
    const { m, log, addDirectory } = await setUp("race");
    // Both resolve their paths at once; the order they were asked in decides, not which resolves first.
    const sub = join(m.project, "src");
    const outcomes = await Promise.all([
      addDirectory(join(m.project, "src", ".", "..", "src"), "slash_command"),
      addDirectory(sub, "slash_command"),
    ]);
    expect(outcomes).toEqual([
      { kind: "added", directory: sub },
      { kind: "refused", reason: `${sub} is already a working folder` },
    ]);
    expect((await readJsonLines(log)).map((input) => input.directory)).toEqual([sub]);
  });
});
