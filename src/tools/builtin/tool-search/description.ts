/** What the model is told about ToolSearch. */
export function toolSearchDescription(): string {
  return [
    "Loads the definitions of deferred tools. Deferred tools are named in your instructions, but their parameters are not in your tool list until you load them; load a tool before calling it.",
    "",
    '- query "select:Name" loads that tool; "select:Name1,Name2" loads several at once. Use this when you know the name.',
    "- Any other query is keywords, matched against the deferred tools' names and descriptions; the best matches (at most max_results) are loaded.",
    "- The result shows each loaded tool's full definition (its JSON schema). From then on the tool is in your tool list: call it directly, without searching again.",
  ].join("\n");
}
