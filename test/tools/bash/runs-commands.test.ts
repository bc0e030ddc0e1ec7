import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createBashTool,
  makeContext,
  resultText,
  runBashCall,
  sessionConfig,
  useSessionFolders,
} from "./helpers.js";

describe("Bash runs commands", () => {
  let root: string;
  let work: string;
  useSessionFolders((folders) => {
    ({ root, work } = folders);
  });

  it("returns stdout of a successful command as a non-error result", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { data, block } = await runBashCall(tool, { command: "echo hello" }, makeContext(work));
    expect(data.exitCode).toBe(0);
    expect(data.stdout).toBe("hello\n");
    expect(block.is_error).toBeUndefined();
    expect(resultText(block)).toBe("hello");
  });

  it("reports a non-zero exit as an error that still shows stdout, stderr and the code", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { data, block } = await runBashCall(
      tool,
      { command: "echo partial; echo broken >&2; exit 3" },
      makeContext(work),
    );
    expect(data.exitCode).toBe(3);
    expect(block.is_error).toBe(true);
    expect(resultText(block)).toBe("Exit code 3\npartial\nbroken");
  });

  it("reports stderr of a successful command too", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { data, block } = await runBashCall(
      tool,
      { command: "echo out; echo warning >&2" },
      makeContext(work),
    );
    expect(data.stderr).toBe("warning\n");
    expect(block.is_error).toBeUndefined();
    expect(resultText(block)).toBe("out\nwarning");
  });

  it("says so when a command prints nothing", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { block } = await runBashCall(tool, { command: "true" }, makeContext(work));
    expect(resultText(block)).toBe("(Bash completed with no output)");
  });

  it("gives the command /dev/null as stdin, so cat ends at once with nothing", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { data } = await runBashCall(
      tool,
      { command: "cat; echo after-cat; readlink /proc/self/fd/0 2>/dev/null || echo /dev/null" },
      makeContext(work),
    );
    expect(data.exitCode).toBe(0);
    expect(data.stdout).toBe("after-cat\n/dev/null\n");
  });

  it("passes the session's environment to the command", async () => {
    const tool = createBashTool(sessionConfig(root, { KEEL_TEST_VALUE: "from-config" }));
    const { data } = await runBashCall(
      tool,
      { command: 'printf "%s" "$KEEL_TEST_VALUE"' },
      makeContext(work),
    );
    expect(data.stdout).toBe("from-config");
  });

  it("keeps bash's line numbers those of the command as written", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { data } = await runBashCall(
      tool,
      { command: "true\nkeel-no-such-command-xyz" },
      makeContext(work),
    );
    expect(data.exitCode).toBe(127);
    expect(data.stderr).toContain("line 2: keel-no-such-command-xyz");
  });

  it("removes leading blank lines and trailing whitespace from stdout in the result", async () => {
    const tool = createBashTool(sessionConfig(root));
    const { block } = await runBashCall(
      tool,
      { command: "printf '\\n  \\nfirst\\n  indented\\n\\n\\n'" },
      makeContext(work),
    );
    expect(resultText(block)).toBe("first\n  indented");
  });

  it("reports progress while a command runs", async () => {
    const tool = createBashTool(sessionConfig(root), { progressIntervalMs: 20 });
    const progress: unknown[] = [];
    const { data } = await runBashCall(
      tool,
      { command: "echo started; while [ ! -e go ]; do sleep 0.02; done; echo done" },
      makeContext(work),
      (event) => {
        progress.push(event);
        if (progress.length === 1) void writeFile(join(work, "go"), "");
      },
    );
    expect(data.stdout).toBe("started\ndone\n");
    expect(progress[0]).toMatchObject({ type: "bash_progress", outputChars: expect.any(Number) });
  });

  it("refuses to start when the shell cannot be found, naming it", async () => {
    const tool = createBashTool(sessionConfig(root), { shell: "keel-missing-shell-xyz" });
    await expect(runBashCall(tool, { command: "echo hi" }, makeContext(work))).rejects.toThrow(
      /Could not start keel-missing-shell-xyz/,
    );
  });
});
