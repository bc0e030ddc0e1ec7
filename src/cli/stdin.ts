/** The whole of stdin as text, or "" when stdin is a terminal (nothing piped in). */
export async function readPipedStdin(
  stdin: NodeJS.ReadableStream & { isTTY?: boolean },
): Promise<string> {
  if (stdin.isTTY) return "";
  let text = "";
  stdin.setEncoding("utf8");
  for await (const chunk of stdin) text += chunk;
  return text;
}
