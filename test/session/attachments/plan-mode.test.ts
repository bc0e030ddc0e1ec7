import { describe, expect, it } from "vitest";
import {
  PLAN_MODE_REMINDER_EVERY,
  planModeSource,
} from "../../../src/session/attachments/plan-mode.js";
import type { PermissionMode } from "../../../src/tools/context.js";
import { makeToolUseContext } from "../../helpers/tool-context.js";

function passes(modes: PermissionMode[]) {
  const source = planModeSource();
  return Promise.all(
    modes.map(async (mode) => {
      const context = makeToolUseContext({ mode });
      const out = await source({ context, messages: [], signal: new AbortController().signal });
      return out.map((a) => (a.type === "system_reminder" ? a.content.slice(0, 14) : a.type));
    }),
  );
}

describe("the plan-mode reminder", () => {
  it("reminds when plan mode starts, then every few tool rounds, and says once when it ends", async () => {
    const sequential: string[][] = [];
    const source = planModeSource();
    const modes: PermissionMode[] = [
      "default",
      "plan",
      ...Array<PermissionMode>(PLAN_MODE_REMINDER_EVERY).fill("plan"),
      "acceptEdits",
      "acceptEdits",
    ];
    for (const mode of modes) {
      const out = await source({
        context: makeToolUseContext({ mode }),
        messages: [],
        signal: new AbortController().signal,
      });
      sequential.push(
        out.map((a) => (a.type === "system_reminder" ? a.content.slice(0, 16) : a.type)),
      );
    }
    expect(sequential).toEqual([
      [],
      ["Plan mode is on:"],
      ...Array(PLAN_MODE_REMINDER_EVERY - 1).fill([]),
      ["Plan mode is on:"],
      ["Plan mode is off"],
      [],
    ]);
  });

  it("says nothing outside plan mode", async () => {
    expect(await passes(["default", "acceptEdits", "bypassPermissions"])).toEqual([[], [], []]);
  });
});
