import { existsSync } from "node:fs";
import { mkdir, readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sandboxRuntimeReady } from "../helpers/sandbox-ready.js";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, resultsOf, useSdkSandbox } from "./sdk-harness.js";

// The Agent SDK's `sandbox` option (merged by the SDK into --settings) reaches keel (issue 23).

const dirs = useSdkSandbox(async (s) => {
  await mkdir(join(s.home, "outside"));
});

const ready = sandboxRuntimeReady("SDK sandbox test");

const bashTurn = (command: string) => ({
  turns: [
    { content: [{ type: "tool_use", name: "Bash", input: { command } }] },
    { content: "ran it" },
  ],
});

describe("the Agent SDK's sandbox option", () => {
  it.skipIf(!ready)(
    "sandboxes Bash: the working folder is writable, nothing outside it",
    async () => {
      const { query } = await loadAgentSdk();
      const outside = join(dirs().home, "outside", "escaped.txt");
      const server = await scriptedServer(bashTurn(`echo in > inside.txt; echo out > ${outside}`));
      const run = await collect(
        query({
          prompt: "write the files",
          options: keelOptions(dirs(), server.url, {
            sandbox: { enabled: true, autoAllowBashIfSandboxed: true },
          }),
        }),
      );
      expect(run.error).toBeUndefined();
      expect(resultsOf(run.messages)[0]).toMatchObject({ subtype: "success" });
      expect(await readFile(join(dirs().cwd, "inside.txt"), "utf8")).toBe("in\n");
      expect(existsSync(outside)).toBe(false);
      expect(run.messages[0]).toMatchObject({ sandbox: { enabled: true, active: true } });
    },
  );

  it("fails the query when the sandbox it asks for cannot run (failIfUnavailable by default)", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer(bashTurn("echo never"));
    // A PATH with node alone: no bwrap, socat or ripgrep for the sandbox runtime to find.
    const nodeOnly = join(dirs().home, "node-only");
    await mkdir(nodeOnly);
    await symlink(process.execPath, join(nodeOnly, "node"));
    let stderr = "";
    const options = keelOptions(dirs(), server.url, {
      sandbox: { enabled: true },
      stderr: (text) => {
        stderr += text;
      },
    });
    const run = await collect(
      query({ prompt: "go", options: { ...options, env: { ...options.env, PATH: nodeOnly } } }),
    );
    expect(resultsOf(run.messages)).toMatchObject([
      { is_error: true, startup_failure_reason: "sandbox_required_unavailable" },
    ]);
    expect(stderr).toContain("sandbox.failIfUnavailable is set and the sandbox cannot run here");
    expect(server.requests).toHaveLength(0);
  });
});
