import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type {
  ExpansionDecider,
  ExpansionVerdict,
} from "../../../src/cli/repl/commands/expansion-permissions.js";
import { withMentionedFiles } from "../../../src/cli/repl/commands/typed-mentions.js";
import type { ReplSession } from "../../../src/cli/repl/repl-controller.js";
import { scriptedEngine } from "../../session/engine/helpers.js";
import { controllerFor, texts, until } from "./repl-harness.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "keel-typed-mentions-"));
  await writeFile(join(dir, "notes.txt"), "first line\nsecond line\n");
  await writeFile(join(dir, ".env"), "SECRET=1\n");
  await mkdir(join(dir, "home"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A decider that denies reading `.env` (as a deny rule would) and answers the rest with `rest`. */
function deciding(rest: ExpansionVerdict["behavior"] = "allow"): ExpansionDecider {
  return async (call) => {
    if (call.tool === "Read" && call.path.endsWith(".env")) {
      return { behavior: "deny", message: "denied", rule: "Read(./.env)" };
    }
    return rest === "allow" ? { behavior: "allow" } : { behavior: rest, message: "would ask" };
  };
}

const roots = () => ({ cwd: dir, home: join(dir, "home") });

describe("@files in a typed prompt", () => {
  it("adds the named file after the prompt, as a Read of it would show it", async () => {
    const out = await withMentionedFiles("summarise @notes.txt please", roots(), deciding());
    expect(out.text.startsWith("summarise @notes.txt please")).toBe(true);
    expect(out.text).toContain("first line");
    expect(out.text).toContain("second line");
    expect(out.notices).toEqual([]);
  });

  it("reads a file a Read would ask about: the person named it", async () => {
    const out = await withMentionedFiles("see @notes.txt", roots(), deciding("ask"));
    expect(out.text).toContain("first line");
  });

  it("keeps a denied file out, names the rule, and leaves other text as typed", async () => {
    const out = await withMentionedFiles("@.env and @missing.txt and me@host", roots(), deciding());
    expect(out.text).toBe("@.env and @missing.txt and me@host");
    expect(out.notices).toEqual([
      "@.env was left as typed, not read: the deny rule Read(./.env) covers it.",
    ]);
  });
});

describe("the REPL sends a typed prompt's @files to the model", () => {
  it("puts the file in the request and shows a notice for a denied one", async () => {
    const { engine, provider } = scriptedEngine({ turns: [{ content: "Read it." }] });
    const session: ReplSession = {
      engine,
      withMentionedFiles: (text) => withMentionedFiles(text, roots(), deciding()),
      dispose: async () => {},
    };
    const controller = controllerFor(session, dir);
    controller.submit("compare @notes.txt with @.env");
    const state = await until(
      controller,
      (st) => !st.busy && texts(st, "assistant").length > 0,
      "the answer",
    );
    const body = JSON.stringify(provider.requests[0]?.body);
    expect(body).toContain("second line");
    expect(body).not.toContain("SECRET=1");
    expect(texts(state, "notice")).toContain(
      "@.env was left as typed, not read: the deny rule Read(./.env) covers it.",
    );
    // The transcript shows what was typed, not the files.
    expect(texts(state, "user")).toEqual(["compare @notes.txt with @.env"]);
  });
});
