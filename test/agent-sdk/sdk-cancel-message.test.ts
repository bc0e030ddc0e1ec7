import { randomUUID } from "node:crypto";
import { access, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Query, SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { scriptedServer } from "../helpers/scripted.js";
import { keelOptions, loadAgentSdk, userMessage, useSdkSandbox } from "./sdk-harness.js";

const sandbox = useSdkSandbox();

/** The Query method this SDK has but its d.ts leaves out (it sends cancel_async_message). */
interface CancellingQuery {
  cancelAsyncMessage(uuid: string): Promise<boolean>;
}

const WITHDRAWN = "withdrawn-prompt-9c2e";
const KEPT = "kept-prompt-41d7";
/** A command's text: a `/name` waits for the running turn, held before the engine. */
const COMMAND_TEXT = "held-command-text-b83f";

/** Settles once `path` exists. */
async function whenExists(path: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${path} never appeared`);
}

/** Every transcript under `dir`, joined. */
async function transcriptText(dir: string): Promise<string> {
  const files = await readdir(dir, { recursive: true });
  const transcripts = files.filter((file) => file.endsWith(".jsonl"));
  const texts = await Promise.all(transcripts.map((file) => readFile(join(dir, file), "utf8")));
  return texts.join("\n");
}

describe("the Agent SDK's cancelAsyncMessage()", { timeout: 60_000 }, () => {
  it("withdraws a prompt sent during a turn: it is never sent, while the next one is", async () => {
    const { query } = await loadAgentSdk();
    const box = sandbox();
    await mkdir(join(box.cwd, ".claude", "commands"), { recursive: true });
    await writeFile(join(box.cwd, ".claude", "commands", "later.md"), `${COMMAND_TEXT}\n`);
    const server = await scriptedServer({
      turns: [
        {
          content: [
            {
              type: "tool_use",
              id: "toolu_wait",
              name: "Bash",
              input: { command: "touch started && sleep 3", description: "Wait" },
            },
          ],
        },
        { content: "Done." },
        // The kept prompt waits behind the `/name` (prompts reach the engine in order): a turn of its own.
        { content: "Kept." },
      ],
    });
    const first = randomUUID();
    const withdrawn = randomUUID();
    const command = randomUUID();
    let q: Query | undefined;
    const answers: boolean[] = [];
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const message = (text: string, uuid: string): SDKUserMessage =>
      ({ ...userMessage(text), uuid }) as SDKUserMessage;
    async function* prompts() {
      yield message("run the wait", first);
      // While the Bash call runs: a prompt and a `/name` are withdrawn, the prompt after them is not.
      await whenExists(join(box.cwd, "started"));
      yield message(WITHDRAWN, withdrawn);
      yield message("/later", command);
      const cancelling = q as unknown as CancellingQuery;
      answers.push(await cancelling.cancelAsyncMessage(withdrawn));
      answers.push(await cancelling.cancelAsyncMessage(withdrawn));
      answers.push(await cancelling.cancelAsyncMessage(first));
      answers.push(await cancelling.cancelAsyncMessage(command));
      yield message(KEPT, randomUUID());
      await done;
    }
    q = query({
      prompt: prompts(),
      options: keelOptions(box, server.url, { allowedTools: ["Bash"] }),
    });
    // Read to the end: stdin closes after the last result, and anything still queued would run.
    const results: string[] = [];
    try {
      for await (const m of q) {
        if (m.type !== "result") continue;
        results.push(m.subtype);
        if (results.length === 2) finish();
      }
    } finally {
      finish();
      q.close();
    }
    console.log(
      JSON.stringify(
        server.requests.map((r) => (r.body as { messages: unknown[] }).messages.slice(-1)),
      ).slice(0, 3000),
    );
    expect(results).toEqual(["success", "success"]);
    expect(server.violations).toEqual([]);
    // Withdrawn once; a second cancel, or one for a prompt that ran, finds nothing.
    expect(answers).toEqual([true, false, false, true]);
    const sent = server.requests.map((r) => JSON.stringify(r.body));
    expect(sent.some((body) => body.includes(KEPT))).toBe(true);
    expect(sent.some((body) => body.includes(WITHDRAWN))).toBe(false);
    expect(sent.some((body) => body.includes(COMMAND_TEXT))).toBe(false);
    // The host's uuid is the prompt's own in the transcript (a rewind can name it).
    expect(await transcriptText(join(box.home, ".keel", "projects"))).toContain(
      `"uuid":"${first}"`,
    );
  });
});
