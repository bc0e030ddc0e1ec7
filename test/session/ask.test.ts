import { mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createScriptedProvider } from "../../src/model/scripted/provider.js";
import { parseScenario } from "../../src/model/scripted/scenario.js";
import { ask } from "../../src/session/ask.js";
import { KEEL_BIN } from "../helpers/run-keel.js";
import { anthropicEnv, scriptedServer } from "../helpers/scripted.js";

let dir: string;

beforeEach(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), "keel-ask-")));
  await writeFile(join(dir, "notes.txt"), "the secret word is heron\n");
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const readThenAnswer = {
  turns: [
    { content: [{ type: "tool_use", name: "Read", input: { file_path: "notes.txt" } }] },
    { content: "The word is heron." },
  ],
};

describe("ask(): one question through QueryEngine with keel's defaults", () => {
  it("runs the built-in tools in the working folder and returns the result with every message", async () => {
    const provider = createScriptedProvider(parseScenario(readThenAnswer, "ask test"));
    const { result, messages } = await ask({
      prompt: "what is the secret word?",
      cwd: dir,
      provider,
      env: { HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel") },
    });
    expect(result).toMatchObject({ subtype: "success", result: "The word is heron." });
    expect(JSON.stringify(messages)).toContain("the secret word is heron");
    expect(provider.violations).toEqual([]);
  });

  it("works from the built package entry against the scripted HTTP server", async () => {
    const server = await scriptedServer(readThenAnswer);
    const library = (await import(pathToFileURL(join(dirname(KEEL_BIN), "index.mjs")).href)) as {
      ask: typeof ask;
    };
    const { result } = await library.ask({
      prompt: "what is the secret word?",
      cwd: dir,
      env: { ...anthropicEnv(server), HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel") },
    });
    expect(result.result).toBe("The word is heron.");
    expect(server.violations).toEqual([]);
  });
});
