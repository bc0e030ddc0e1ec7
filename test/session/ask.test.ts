import { execFileSync } from "node:child_process";
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

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd });

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

  it("puts the git status in the system prompt, unless gitStatus is false", async () => {
    git(dir, "init", "-q");
    const systemOf = async (gitStatus?: boolean) => {
      const provider = createScriptedProvider(parseScenario({ turns: [{ content: "ok" }] }, "ask"));
      await ask({
        prompt: "hello",
        cwd: dir,
        provider,
        ...(gitStatus === undefined ? {} : { gitStatus }),
        env: { HOME: dir, KEEL_CONFIG_DIR: join(dir, ".keel"), PATH: process.env.PATH ?? "" },
      });
      return JSON.stringify(
        (provider.requests[0]?.body as { system?: unknown } | undefined)?.system,
      );
    };
    expect(await systemOf()).toContain("# Git status");
    expect(await systemOf(false)).not.toContain("# Git status");
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
