import { describe, expect, it } from "vitest";
import type { ReplSession } from "../../src/cli/repl/repl-controller.js";
import type { PermissionMode } from "../../src/tools/context.js";
import { controllerFor } from "../cli/repl/repl-harness.js";
import { scriptedEngine } from "../session/engine/helpers.js";

function controller(start: PermissionMode) {
  const state = { mode: start };
  const session: ReplSession = {
    engine: scriptedEngine({ turns: [{ content: "ok" }] }).engine,
    permissionMode: () => state.mode,
    setPermissionMode: (mode) => {
      state.mode = mode;
    },
    dispose: async () => {},
  };
  const repl = controllerFor(session, "/project");
  return { repl, state };
}

describe("/plan", () => {
  it("turns plan mode on in the session and says so; a second /plan keeps it", () => {
    const { repl, state } = controller("acceptEdits");
    repl.submit("/plan");
    expect(state.mode).toBe("plan");
    expect(repl.store.get().mode).toBe("plan");
    repl.submit("/plan");
    expect(state.mode).toBe("plan");
    expect(JSON.stringify(repl.store.get())).toContain("Plan mode is on");
  });
});
