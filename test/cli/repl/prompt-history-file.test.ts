import { appendFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  appendPromptHistory,
  historyPath,
  loadPromptHistory,
} from "../../../src/cli/repl/history-file.js";

let stateDir: string;
beforeEach(async () => {
  stateDir = join(await mkdtemp(join(tmpdir(), "keel-history-")), "state");
});
afterEach(async () => {
  await rm(join(stateDir, ".."), { recursive: true, force: true });
});

describe("prompt history in <state>/history.jsonl", () => {
  it("keeps prompts across sessions, per project, oldest first", async () => {
    await appendPromptHistory(stateDir, { display: "one", timestamp: 1, project: "/a" });
    await appendPromptHistory(stateDir, { display: "elsewhere", timestamp: 2, project: "/b" });
    await appendPromptHistory(stateDir, { display: "two\nlines", timestamp: 3, project: "/a" });
    expect(await loadPromptHistory(stateDir, "/a")).toEqual(["one", "two\nlines"]);
    expect(await loadPromptHistory(stateDir, "/b")).toEqual(["elsewhere"]);
  });

  it("skips damaged lines and starts empty without a file", async () => {
    expect(await loadPromptHistory(stateDir, "/a")).toEqual([]);
    await appendPromptHistory(stateDir, { display: "good", timestamp: 1, project: "/a" });
    await appendFile(historyPath(stateDir), '{"display": 3}\nnot json\n');
    expect(await loadPromptHistory(stateDir, "/a")).toEqual(["good"]);
  });

  it("keeps only the most recent prompts", async () => {
    for (let i = 0; i < 5; i++) {
      await appendPromptHistory(stateDir, { display: `p${i}`, timestamp: i, project: "/a" });
    }
    expect(await loadPromptHistory(stateDir, "/a", 2)).toEqual(["p3", "p4"]);
  });
});
