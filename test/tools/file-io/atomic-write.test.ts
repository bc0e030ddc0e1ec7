import { chmod, readdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type AtomicWriteSteps,
  writeFileAtomic,
} from "../../../src/tools/builtin/file-io/atomic-write.js";
import { useTempDir } from "./helpers.js";

let dir: string;
useTempDir((made) => {
  dir = made;
});

function ownershipOf(mode: number) {
  return { mode, uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
}

describe("atomic write", () => {
  it("writes the whole file through a temp file beside the target, then renames it", async () => {
    const target = join(dir, "notes.txt");
    await writeFile(target, "old content\n");
    const seen: { tempDir: string; tempContent: string; targetAtRename: string }[] = [];
    const steps: AtomicWriteSteps = {
      uniqueSuffix: () => "fixed",
      rename: async (from, to) => {
        seen.push({
          tempDir: dirname(from),
          tempContent: await readFile(from, "utf8"),
          targetAtRename: await readFile(to, "utf8"),
        });
        await rename(from, to);
      },
    };
    await writeFileAtomic(target, Buffer.from("new content\n"), ownershipOf(0o644), steps);
    expect(seen).toEqual([
      { tempDir: dir, tempContent: "new content\n", targetAtRename: "old content\n" },
    ]);
    expect(await readFile(target, "utf8")).toBe("new content\n");
    expect(await readdir(dir)).toEqual(["notes.txt"]);
  });

  it("leaves the original intact and no temp file behind when the rename fails", async () => {
    const target = join(dir, "keep.txt");
    await writeFile(target, "original\n");
    const steps: AtomicWriteSteps = {
      uniqueSuffix: () => "crash",
      rename: async () => {
        throw Object.assign(new Error("simulated crash before rename"), { code: "EIO" });
      },
    };
    await expect(
      writeFileAtomic(target, Buffer.from("partial"), ownershipOf(0o644), steps),
    ).rejects.toThrow("simulated crash");
    expect(await readFile(target, "utf8")).toBe("original\n");
    expect(await readdir(dir)).toEqual(["keep.txt"]);
  });

  it("keeps the replaced file's permission bits", async () => {
    const target = join(dir, "run.sh");
    await writeFile(target, "#!/bin/sh\n");
    await chmod(target, 0o750);
    await writeFileAtomic(target, Buffer.from("#!/bin/sh\necho hi\n"), ownershipOf(0o100750));
    expect((await stat(target)).mode & 0o7777).toBe(0o750);
  });

  it("never overwrites a stray file that happens to have the temp file's name", async () => {
    const target = join(dir, "a.txt");
    const stray = join(dir, ".a.txt.same.keel-tmp");
    await writeFile(stray, "someone else's");
    const steps: AtomicWriteSteps = { uniqueSuffix: () => "same", rename };
    await expect(writeFileAtomic(target, Buffer.from("x"), undefined, steps)).rejects.toThrow();
    expect(await readFile(stray, "utf8")).toBe("someone else's");
  });
});
