import { describe, expect, it } from "vitest";
import { ReplController, type ReplSession } from "../../../src/cli/repl/repl-controller.js";
import type { PermissionMode } from "../../../src/tools/context.js";
import { scriptedEngine } from "../../session/engine/helpers.js";

/** A session over the scripted model whose permission mode the test can read. */
function session(start: PermissionMode = "default") {
  const state = { mode: start };
  const opened: ReplSession = {
    engine: scriptedEngine({ turns: [{ content: "ok" }] }).engine,
    permissionMode: () => state.mode,
    setPermissionMode: (mode) => {
      state.mode = mode;
    },
    dispose: async () => {},
  };
  return { opened, state };
}

function controller(first: ReplSession, next: ReplSession, bypassAvailable = false) {
  return new ReplController({
    cwd: "/project",
    model: "claude-sonnet-5",
    session: first,
    openSession: async () => next,
    recordPrompt: async () => {},
    now: () => 0,
    bypassAvailable,
  });
}

describe("the REPL's permission mode", () => {
  it("starts in the session's mode and moves the session along the cycle", () => {
    const one = session();
    const repl = controller(one.opened, session().opened);
    expect(repl.store.get().mode).toBe("default");
    repl.cycleMode();
    expect(one.state.mode).toBe("acceptEdits");
    expect(repl.store.get().mode).toBe("acceptEdits");
    repl.cycleMode();
    expect(one.state.mode).toBe("plan");
    repl.cycleMode();
    expect(one.state.mode).toBe("auto");
    repl.cycleMode();
    expect(one.state.mode).toBe("default");
  });

  it("reaches bypassPermissions only when started in it", () => {
    const one = session("bypassPermissions");
    const repl = controller(one.opened, session().opened, true);
    expect(repl.store.get().mode).toBe("bypassPermissions");
    for (let i = 0; i < 5; i++) repl.cycleMode();
    expect(one.state.mode).toBe("bypassPermissions");
  });

  it("switches to acceptEdits when a dialog's answer allows all edits", async () => {
    const one = session();
    const repl = controller(one.opened, session().opened);
    const question = { toolName: "Edit", summary: "Edit(a)", message: "?", rules: [] };
    const answered = repl.ask(question, new AbortController().signal);
    repl.answer({ kind: "accept-edits" });
    expect(await answered).toEqual({ kind: "accept-edits" });
    expect(one.state.mode).toBe("acceptEdits");
  });

  it("keeps the chosen mode in the session /clear opens", async () => {
    const next = session();
    const repl = controller(session().opened, next.opened);
    repl.cycleMode();
    repl.cycleMode();
    await repl.clear();
    expect(next.state.mode).toBe("plan");
    expect(repl.store.get().mode).toBe("plan");
  });
});
