import { describe, expect, it } from "vitest";
import { dialogKey } from "../../../src/cli/repl/dialog-keys.js";
import { permissionChoices } from "../../../src/cli/repl/permission-choices.js";

const plan = {
  toolName: "ExitPlanMode",
  summary: "plan",
  message: "1. x",
  rules: [],
  planFile: "/p",
};
const state = { selected: 0, feedback: "", offset: 0 };
const ctrlG = { kind: "ctrl", char: "g" } as const;

describe("Ctrl+G in the permission dialog", () => {
  it("opens the plan in the editor on a plan's approval, once the dialog is ready", () => {
    const choices = permissionChoices(plan);
    expect(dialogKey(state, { choices, ready: true, editable: true }, ctrlG)).toEqual({
      kind: "edit",
    });
    expect(dialogKey(state, { choices, ready: false, editable: true }, ctrlG)).toEqual({
      kind: "none",
    });
  });

  it("does nothing in a dialog that has no plan to edit", () => {
    const choices = permissionChoices({ ...plan, toolName: "Bash", planFile: undefined });
    expect(dialogKey(state, { choices, ready: true }, ctrlG)).toEqual({ kind: "none" });
  });
});
