import { execFileSync } from "node:child_process";
import { mkdir, readFile, rename, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { driveTurns, editNotesAndMake, promptUuid } from "./sdk-between-turns.js";
import { useSdkSandbox } from "./sdk-harness.js";

/**
 * A host's file requests tried as an attacker would: through links inside the working folder
 * that lead to a denied file or out of the folder. Each checks the effect: what the host was
 * told, and which files changed.
 */

const SECRET = "hunter2-sdk-file-attack";

const sandbox = useSdkSandbox(async ({ home, cwd }) => {
  await writeFile(join(cwd, "secret.txt"), `${SECRET}\n`);
  await writeFile(join(home, "outside.txt"), `${SECRET} outside\n`);
  await symlink(join(cwd, "secret.txt"), join(cwd, "link-to-secret.txt"));
  await symlink(join(home, "outside.txt"), join(cwd, "link-to-outside.txt"));
  await symlink(home, join(cwd, "home-link"));
  await writeFile(join(cwd, "guarded.txt"), "guarded\n");
  await mkdir(join(cwd, "sub"));
  await writeFile(join(cwd, "sub", "notes.txt"), "line one\nline two\n");
  await mkdir(join(cwd, ".claude"));
  await writeFile(
    join(cwd, ".claude", "settings.json"),
    JSON.stringify({ permissions: { deny: ["Read(./secret.txt)", "Edit(./guarded.txt)"] } }),
  );
});

/** The SDK's own request sender (its Query has no method for file_suggestions). */
interface RawRequests {
  request(inner: Record<string, unknown>): Promise<{ response?: Record<string, unknown> }>;
}

describe("the Agent SDK's file requests, through links", { timeout: 60_000 }, () => {
  it("readFile and seedReadState refuse a link to a denied file or out of the folder; a seed lets no Edit past its rules", async () => {
    const box = sandbox();
    const server = await scriptedServer({
      turns: [
        { content: "Hello." },
        {
          content: [
            {
              type: "tool_use",
              name: "Edit",
              input: {
                file_path: join(box.cwd, "link-to-outside.txt"),
                old_string: SECRET,
                new_string: "pwned",
              },
            },
            {
              type: "tool_use",
              name: "Edit",
              input: {
                file_path: join(box.cwd, "guarded.txt"),
                old_string: "guarded",
                new_string: "pwned",
              },
            },
          ],
        },
        { content: "Done." },
      ],
    });
    const answers: unknown[] = [];
    const seeds: unknown[] = [];
    const mtime = Math.floor((await stat(join(box.home, "outside.txt"))).mtimeMs);
    const secretMtime = Math.floor((await stat(join(box.cwd, "secret.txt"))).mtimeMs);
    const guardedMtime = Math.floor((await stat(join(box.cwd, "guarded.txt"))).mtimeMs);
    let guardedSeed: unknown;
    await driveTurns(
      sandbox(),
      server.url,
      ["hi", "change the outside file"],
      [
        async (q) => {
          answers.push(await q.readFile("link-to-secret.txt"));
          answers.push(await q.readFile("link-to-outside.txt"));
          answers.push(await q.readFile("home-link/outside.txt"));
          for (const [path, time] of [
            ["link-to-secret.txt", secretMtime],
            ["link-to-outside.txt", mtime],
            ["home-link/outside.txt", mtime],
          ] as const) {
            seeds.push(await q.seedReadState(path, time).then(() => "seeded", String));
          }
          // Read may read it, so the seed is taken; the Edit deny rule still holds.
          guardedSeed = await q.seedReadState("guarded.txt", guardedMtime).then(() => "seeded");
        },
      ],
      { permissionMode: "acceptEdits" },
    );
    expect(answers).toEqual([null, null, null]);
    expect(seeds.every((seed) => seed !== "seeded")).toBe(true);
    expect(JSON.stringify([answers, seeds])).not.toContain(SECRET);
    expect(await readFile(join(box.home, "outside.txt"), "utf8")).toBe(`${SECRET} outside\n`);
    expect(guardedSeed).toBe("seeded");
    expect(await readFile(join(box.cwd, "guarded.txt"), "utf8")).toBe("guarded\n");
  });

  it("readFile of a named pipe answers at once, refused, and keel answers the next read", async () => {
    const box = sandbox();
    execFileSync("mkfifo", [join(box.cwd, "pipe")]);
    await writeFile(join(box.cwd, "plain.txt"), "plain\n");
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const answers: unknown[] = [];
    await driveTurns(
      sandbox(),
      server.url,
      ["hi"],
      [
        async (q) => {
          // Opening a pipe nobody writes to waits forever: the read would never be answered.
          const late = new Promise((resolve) => setTimeout(() => resolve("no answer"), 5_000));
          answers.push(await Promise.race([q.readFile("pipe"), late]));
          answers.push(await q.readFile("plain.txt"));
        },
      ],
    );
    expect(answers[0]).toBeNull();
    expect(answers[1]).toMatchObject({ contents: "plain\n" });
  });

  it("file_suggestions offers no path Read may not read, a link to one included", async () => {
    const server = await scriptedServer({ turns: [{ content: "Hello." }] });
    const answers: unknown[] = [];
    await driveTurns(
      sandbox(),
      server.url,
      ["hi"],
      [
        async (q) => {
          const raw = q as unknown as RawRequests;
          for (const query of ["secret", "outside", "link"]) {
            answers.push((await raw.request({ subtype: "file_suggestions", query })).response);
          }
        },
      ],
    );
    const offered = answers.flatMap((answer) => (answer as { suggestions: string[] }).suggestions);
    expect(offered).not.toContain("secret.txt");
    expect(offered.filter((path) => /secret|outside/.test(path))).toEqual([]);
  });

  it("rewindFiles neither writes nor counts anything through a parent folder that became a link since the checkpoint", async () => {
    const box = sandbox();
    const notes = join(box.cwd, "sub", "notes.txt");
    const made = join(box.cwd, "sub", "made.txt");
    const victim = join(box.home, "victim");
    const server = await scriptedServer(editNotesAndMake(notes, made));
    let preview: unknown;
    let rewound: unknown;
    await driveTurns(
      sandbox(),
      server.url,
      ["change the notes"],
      [
        async (q, sessionId) => {
          // The folder the checkpoint saw moves away; a link to another folder takes its name.
          await rename(join(box.cwd, "sub"), join(box.cwd, "sub-moved"));
          await mkdir(victim);
          await writeFile(join(victim, "notes.txt"), "victim notes\n");
          await writeFile(join(victim, "made.txt"), "victim made\n");
          await symlink(victim, join(box.cwd, "sub"));
          const uuid = await promptUuid(box, sessionId, "change the notes");
          preview = await q.rewindFiles(uuid, { dryRun: true });
          rewound = await q.rewindFiles(uuid);
        },
      ],
      { permissionMode: "acceptEdits" },
    );
    // The preview does not read through the link either: nothing of the files there is counted.
    const nothing = { canRewind: true, filesChanged: [], insertions: 0, deletions: 0 };
    expect(preview).toEqual(nothing);
    expect(rewound).toEqual({ ...nothing, skippedLinks: 2 });
    expect(await readFile(join(victim, "notes.txt"), "utf8")).toBe("victim notes\n");
    expect(await readFile(join(victim, "made.txt"), "utf8")).toBe("victim made\n");
  });
});
