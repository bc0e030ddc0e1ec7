import { describe, expect, it } from "vitest";
import { describeIssue } from "../../src/hooks/config.js";
import { mergeHooksConfigs } from "../../src/hooks/merge-config.js";
import { parseHooksConfig } from "../../src/hooks/parse-config.js";

const file = "/p/.claude/settings.json";

describe("parseHooksConfig", () => {
  it("accepts Claude Code's shape and keeps matcher, command and timeout", () => {
    const parsed = parseHooksConfig(
      {
        PreToolUse: [
          { matcher: "Bash", hooks: [{ type: "command", command: "./check.sh", timeout: 30 }] },
        ],
        Stop: [{ hooks: [{ type: "command", command: "./stop.sh", statusMessage: "x" }] }],
      },
      { file },
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.hooks).toEqual({
      PreToolUse: [
        { matcher: "Bash", hooks: [{ type: "command", command: "./check.sh", timeout: 30 }] },
      ],
      Stop: [{ hooks: [{ type: "command", command: "./stop.sh", statusMessage: "x" }] }],
    });
  });

  it("names the file and the JSON path of a broken entry, and keeps the valid ones", () => {
    const parsed = parseHooksConfig(
      {
        PreToolUse: [
          {
            matcher: "Bash",
            hooks: [
              { type: "command", command: "./ok.sh" },
              { type: "command", command: 42 },
              { type: "command", command: "./slow.sh", timeout: -1 },
            ],
          },
        ],
        PostToolUse: "not a list",
      },
      { file },
    );
    expect(parsed.errors.map((e) => [e.file, e.path])).toEqual([
      [file, "hooks.PreToolUse[0].hooks[1].command"],
      [file, "hooks.PreToolUse[0].hooks[2].timeout"],
      [file, "hooks.PostToolUse"],
    ]);
    expect(describeIssue(parsed.errors[0]!)).toMatch(
      /^\/p\/\.claude\/settings\.json: hooks\.PreToolUse\[0\]\.hooks\[1\]\.command: /,
    );
    expect(parsed.hooks.PreToolUse?.[0]?.hooks).toEqual([{ type: "command", command: "./ok.sh" }]);
  });

  it("keeps prompt, agent, http and mcp_tool hooks with their fields", () => {
    // A placeholder of the hook's own syntax, not a template string.
    const cwd = ["$", "{cwd}"].join("");
    const parsed = parseHooksConfig(
      {
        Stop: [
          {
            hooks: [
              { type: "prompt", prompt: "Is the work done? $ARGUMENTS" },
              { type: "agent", prompt: "verify", model: "claude-sonnet-5", timeout: 5 },
              { type: "http", url: "http://127.0.0.1:1/hook" },
              { type: "mcp_tool", server: "s", tool: "t", input: { path: cwd } },
            ],
          },
        ],
      },
      { file },
    );
    expect(parsed.errors).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    const [, agent, , mcp] = parsed.hooks.Stop?.[0]?.hooks ?? [];
    expect(agent).toEqual({
      type: "agent",
      prompt: "verify",
      model: "claude-sonnet-5",
      timeout: 5,
    });
    expect(mcp).toEqual({ type: "mcp_tool", server: "s", tool: "t", input: { path: cwd } });
  });

  it("knows every Claude Code event and reports an unknown event name, skipping it", () => {
    const hook = [{ hooks: [{ type: "command", command: "x" }] }];
    const parsed = parseHooksConfig({ PermissionRequest: hook, PreTooluse: hook }, { file });
    expect(parsed.errors).toEqual([]);
    expect(parsed.hooks.PermissionRequest).toHaveLength(1);
    expect(parsed.warnings).toEqual([
      {
        file,
        path: "hooks.PreTooluse",
        message: 'unknown hook event "PreTooluse"; its hooks will not run',
      },
    ]);
  });

  it("stops on a malformed http hook (no URL) and on a prompt hook without a prompt", () => {
    const parsed = parseHooksConfig(
      { Stop: [{ hooks: [{ type: "http", url: "not a url" }, { type: "prompt" }] }] },
      { file },
    );
    expect(parsed.errors.map((e) => e.path)).toEqual([
      "hooks.Stop[0].hooks[0].url",
      "hooks.Stop[0].hooks[1].prompt",
    ]);
  });

  it("rejects a value that is not an object, and treats a missing one as no hooks", () => {
    expect(parseHooksConfig([1], { file }).errors[0]?.path).toBe("hooks");
    expect(parseHooksConfig(undefined, { file })).toEqual({ hooks: {}, errors: [], warnings: [] });
  });

  it("rejects an unknown handler type and a group without a hooks list", () => {
    const parsed = parseHooksConfig(
      { Stop: [{ hooks: [{ type: "webhook" }] }, { matcher: "x" }] },
      { file },
    );
    expect(parsed.errors.map((e) => e.path)).toEqual([
      "hooks.Stop[0].hooks[0].type",
      "hooks.Stop[1].hooks",
    ]);
  });

  it("keeps `if`, skips a non-bash shell and exec form with a warning each", () => {
    const parsed = parseHooksConfig(
      {
        PreToolUse: [
          {
            hooks: [
              { type: "command", command: "a", if: "Bash(rm *)" },
              { type: "command", command: "b", shell: "powershell" },
              { type: "command", command: "c", args: ["x"] },
            ],
          },
        ],
      },
      { file },
    );
    expect(parsed.warnings.map((w) => w.path)).toEqual([
      "hooks.PreToolUse[0].hooks[1].shell",
      "hooks.PreToolUse[0].hooks[2].args",
    ]);
    expect(parsed.hooks.PreToolUse?.[0]?.hooks).toEqual([
      { type: "command", command: "a", if: "Bash(rm *)" },
    ]);
  });
});

describe("mergeHooksConfigs", () => {
  it("adds the groups of every file per event, in the order given", () => {
    const user = parseHooksConfig(
      { Stop: [{ hooks: [{ type: "command", command: "u" }] }] },
      { file: "user" },
    ).hooks;
    const project = parseHooksConfig(
      {
        Stop: [{ hooks: [{ type: "command", command: "p" }] }],
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "b" }] }],
      },
      { file: "project" },
    ).hooks;
    const merged = mergeHooksConfigs([user, project]);
    expect(merged.Stop?.map((g) => JSON.stringify(g.hooks[0]))).toEqual([
      JSON.stringify({ type: "command", command: "u" }),
      JSON.stringify({ type: "command", command: "p" }),
    ]);
    expect(merged.PreToolUse).toHaveLength(1);
    expect(merged.PostToolUse).toBeUndefined();
  });
});
