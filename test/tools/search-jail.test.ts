import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { mergeSettingsLayers } from "../../src/config/settings/merge.js";
import { createPermissionEngine } from "../../src/policy/engine.js";
import { jailWorks, programOnPath } from "../../src/tools/builtin/bash/read-only-jail.js";
import { createGlobTool } from "../../src/tools/builtin/glob/glob-tool.js";
import { createGrepTool } from "../../src/tools/builtin/grep/grep-tool.js";
import type { ToolCallContext } from "../../src/tools/context.js";
import type { ReadDenial } from "../../src/tools/read-denial.js";
import { writeFiles } from "./glob/helpers.js";
import { callTool, makeContext, TempFolders, toolsConfig } from "./read/helpers.js";

// A search rooted outside the working folders runs ripgrep in the read-only jail, where the
// paths Read deny rules cover are hidden whatever path reaches them; inside, it runs directly.
// KEEL_REQUIRE_BWRAP=1 (CI) makes a missing or refused bwrap a failure rather than a skip.
const bwrap = programOnPath("bwrap", process.env.PATH);
const jailing = bwrap !== undefined && (await jailWorks(bwrap));
if (!jailing && process.env.KEEL_REQUIRE_BWRAP === "1") {
  throw new Error("KEEL_REQUIRE_BWRAP=1 but bwrap cannot make a jail here: install bubblewrap");
}
if (!jailing) console.warn("search jail tests skipped: bwrap is missing or cannot make a jail");

const temps = new TempFolders();
afterEach(() => temps.cleanup());

const SECRET = "SECRET-VALUE";
const VAULT = "VAULT-VALUE";
const FILES = {
  "notes.txt": "MARK notes\n",
  "secret.txt": `MARK ${SECRET}\n`,
  "vault/key": `MARK ${VAULT}\n`,
};

/** A working folder, a folder outside it (with a link to its secret), and keel's state. */
async function folders() {
  const work = await temps.make();
  const outside = await temps.make();
  const state = await temps.make();
  await writeFiles(work, { "src/a.ts": "const a = 'MARK';\n" });
  await writeFiles(outside, FILES);
  await symlink(join(outside, "secret.txt"), join(outside, "alias.txt"));
  const config = toolsConfig(work, state);
  return { work, outside, state, grep: createGrepTool(config), glob: createGlobTool(config) };
}

/** A context whose Read deny rules are real settings rules. */
function denyingContext(work: string, state: string, deny: string[]): ToolCallContext {
  const settings = mergeSettingsLayers(
    [
      {
        source: "project",
        origin: join(work, ".claude/settings.json"),
        settings: { permissions: { deny } },
      },
    ],
    { home: work, stateDir: state, cwd: work },
  );
  const engine = createPermissionEngine({ settings, cwd: work, stateDir: state, home: work });
  const context = makeContext(work);
  context.options = { ...context.options, readDenial: engine.readDenial };
  return context;
}

/**
 * A denial whose per-file filter misses everything and that only the jail applies: what a
 * search shows then tells whether ripgrep ran jailed.
 */
function jailOnly(context: ToolCallContext, hidden: string[]): ToolCallContext {
  const readDenial: ReadDenial = {
    denies: () => false,
    excludeGlobs: () => [],
    hiddenPaths: () => hidden,
  };
  context.options = { ...context.options, readDenial };
  return context;
}

const content = { pattern: "MARK", output_mode: "content" };

/** What a Grep call shows: its result, or the error it fails with. */
async function shown(
  grep: ReturnType<typeof createGrepTool>,
  input: Record<string, unknown>,
  context: ToolCallContext,
): Promise<string> {
  return callTool(grep, input, context).then(
    (outcome) => outcome.text,
    (error: unknown) => String(error),
  );
}

describe("a search rooted outside the working folders", () => {
  it("never shows a Read-denied file's content, by its name or through a link to it", async () => {
    const { work, outside, state, grep } = await folders();
    const context = denyingContext(work, state, [`Read(/${outside}/secret.txt)`]);
    for (const path of [outside, join(outside, "alias.txt"), join(outside, "secret.txt")]) {
      for (const output_mode of ["content", "files_with_matches", "count"]) {
        const { text } = await callTool(grep, { ...content, path, output_mode }, context);
        expect(text).not.toContain(SECRET);
        expect(text).not.toMatch(/secret\.txt|alias\.txt/);
      }
    }
  });

  it("finds allowed files as usual, in every output mode and through Glob", async () => {
    const { work, outside, state, grep, glob } = await folders();
    const context = denyingContext(work, state, [`Read(/${outside}/secret.txt)`]);
    const notes = join(outside, "notes.txt");
    const lines = await callTool(grep, { ...content, path: outside }, context);
    expect(lines.text).toContain(`${notes}:1:MARK notes`);
    const files = await callTool(grep, { pattern: "notes", path: outside }, context);
    expect(files.text).toContain(notes);
    const counts = await callTool(grep, { ...content, output_mode: "count", path: notes }, context);
    expect(counts.text).toContain("1");
    const listed = await callTool(glob, { pattern: "**/*", path: outside }, context);
    expect(listed.text).toContain(notes);
    expect(listed.text).toContain(join(outside, "vault", "key"));
    expect(listed.text).not.toContain("secret.txt");
  });

  it("stops ripgrep at a full page", async () => {
    const { work, outside, grep } = await folders();
    await writeFile(join(outside, "many.txt"), "MARK line\n".repeat(50_000));
    const page = await callTool(
      grep,
      { ...content, path: join(outside, "many.txt"), head_limit: 5 },
      makeContext(work),
    );
    expect(page.data).toMatchObject({ mode: "content", more: true });
    expect(page.text.split("\n").filter((line) => line.includes("MARK line"))).toHaveLength(5);
  });
});

