import { mkdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { findLatestSession } from "../../../src/session/transcript/index.js";
import { tempDir } from "./conversation.js";

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

async function transcriptAt(name: string, secondsSinceEpoch: number): Promise<void> {
  const path = join(dir, name);
  await writeFile(path, "{}\n");
  await utimes(path, secondsSinceEpoch, secondsSinceEpoch);
}

describe("finding the latest session of a project", () => {
  it("picks the transcript modified last, whatever the names or creation order", async () => {
    await transcriptAt("bbbb.jsonl", 1_700_000_300);
    await transcriptAt("cccc.jsonl", 1_700_000_100);
    await transcriptAt("aaaa.jsonl", 1_700_000_200);
    expect(await findLatestSession(dir)).toBe("bbbb");
    await utimes(join(dir, "cccc.jsonl"), 1_700_000_400, 1_700_000_400);
    expect(await findLatestSession(dir)).toBe("cccc");
  });

  it("ignores session folders and other files, even newer ones", async () => {
    await transcriptAt("old.jsonl", 1_700_000_000);
    await mkdir(join(dir, "newer.jsonl"));
    await utimes(join(dir, "newer.jsonl"), 1_800_000_000, 1_800_000_000);
    await transcriptAt("notes.txt", 1_800_000_000);
    expect(await findLatestSession(dir)).toBe("old");
  });

  it("answers null for an empty or missing project folder", async () => {
    expect(await findLatestSession(dir)).toBeNull();
    expect(await findLatestSession(join(dir, "nowhere"))).toBeNull();
  });
});
