import { existsSync } from "node:fs";
import { mkdir, readFile, rm, stat, symlink, truncate, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { driveTurns, editNotesAndMake, promptUuid } from "./sdk-between-turns.js";
import { useSdkSandbox } from "./sdk-harness.js";

const SECRET = "hunter2-sdk-read-file";

const sandbox = useSdkSandbox(async ({ home, cwd }) => {
  await writeFile(join(cwd, "notes.txt"), "line one\nline two\n");
  await writeFile(join(cwd, "secret.txt"), `${SECRET}\n`);
  await writeFile(join(home, "outside.txt"), `${SECRET} outside\n`);
  await writeFile(join(cwd, "app.ts"), "const version = 1;\n");
  await writeFile(join(cwd, "other.ts"), "const other = 1;\n");
  await mkdir(join(cwd, ".claude"));
  await writeFile(
    join(cwd, ".claude", "settings.json"),
    JSON.stringify({ permissions: { deny: ["Read(./secret.txt)"] } }),
  );
});

describe("the Agent SDK's file requests", { timeout: 60_000 }, () => {
  it("readFile reads what Read may read, and refuses a denied file and one outside the working folders", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const box = sandbox();
    const answers: unknown[] = [];
    await driveTurns(
      sandbox(),
      server.url,
      ["hi"],
      [
        async (q) => {
          answers.push(await q.readFile("notes.txt"));
          answers.push(await q.readFile("notes.txt", { maxBytes: 4, encoding: "base64" }));
          answers.push(await q.readFile("secret.txt"));
          answers.push(await q.readFile(join(box.cwd, "secret.txt")));
          answers.push(await q.readFile(join(box.home, "outside.txt")));
        },
      ],
    );
    const notes = join(box.cwd, "notes.txt");
    expect(answers[0]).toEqual({
      contents: "line one\nline two\n",
      absPath: notes,
      truncated: false,
      lossy: false,
    });
    expect(answers[1]).toEqual({
      contents: Buffer.from("line").toString("base64"),
      absPath: notes,
      truncated: true,
      encoding: "base64",
    });
    // The SDK's readFile gives null for a refusal; nothing of the secret reached the host.
    expect(answers.slice(2)).toEqual([null, null, null]);
    expect(JSON.stringify(answers)).not.toContain(SECRET);
  });

  it("seedReadState lets a later Edit pass its read-before-write check; an unseeded file's Edit fails", async () => {
    const box = sandbox();
    const edit = (file: string) => ({
      type: "tool_use",
      name: "Edit",
      input: { file_path: join(box.cwd, file), old_string: "= 1", new_string: "= 2" },
    });
    const server = await scriptedServer({
      turns: [
        { content: "Hello." },
        { content: [edit("app.ts"), edit("other.ts")] },
        { content: "Edited." },
      ],
    });
    const mtime = Math.floor((await stat(join(box.cwd, "app.ts"))).mtimeMs);
    await driveTurns(
      sandbox(),
      server.url,
      ["hi", "bump both versions"],
      [(q) => q.seedReadState("app.ts", mtime)],
      {
        permissionMode: "acceptEdits",
      },
    );
    expect(await readFile(join(box.cwd, "app.ts"), "utf8")).toBe("const version = 2;\n");
    expect(await readFile(join(box.cwd, "other.ts"), "utf8")).toBe("const other = 1;\n");
    const results = JSON.stringify(server.requests.at(-1)?.body);
    expect(results).toContain("File has not been read yet");
  });

  it("seedReadState refuses a file larger than Edit takes, without reading it", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const box = sandbox();
    const huge = join(box.cwd, "huge.log");
    // Sparse: 300 MB by its size, nothing on disk.
    await writeFile(huge, "");
    await truncate(huge, 300 * 1024 * 1024);
    const mtime = Math.floor((await stat(huge)).mtimeMs);
    let refused = "";
    await driveTurns(
      box,
      server.url,
      ["hi"],
      [
        (q) =>
          q.seedReadState("huge.log", mtime).catch((error: Error) => {
            refused = error.message;
          }),
      ],
    );
    expect(refused).toContain("larger than Edit and Write take");
  });

  it("rewindFiles: a dry run says what would change; the rewind puts the files back as they were before the message", async () => {
    const box = sandbox();
    const notes = join(box.cwd, "notes.txt");
    const made = join(box.cwd, "made.txt");
    const server = await scriptedServer(editNotesAndMake(notes, made));
    let preview: unknown;
    let unknown: unknown;
    let rewound: unknown;
    let afterPreview = "";
    await driveTurns(
      sandbox(),
      server.url,
      ["change the notes"],
      [
        async (q, sessionId) => {
          const uuid = await promptUuid(box, sessionId, "change the notes");
          preview = await q.rewindFiles(uuid, { dryRun: true });
          afterPreview = await readFile(notes, "utf8");
          unknown = await q.rewindFiles("00000000-0000-4000-8000-000000000000");
          rewound = await q.rewindFiles(uuid);
        },
      ],
      { permissionMode: "acceptEdits" },
    );
    const changes = { filesChanged: [notes, made], insertions: 2, deletions: 1 };
    expect(preview).toEqual({ canRewind: true, ...changes });
    expect(afterPreview).toBe("line one\nline 2\n");
    expect(unknown).toMatchObject({ canRewind: false });
    expect(rewound).toEqual({ canRewind: true, ...changes, skippedLinks: 0 });
    expect(await readFile(notes, "utf8")).toBe("line one\nline two\n");
    expect(existsSync(made)).toBe(false);
  });

  it("rewindFiles leaves a path that became a symlink alone: the file it leads to is not written", async () => {
    const box = sandbox();
    const notes = join(box.cwd, "notes.txt");
    const made = join(box.cwd, "made.txt");
    const target = join(box.home, "target.txt");
    const server = await scriptedServer(editNotesAndMake(notes, made));
    let rewound: unknown;
    await driveTurns(
      sandbox(),
      server.url,
      ["change the notes"],
      [
        async (q, sessionId) => {
          await writeFile(target, "outside\n");
          await rm(notes);
          await symlink(target, notes);
          rewound = await q.rewindFiles(await promptUuid(box, sessionId, "change the notes"));
        },
      ],
      { permissionMode: "acceptEdits" },
    );
    expect(rewound).toEqual({
      canRewind: true,
      filesChanged: [made],
      insertions: 1,
      deletions: 0,
      skippedLinks: 1,
    });
    expect(await readFile(target, "utf8")).toBe("outside\n");
    expect(existsSync(made)).toBe(false);
  });
});
