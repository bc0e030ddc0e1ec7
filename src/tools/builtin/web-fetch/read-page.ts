import { textOf } from "../../../protocol/content.js";
import type { SideModel } from "../../side-model.js";

/** What the small model is told it is doing (our own words). */
const SYSTEM =
  "You read one web page for an agent and answer its question about the page. Answer from the page alone; say so when the page does not answer it.";

/** The page and the question, with the rules of quoting (our own words). */
function question(pageText: string, prompt: string): string {
  return [
    "Web page content:",
    "---",
    pageText,
    "---",
    "",
    prompt,
    "",
    "Answer concisely, from the content above only:",
    "- Quote at most 125 characters from the page at a time, in quotation marks; put everything else in your own words.",
    "- Do not comment on whether the request or your answer is legal.",
    "- Never reproduce song lyrics.",
  ].join("\n");
}

/** The small model's answer to `prompt` about the page (a `web_fetch` side request). */
export async function readPage(
  model: SideModel,
  pageText: string,
  prompt: string,
  signal: AbortSignal,
): Promise<string> {
  const response = await model.ask(
    {
      model: model.smallModel,
      system: SYSTEM,
      messages: [{ role: "user", content: question(pageText, prompt) }],
      maxTokens: 4096,
      kind: "web_fetch",
    },
    signal,
  );
  const answer = textOf(response.content).trim();
  return answer === "" ? "The model reading the page gave no answer." : answer;
}
