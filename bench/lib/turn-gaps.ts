import type { Exchange } from "./proxy.js";

/** The main Messages requests of a session (side requests and other paths left out). */
export function mainExchanges(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges.filter(
    (e) =>
      e.path.startsWith("/v1/messages") &&
      !e.path.includes("count_tokens") &&
      (e.kind ?? "main") === "main",
  );
}

/**
 * For each main request after the first: the milliseconds from the end of the previous main
 * response's stream to this request's arrival — the client's whole share of a turn (parsing the
 * stream's tail, running tools, writing the transcript, building and sending the next request).
 */
export function turnGapsMs(exchanges: readonly Exchange[]): number[] {
  const main = mainExchanges(exchanges);
  const gaps: number[] = [];
  for (let i = 1; i < main.length; i++) {
    const previousEnd = main[i - 1]!.responseEndAt;
    if (previousEnd === undefined) throw new Error(`main request ${i - 1} has no response end`);
    gaps.push(main[i]!.requestAt - previousEnd);
  }
  return gaps;
}
