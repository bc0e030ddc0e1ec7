import { mkdir, mkdtemp, realpath, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openRealRepl, type RealRepl, turn } from "./real-repl-session.js";
import { notices, pickerOpen, texts, until } from "./repl-harness.js";

// A command whose work fails in a real REPL session (real files on disk): the controller, which
// tracks the work, shows the failure as an error notice and the REPL goes on taking prompts.
let dir: string;
let project: string;
let repl: RealRepl | undefined;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-command-failure-")));
  project = join(dir, "project");
  await mkdir(join(project, ".claude"), { recursive: true });
});

afterEach(async () => {
  await repl?.close();
  repl = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function open(): Promise<RealRepl> {
  const folders = { cwd: project, home: dir, stateDir: join(dir, "state") };
  repl = await openRealRepl(folders, [{ content: "Still here." }]);
  return repl;
}

/** Waits for an error notice and returns its text. */
async function errorNotice(controller: RealRepl["controller"]): Promise<string> {
  const state = await until(
    controller,
    (s) => !s.busy && notices(s).some((n) => n.tone === "error"),
    "an error notice",
  );
  return notices(state).find((n) => n.tone === "error")?.text ?? "";
}

describe("a command whose work fails", () => {
  it("ends as an error notice naming the command, and the next prompt is answered", async () => {
    // The agents folder is a file: writing the new agent's file fails.
    await writeFile(join(project, ".claude", "agents"), "not a folder");
    const { controller } = await open();
    controller.submit("/agents new helper");
    expect(await errorNotice(controller)).toMatch(/^\/agents failed: .*\.claude\/agents/);

    await turn(controller, "are you there?");
    expect(texts(controller.store.get(), "assistant")).toEqual(["Still here."]);
  });

  it("in a picker's choice ends as an error notice too", async () => {
    const agents = join(project, ".claude", "agents");
    await mkdir(agents);
    const file = join(agents, "writer.md");
    await writeFile(file, "---\nname: writer\ndescription: Writes.\n---\nYou write.\n");
    const { controller } = await open();
    controller.submit("/agents delete writer");
    await pickerOpen(controller);
    // Gone before the person says yes: the deletion fails.
    await unlink(file);
    controller.overlay.get().picker?.choose(0);
    expect(await errorNotice(controller)).toMatch(/^\/agents failed: ENOENT/);

    await turn(controller, "are you there?");
    expect(texts(controller.store.get(), "assistant")).toEqual(["Still here."]);
  });
});
