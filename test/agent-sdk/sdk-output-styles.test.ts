import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { collect, keelOptions, loadAgentSdk, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox(async ({ cwd, home }) => {
  await mkdir(join(cwd, ".claude", "output-styles"), { recursive: true });
  await writeFile(
    join(cwd, ".claude", "output-styles", "terse.md"),
    "---\nname: Terse\ndescription: One line answers\n---\nAnswer in one line.\n",
  );
  await mkdir(join(home, ".claude", "output-styles"), { recursive: true });
  await writeFile(join(home, ".claude", "output-styles", "pirate.md"), "Talk like a pirate.\n");
  await writeFile(join(cwd, ".claude", "settings.json"), JSON.stringify({ outputStyle: "Terse" }));
});

describe("the Agent SDK sees keel's output styles", () => {
  it("initializationResult() names the style in force and those the settings could name", async () => {
    const { query } = await loadAgentSdk();
    const server = await scriptedServer({ turns: [{ content: "Aye." }] });
    const q = query({ prompt: "hello", options: keelOptions(sandbox(), server.url) });
    const init = await q.initializationResult();
    const run = await collect(q);
    expect(run.error).toBeUndefined();
    expect(server.violations).toEqual([]);
    expect(init.output_style).toBe("Terse");
    expect(init.available_output_styles).toEqual([
      "default",
      "Explanatory",
      "Learning",
      "Terse",
      "pirate",
    ]);
  });
});
