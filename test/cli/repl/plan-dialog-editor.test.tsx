import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "ink-testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { App } from "../../../src/cli/repl/app.js";
import type { ReplSession } from "../../../src/cli/repl/repl-controller.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { eventually, nextTick } from "./eventually.js";
import { controllerFor } from "./repl-harness.js";

let unmount: (() => void) | undefined;
let dir: string | undefined;
afterEach(async () => {
  unmount?.();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("the plan dialog on screen", () => {
  it("Ctrl+G opens the plan file in the editor and the dialog shows the edited plan", async () => {
    dir = await mkdtemp(join(tmpdir(), "keel-plan-dialog-"));
    const plan = join(dir, "plan.md");
    await writeFile(plan, "1. first step\n");
    const opened: string[] = [];
    const session: ReplSession = {
      engine: scriptedEngine({ turns: [] }).engine,
      // The "editor": records the file and adds a step, as a person would.
      editFile: async (path) => {
        opened.push(path);
        await writeFile(path, "1. first step\n2. EDITED STEP\n");
        return { ok: true, editor: "test-editor" };
      },
      dispose: async () => {},
    };
    const controller = controllerFor(session, dir);
    const clock = { now: 0 };
    const app = render(<App controller={controller} history={[]} now={() => clock.now} />);
    unmount = app.unmount;
    const frame = () => app.lastFrame() ?? "";
    void controller.ask(
      {
        toolName: "ExitPlanMode",
        summary: "Here is the plan",
        message: "1. first step\n",
        rules: [],
        planFile: plan,
      },
      new AbortController().signal,
    );
    await eventually(() => expect(frame()).toContain("1. first step"));
    clock.now = 1_000;
    await nextTick();
    app.stdin.write("\u0007");
    await eventually(() => expect(frame()).toContain("2. EDITED STEP"));
    expect(opened).toEqual([plan]);
  });
});
