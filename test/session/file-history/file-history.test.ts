import { appendFile, mkdir, readdir, readFile, realpath, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backupName } from "../../../src/session/file-history/backup-name.js";
import { FileHistory, UnknownTurnError } from "../../../src/session/file-history/file-history.js";
import { useTempDir } from "../../tools/file-io/helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

const fixedClock = () => new Date("2026-01-01T00:00:00.000Z");

function historyIn(): FileHistory {
  return new FileHistory({ dir: join(dir, "history"), now: fixedClock });
}

/** Changes a file as Edit or Write would, snapshotting it first. */
async function change(history: FileHistory, path: string, turn: string, content: string | Buffer) {
  await history.snapshotBeforeWrite(path, turn);
  await writeFile(path, content);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

describe("FileHistory", () => {
  it("restores a file edited twice in turn 1 and once in turn 2 to its original", async () => {
    const history = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "original");
    await change(history, file, "turn-1", "first edit");
    await change(history, file, "turn-1", "second edit");
    await change(history, file, "turn-2", "third edit");

    expect(history.snapshots().map((s) => [s.version, s.turnUuid, s.existed])).toEqual([
      [1, "turn-1", true],
      [2, "turn-2", true],
    ]);
    expect(await history.restoreTo("turn-1")).toEqual([file]);
    expect(await readFile(file, "utf8")).toBe("original");
  });

  it("restores to the state after the earlier turn when rewinding to a later one", async () => {
    const history = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "original");
    await change(history, file, "turn-1", "after turn 1");
    await change(history, file, "turn-2", "after turn 2");

    expect(await history.restoreTo("turn-2")).toEqual([file]);
    expect(await readFile(file, "utf8")).toBe("after turn 1");
  });

  it("deletes a file created in turn 2 when restoring to turn 2, leaving older files alone", async () => {
    const history = historyIn();
    const old = join(dir, "old.txt");
    const created = join(dir, "new", "created.txt");
    await writeFile(old, "v0");
    await change(history, old, "turn-1", "v1");
    await history.snapshotBeforeWrite(created, "turn-2");
    await mkdir(join(dir, "new"));
    await writeFile(created, "brand new");

    expect(await history.restoreTo("turn-2")).toEqual([created]);
    expect(await exists(created)).toBe(false);
    expect(await readFile(old, "utf8")).toBe("v1");
  });

  it("restores nothing for a turn that changed no file and had none changed after it", async () => {
    const history = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "v0");
    await change(history, file, "turn-1", "v1");
    await history.beginTurn("turn-2");

    expect(await history.restoreTo("turn-2")).toEqual([]);
    expect(await readFile(file, "utf8")).toBe("v1");
  });

  it("restores files changed after a turn that itself changed none", async () => {
    const history = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "v0");
    await history.beginTurn("turn-1");
    await change(history, file, "turn-2", "v2");

    expect(await history.restoreTo("turn-1")).toEqual([file]);
    expect(await readFile(file, "utf8")).toBe("v0");
  });

  it("refuses a turn it never saw", async () => {
    await expect(historyIn().restoreTo("nope")).rejects.toBeInstanceOf(UnknownTurnError);
  });

  it("keeps bytes exactly, binary included", async () => {
    const history = historyIn();
    const file = join(dir, "blob.bin");
    const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x0d, 0x0a, 0x80, 0x00]);
    await writeFile(file, bytes);
    await change(history, file, "turn-1", Buffer.from("text now"));

    await history.restoreTo("turn-1");
    expect(Buffer.compare(await readFile(file), bytes)).toBe(0);
  });

  it("saves bytes under the path's hash and version, with an index line per record", async () => {
    const history = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "original");
    await change(history, file, "turn-1", "v1");
    await change(history, file, "turn-2", "v2");

    const saved = await readdir(join(dir, "history"));
    expect(saved.sort()).toEqual([backupName(file, 1), backupName(file, 2), "index.jsonl"].sort());
    expect(backupName(file, 1)).toMatch(/^[0-9a-f]{16}@v1$/);
    expect(await readFile(join(dir, "history", backupName(file, 2)), "utf8")).toBe("v1");
    const lines = (await readFile(join(dir, "history", "index.jsonl"), "utf8")).trim().split("\n");
    const folder = await realpath(dir);
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      { kind: "turn", turnUuid: "turn-1" },
      {
        kind: "snapshot",
        path: file,
        version: 1,
        turnUuid: "turn-1",
        existed: true,
        folder,
        time: "2026-01-01T00:00:00.000Z",
      },
      { kind: "turn", turnUuid: "turn-2" },
      {
        kind: "snapshot",
        path: file,
        version: 2,
        turnUuid: "turn-2",
        existed: true,
        folder,
        time: "2026-01-01T00:00:00.000Z",
      },
    ]);
  });

  it("snapshots a file once when two changes in one turn start together", async () => {
    const history = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "original");
    await Promise.all([
      history.snapshotBeforeWrite(file, "turn-1"),
      history.snapshotBeforeWrite(file, "turn-1"),
    ]);
    expect(history.snapshots()).toHaveLength(1);
  });
});

describe("FileHistory.load", () => {
  it("rebuilds the index from index.jsonl and can restore from it", async () => {
    const first = historyIn();
    const file = join(dir, "a.txt");
    const created = join(dir, "b.txt");
    await writeFile(file, "original");
    await change(first, file, "turn-1", "v1");
    await change(first, created, "turn-2", "made in turn 2");
    await change(first, file, "turn-2", "v2");

    const loaded = await FileHistory.load(join(dir, "history"));
    expect(loaded.turns()).toEqual(["turn-1", "turn-2"]);
    expect(loaded.snapshots()).toEqual(first.snapshots());
    expect((await loaded.restoreTo("turn-1")).sort()).toEqual([file, created].sort());
    expect(await readFile(file, "utf8")).toBe("original");
    expect(await exists(created)).toBe(false);
  });

  it("skips corrupt lines, reporting each, and keeps the good ones", async () => {
    const first = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "original");
    await change(first, file, "turn-1", "v1");
    const index = join(dir, "history", "index.jsonl");
    await appendFile(index, '{"kind":"snapshot","path":"/x"}\nnot json at all\n{"kind":"tu');

    const corrupt: number[] = [];
    const loaded = await FileHistory.load(join(dir, "history"), {
      onCorruptLine: (lineNumber) => corrupt.push(lineNumber),
    });
    expect(corrupt).toEqual([3, 4, 5]);
    expect(loaded.snapshots()).toEqual(first.snapshots());
  });

  it("continues version numbers after a reload", async () => {
    const first = historyIn();
    const file = join(dir, "a.txt");
    await writeFile(file, "original");
    await change(first, file, "turn-1", "v1");
    const loaded = await FileHistory.load(join(dir, "history"), { now: fixedClock });
    await change(loaded, file, "turn-2", "v2");
    // A snapshot already taken before the reload is not taken again in the same turn.
    await loaded.snapshotBeforeWrite(file, "turn-1");
    expect(loaded.snapshots().map((s) => s.version)).toEqual([1, 2]);
  });

  it("is empty for a folder with no index", async () => {
    const loaded = await FileHistory.load(join(dir, "nothing-here"));
    expect(loaded.snapshots()).toEqual([]);
    expect(loaded.turns()).toEqual([]);
  });
});
