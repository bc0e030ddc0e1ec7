import { describe, expect, it } from "vitest";
import { cycleModes, isModeKey, modeLabel, nextMode } from "../../../src/cli/repl/mode-cycle.js";

describe("the permission modes Shift+Tab walks through", () => {
  it("goes default → acceptEdits → plan → auto → default", () => {
    const options = { bypassAvailable: false };
    expect(cycleModes(options)).toEqual(["default", "acceptEdits", "plan", "auto"]);
    expect(nextMode("default", options)).toBe("acceptEdits");
    expect(nextMode("acceptEdits", options)).toBe("plan");
    expect(nextMode("plan", options)).toBe("auto");
    expect(nextMode("auto", options)).toBe("default");
  });

  it("reaches bypassPermissions only when the session may use it", () => {
    const options = { bypassAvailable: true };
    expect(nextMode("auto", options)).toBe("bypassPermissions");
    expect(nextMode("bypassPermissions", options)).toBe("default");
  });

  it("skips auto when the settings turn it off (disableAutoMode)", () => {
    const options = { bypassAvailable: false, autoDisabled: true };
    expect(cycleModes(options)).toEqual(["default", "acceptEdits", "plan"]);
    expect(nextMode("plan", options)).toBe("default");
  });

  it("leaves a mode outside the cycle for default", () => {
    expect(nextMode("dontAsk", { bypassAvailable: false })).toBe("default");
  });

  it("names every mode but default under the prompt", () => {
    expect(modeLabel("default")).toBeUndefined();
    expect(modeLabel("acceptEdits")).toBe("⏵⏵ accept edits on");
    expect(modeLabel("plan")).toBe("⏸ plan mode on");
    expect(modeLabel("auto")).toBe("⏵⏵ auto mode on");
  });

  it("is moved by Shift+Tab, not by Tab", () => {
    const tab = { kind: "key" as const, name: "tab" as const };
    expect(isModeKey({ ...tab, mods: { shift: true, meta: false, ctrl: false } })).toBe(true);
    expect(isModeKey({ ...tab, mods: { shift: false, meta: false, ctrl: false } })).toBe(false);
  });
});
