import { z } from "zod";
import type { ToolResultBlock } from "../../../../src/protocol/content.js";
import type { Tool, ToolCallResult } from "../../../../src/tools/tool.js";
import { type EventLog, type Gates, nextTick, untilAbortedOr } from "./event-log.js";

/** A text result block. */
function textResult(text: string, toolUseId: string): ToolResultBlock {
  return { type: "tool_result", tool_use_id: toolUseId, content: text };
}

/** The parts every test tool shares; `safe` says whether calls may run in parallel. */
function baseTool<I>(name: string, schema: z.ZodType<I>, safe: (input: I) => boolean) {
  return {
    name,
    description: `${name} (test tool)`,
    inputSchema: schema,
    maxResultSizeChars: 100_000,
    isReadOnly: safe,
    isConcurrencySafe: safe,
    mapToolResult: textResult,
  };
}

const gatedInput = z.strictObject({
  text: z.string(),
  gate: z.string().optional(),
  opens: z.string().optional(),
});
type GatedInput = z.infer<typeof gatedInput>;

/**
 * Logs start/end around an optional wait on a gate, then optionally opens another gate.
 * "Echo" is concurrency-safe; "Note" runs alone.
 */
export function gatedTool(
  name: "Echo" | "Note",
  log: EventLog,
  gates: Gates,
): Tool<GatedInput, string> {
  return {
    ...baseTool(name, gatedInput, () => name === "Echo"),
    async call(input) {
      log.push(`start:${input.text}`);
      if (input.gate) await gates.wait(input.gate);
      log.push(`end:${input.text}`);
      if (input.opens) gates.open(input.opens);
      return { data: input.text };
    },
  };
}

const sleepInput = z.strictObject({ id: z.string() });

/** Waits until its gate opens or its signal aborts (then throws the abort); may be cancelled. */
export function sleepTool(log: EventLog, gates: Gates): Tool<{ id: string }, string> {
  return {
    ...baseTool("Sleep", sleepInput, () => true),
    interruptBehavior: () => "cancel",
    async call(input, context) {
      log.push(`start:${input.id}`);
      await untilAbortedOr(context.signal, gates.wait(input.id));
      if (context.signal.aborted) {
        log.push(`aborted:${input.id}`);
        context.signal.throwIfAborted();
      }
      log.push(`end:${input.id}`);
      return { data: `slept ${input.id}` };
    },
  };
}

const bashInput = z.strictObject({
  command: z.string(),
  fail: z.boolean().optional(),
  gate: z.string().optional(),
});

/** A stand-in named "Bash": concurrency-safe, fails (exit code 1) when asked to. */
export function fakeBashTool(log: EventLog, gates: Gates): Tool<z.infer<typeof bashInput>, string> {
  return {
    ...baseTool("Bash", bashInput, () => true),
    async call(input, context) {
      log.push(`start:${input.command}`);
      if (input.gate) await untilAbortedOr(context.signal, gates.wait(input.gate));
      log.push(`end:${input.command}`);
      if (input.fail) {
        throw Object.assign(new Error("failed"), { exitCode: 1, stderr: `${input.command}: boom` });
      }
      return { data: `ran ${input.command}` };
    },
  };
}

/** Throws an error with the given message (or a non-Error value when `raw`). */
export function throwerTool(): Tool<{ message: string; raw?: boolean }, never> {
  const schema = z.strictObject({ message: z.string(), raw: z.boolean().optional() });
  return {
    ...baseTool("Thrower", schema, () => true),
    async call(input) {
      if (input.raw) throw input.message;
      throw new Error(input.message);
    },
  };
}

const progressInput = z.strictObject({
  steps: z.number().int(),
  text: z.string(),
  safe: z.boolean().optional(),
});

/** Reports `steps` progress events, then returns its (possibly blank) text. */
export function progressTool(log: EventLog): Tool<z.infer<typeof progressInput>, string> {
  return {
    ...baseTool("Progress", progressInput, (input) => input.safe === true),
    async call(input, _context, onProgress) {
      for (let step = 1; step <= input.steps; step++) {
        onProgress({ step });
        log.push(`progress:${step}`);
        await nextTick();
      }
      return { data: input.text };
    },
  };
}

const addDirInput = z.strictObject({ dir: z.string(), safe: z.boolean().optional() });

/** Records the folders it sees, and adds its own folder to the context for later calls. */
export function addDirTool(log: EventLog): Tool<z.infer<typeof addDirInput>, string> {
  return {
    ...baseTool("AddDir", addDirInput, (input) => input.safe === true),
    async call(input, context): Promise<ToolCallResult<string>> {
      log.push(`${input.dir} sees [${context.options.additionalDirectories.join(",")}]`);
      await nextTick();
      return {
        data: input.dir,
        contextModifier: (c) => ({
          ...c,
          options: {
            ...c.options,
            additionalDirectories: [...c.options.additionalDirectories, input.dir],
          },
        }),
      };
    },
  };
}

/** Counts how many of its calls run at once (the highest count is kept). */
export function counterTool(): Tool<{ id: string }, string> & { maxRunning(): number } {
  let running = 0;
  let max = 0;
  return {
    ...baseTool("Count", sleepInput, () => true),
    maxRunning: () => max,
    async call(input) {
      running += 1;
      max = Math.max(max, running);
      for (let i = 0; i < 3; i++) await nextTick();
      running -= 1;
      return { data: input.id };
    },
  };
}

const waitInput = z.strictObject({ ticks: z.number().int().min(0), safe: z.boolean() });

/** Waits some event-loop turns, honouring its signal; safe or not as its input says. */
export function waitTool(): Tool<z.infer<typeof waitInput>, string> {
  return {
    ...baseTool("Wait", waitInput, (input) => input.safe),
    async call(input, context) {
      for (let i = 0; i < input.ticks; i++) {
        context.signal.throwIfAborted();
        await nextTick();
      }
      return { data: `waited ${input.ticks}` };
    },
  };
}
