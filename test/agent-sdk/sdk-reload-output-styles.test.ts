import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";
import { converse } from "./sdk-turns.js";

const sandbox = useSdkSandbox();

describe("the SDK's reloadOutputStyles and reloadPlugins", () => {
  it("reloadOutputStyles lists a style written after the start", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const chat = converse((prompt) => query({ prompt, options: keelOptions(box, server.url) }));
    try {
      const init = await chat.q.initializationResult();
      expect(init.available_output_styles).toEqual(["default", "Explanatory", "Learning"]);
      await mkdir(join(box.cwd, ".claude", "output-styles"), { recursive: true });
      await writeFile(
        join(box.cwd, ".claude", "output-styles", "terse.md"),
        "---\nname: Terse\ndescription: One line answers\n---\nAnswer in one line.\n",
      );
      expect(await chat.q.reloadOutputStyles()).toEqual({
        available_output_styles: ["default", "Explanatory", "Learning", "Terse"],
      });
      await chat.send("hello");
    } finally {
      chat.close();
    }
    expect(server.violations).toEqual([]);
  });

  it("reloadPlugins is refused with keel's reason", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const chat = converse((prompt) =>
      query({ prompt, options: keelOptions(sandbox(), server.url) }),
    );
    try {
      await expect(chat.q.reloadPlugins()).rejects.toThrow(
        'keel does not support the control request "reload_plugins"',
      );
    } finally {
      chat.close();
    }
  });
});
