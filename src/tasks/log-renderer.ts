import { StringDecoder } from "node:string_decoder";
import { agentLogLines } from "./agent-log.js";
import type { TaskKind } from "./task-meta.js";
import { workflowLogLines } from "./workflow-log.js";

/** Turns a task's output.log, chunk by chunk, into what `keel logs` prints. */
interface LogRenderer {
  /** The printable text for these bytes (a line or character cut short waits for the next). */
  push(bytes: Buffer): string;
  /** What was held back, once no more bytes will come. */
  end(): string;
}

/** A shell's output is printed as it is (only split UTF-8 characters are held back). */
function rawRenderer(): LogRenderer {
  const decoder = new StringDecoder("utf8");
  return { push: (bytes) => decoder.write(bytes), end: () => decoder.end() };
}

/** JSON lines become printable lines through `toLines`, one whole JSON line at a time. */
function jsonLinesRenderer(toLines: (line: string) => string[]): LogRenderer {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const render = (lines: string[]) =>
    lines
      .flatMap(toLines)
      .map((l) => `${l}\n`)
      .join("");
  return {
    push(bytes) {
      const lines = (pending + decoder.write(bytes)).split("\n");
      pending = lines.pop() ?? "";
      return render(lines);
    },
    end() {
      const rest = pending + decoder.end();
      pending = "";
      return render([rest]);
    },
  };
}

/** The renderer for a task of this kind. */
export function logRenderer(kind: TaskKind): LogRenderer {
  // A teammate's log is an agent's: its messages as stream-json lines.
  if (kind === "local_agent" || kind === "in_process_teammate") {
    return jsonLinesRenderer(agentLogLines);
  }
  if (kind === "local_workflow") return jsonLinesRenderer(workflowLogLines);
  return rawRenderer();
}
