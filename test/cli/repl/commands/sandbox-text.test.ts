import { describe, expect, it } from "vitest";
import {
  changedText,
  parseSandboxArgs,
  type SandboxFacts,
  sandboxText,
} from "../../../../src/cli/repl/commands/sandbox.js";
import { helpText, parseSlashCommand } from "../../../../src/cli/repl/slash-commands.js";
import { mergeSandboxSettings } from "../../../../src/config/settings/sandbox-merge.js";

/** Merged settings as a session gets them, from one user settings file. */
const settingsWith = (sandbox: Record<string, unknown>): SandboxFacts["settings"] =>
  mergeSandboxSettings(
    [{ source: "userClaude", origin: "/home/u/.claude/settings.json", settings: { sandbox } }],
    { home: "/home/u", stateDir: "/home/u/.keel", cwd: "/work" },
    "linux",
  );

describe("/sandbox shows the sandbox", () => {
  it("names the mode, says it runs here, and lists every setting", () => {
    const text = sandboxText({
      mode: { enabled: true, autoAllow: true },
      availability: { available: true },
      readOnlyJail: true,
      settings: settingsWith({
        allowUnsandboxedCommands: false,
        excludedCommands: ["docker:*"],
        network: { allowedDomains: ["github.com"], deniedDomains: ["evil.test"] },
        filesystem: { allowWrite: ["~/.cache"], denyRead: ["/secrets"] },
        bwrapPath: "/opt/bwrap",
      }),
    });
    expect(text.split("\n")).toEqual([
      "Sandbox mode: Sandbox BashTool, with auto-allow (auto-allow)",
      "Runs here: yes",
      "keel's read-only jail: available (bwrap), for read-only commands the sandbox does not cover",
      "Unsandboxed commands (dangerouslyDisableSandbox): refused (allowUnsandboxedCommands: false)",
      "Excluded commands:",
      "  docker:*",
      "Allowed domains:",
      "  github.com",
      "Denied domains:",
      "  evil.test",
      "Also writable:",
      "  /home/u/.cache",
      "Not writable: none",
      "Not readable:",
      "  /secrets",
      "Readable again: none",
      "Not honoured by keel:",
      "  /home/u/.claude/settings.json: sandbox.bwrapPath: Claude Code takes it from managed settings only, which keel does not read; no effect",
      "Sandbox settings from:",
      "  /home/u/.claude/settings.json",
      "Usage: /sandbox [auto-allow|regular|off]",
    ]);
  });

  it("says why it cannot run here and that commands then run unsandboxed", () => {
    const facts = {
      availability: { available: false as const, why: "missing bubblewrap (bwrap)" },
      readOnlyJail: false,
      settings: settingsWith({}),
    };
    const on = sandboxText({ ...facts, mode: { enabled: true, autoAllow: false } });
    expect(on).toContain("Sandbox mode: Sandbox BashTool, with regular permissions (regular)");
    expect(on).toContain(
      "Runs here: no, missing bubblewrap (bwrap); Bash commands run unsandboxed",
    );
    expect(on).toContain("keel's read-only jail: not available (bwrap is not installed)");
    const off = sandboxText({ ...facts, mode: { enabled: false, autoAllow: true } });
    expect(off).toContain("Sandbox mode: No Sandbox (off)");
    expect(off).toContain("turned on, Bash commands would still run unsandboxed");
    expect(off).toContain("Unsandboxed commands (dangerouslyDisableSandbox): allowed");
    expect(off).toContain("Not honoured by keel: none");
  });
});

describe("/sandbox arguments and answers", () => {
  it("takes the three modes (any case) and names them when given another word", () => {
    expect(parseSandboxArgs("")).toEqual({ kind: "show" });
    expect(parseSandboxArgs(" Auto-Allow ")).toEqual({ kind: "set", choice: "auto-allow" });
    expect(parseSandboxArgs("regular")).toEqual({ kind: "set", choice: "regular" });
    expect(parseSandboxArgs("off")).toEqual({ kind: "set", choice: "off" });
    const bad = parseSandboxArgs("on");
    expect(bad.kind).toBe("bad");
    expect(bad.kind === "bad" && bad.problem).toBe(
      'Unknown sandbox mode "on": use auto-allow, regular or off. Usage: /sandbox [auto-allow|regular|off]',
    );
    expect(parseSandboxArgs("toString").kind).toBe("bad");
  });

  it("says what changed, where it was saved, and when the sandbox cannot run", () => {
    const saved = { savedTo: ".claude/settings.local.json" };
    expect(changedText("regular", saved, { available: true })).toBe(
      "Sandbox mode: Sandbox BashTool, with regular permissions, for this session and saved to .claude/settings.local.json.",
    );
    expect(changedText("off", saved)).toBe(
      "Sandbox mode: No Sandbox, for this session and saved to .claude/settings.local.json.",
    );
    expect(changedText("auto-allow", saved, { available: false, why: "missing socat" })).toBe(
      "Sandbox mode: Sandbox BashTool, with auto-allow, for this session and saved to .claude/settings.local.json. The sandbox cannot run here (missing socat): Bash commands run unsandboxed.",
    );
    expect(changedText("off", { notSaved: "/p/x is not valid JSON; left as it is" })).toBe(
      "Sandbox mode: No Sandbox, for this session only (not saved: /p/x is not valid JSON; left as it is).",
    );
  });

  it("is a known command that /help lists", () => {
    expect(parseSlashCommand("/sandbox off")).toEqual({
      kind: "known",
      name: "sandbox",
      args: "off",
    });
    expect(helpText()).toContain(
      "  /sandbox      show the Bash sandbox; /sandbox auto-allow|regular|off switches it (saved locally)",
    );
  });
});
