/** The meta notes the loop adds for the model (our own words). */

/** After a response hit the output token limit. */
export const RESUME_AFTER_OUTPUT_LIMIT =
  "Output token limit hit. Resume directly — no apology, no recap of what you were doing. Pick up mid-thought if that is where the cut happened. Break remaining work into smaller pieces.";

/** After a stream failed mid-response; `afterToolCalls` when the calls before the cut ran. */
export function resumeAfterCut(afterToolCalls: boolean): string {
  const what = afterToolCalls
    ? "after the tool calls above. Their results are here; continue from where you stopped."
    : "Continue directly from where it stopped; do not repeat what you already wrote.";
  return `Your previous response was cut off mid-stream (the connection failed) ${what}`;
}

/** After the output limit cut a tool call mid-way (the calls before it ran). */
export function droppedToolCallNote(name: string): string {
  return `Your response hit the output token limit while writing a ${name} call; that call was incomplete and was not run. Send it again if you still need it, with less in one message.`;
}