describe.skipIf(!jailing)("the jail of a search rooted outside", () => {
  it("hides what Read deny rules cover even where the per-file filter misses it", async () => {
    const { work, outside, grep, glob } = await folders();
    const hidden = [join(outside, "secret.txt"), join(outside, "vault")];
    const context = jailOnly(makeContext(work), hidden);
    for (const path of [outside, join(outside, "alias.txt"), join(outside, "vault/key")]) {
      const text = await shown(grep, { ...content, path }, context);
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(VAULT);
    }
    expect(await shown(grep, { ...content, path: outside }, context)).toContain("MARK notes");
    const listed = await callTool(glob, { pattern: "**/*", path: outside }, context);
    expect(listed.text).toContain(join(outside, "notes.txt"));
    expect(listed.text).not.toContain(join(outside, "vault", "key"));
  });

  it("covers a link inside the working folder that leads outside", async () => {
    const { work, outside, grep } = await folders();
    await symlink(outside, join(work, "elsewhere"));
    const context = jailOnly(makeContext(work), [join(outside, "secret.txt")]);
    for (const path of ["elsewhere", "elsewhere/secret.txt", "elsewhere/alias.txt"]) {
      expect(await shown(grep, { ...content, path }, context)).not.toContain(SECRET);
    }
    const { text } = await callTool(grep, { ...content, path: "elsewhere" }, context);
    expect(text).toContain("MARK notes");
    expect(text).toContain(VAULT);
  });
});

describe("a search inside the working folders", () => {
  it("runs ripgrep directly: only the per-file filter applies there", async () => {
    const { work, state, grep, glob } = await folders();
    await writeFiles(work, FILES);
    await writeFiles(state, { "memo.md": `MARK ${SECRET} in state\n` });
    const extra = await temps.make();
    await writeFiles(extra, { "more.txt": `MARK ${SECRET} added\n` });
    // The jail would hide these; a filter that misses them lets them show unjailed.
    const hidden = [join(work, "secret.txt"), join(work, "vault"), state, extra];
    const context = jailOnly(makeContext(work, { additionalDirectories: [extra] }), hidden);
    const inWork = await callTool(grep, content, context);
    expect(inWork.text).toContain(SECRET);
    expect(inWork.text).toContain(VAULT);
    expect(inWork.text).toContain("const a = 'MARK'");
    const inState = await callTool(grep, { ...content, path: state }, context);
    expect(inState.text).toContain(`${SECRET} in state`);
    const inExtra = await callTool(grep, { ...content, path: extra }, context);
    expect(inExtra.text).toContain(`${SECRET} added`);
    const listed = await callTool(glob, { pattern: "**/*" }, context);
    expect(listed.text).toContain(join(work, "vault", "key"));
  });

  it("does not follow a link out of the folder while it walks", async () => {
    const { work, outside, grep } = await folders();
    await symlink(outside, join(work, "elsewhere"));
    const { text } = await callTool(grep, content, makeContext(work));
    expect(text).toContain("const a = 'MARK'");
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(VAULT);
  });
});

describe("a bubblewrap that cannot make a jail here", () => {
  it("leaves a search rooted outside to run unjailed", async () => {
    const { work, outside, state } = await folders();
    const fakes = join(state, "fake-bin");
    await mkdir(fakes);
    await writeFile(
      join(fakes, "bwrap"),
      "#!/bin/sh\necho 'bwrap: No permissions to create a new namespace' >&2\nexit 1\n",
      { mode: 0o755 },
    );
    const config = toolsConfig(work, state, { PATH: `${fakes}:${process.env.PATH}` });
    const context = jailOnly(makeContext(work), [join(outside, "secret.txt")]);
    const { text } = await callTool(createGrepTool(config), { ...content, path: outside }, context);
    expect(text).toContain("MARK notes");
    // Unjailed, only the per-file filter applies, and this one misses the file.
    expect(text).toContain(SECRET);
  });
});
