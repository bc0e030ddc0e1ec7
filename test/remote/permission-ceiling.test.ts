import { describe, expect, it } from "vitest";
import { applyCeiling } from "../../src/remote/permission-ceiling.js";

const ceiling = {
  mode: "acceptEdits",
  allowedTools: ["Bash(npm test:*)"],
  disallowedTools: ["WebFetch"],
} as const;

describe("a worker's permission ceiling", () => {
  it("runs a task that asks for nothing with the worker's own permissions", () => {
    expect(applyCeiling(ceiling, { allowedTools: [], disallowedTools: [] })).toEqual({
      kind: "within",
      granted: {
        mode: "acceptEdits",
        allowedTools: ["Bash(npm test:*)"],
        disallowedTools: ["WebFetch"],
      },
    });
  });

  it("lets a task narrow: a lower mode, fewer allow rules, more deny rules", () => {
    const verdict = applyCeiling(ceiling, {
      permissionMode: "plan",
      allowedTools: ["Bash(npm test:*)"],
      disallowedTools: ["Bash(rm:*)"],
    });
    expect(verdict).toEqual({
      kind: "within",
      granted: {
        mode: "plan",
        allowedTools: ["Bash(npm test:*)"],
        disallowedTools: ["WebFetch", "Bash(rm:*)"],
      },
    });
  });

  it("refuses a mode above the ceiling, bypassPermissions included", () => {
    for (const mode of ["bypassPermissions", "auto"] as const) {
      const verdict = applyCeiling(ceiling, {
        permissionMode: mode,
        allowedTools: [],
        disallowedTools: [],
      });
      expect(verdict).toEqual({
        kind: "refused",
        reason: expect.stringContaining(`permission mode ${mode}`),
      });
    }
  });

  it("refuses an allow rule the worker does not have", () => {
    const verdict = applyCeiling(ceiling, { allowedTools: ["Bash"], disallowedTools: [] });
    expect(verdict).toEqual({ kind: "refused", reason: expect.stringContaining("allow Bash,") });
  });

  it("lets a bypassPermissions worker run a bypassPermissions task", () => {
    const open = { mode: "bypassPermissions", allowedTools: [], disallowedTools: [] } as const;
    const verdict = applyCeiling(open, {
      permissionMode: "bypassPermissions",
      allowedTools: [],
      disallowedTools: [],
    });
    expect(verdict.kind).toBe("within");
  });
});
