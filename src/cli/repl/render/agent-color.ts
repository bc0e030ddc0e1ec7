/**
 * The terminal colour of an agent's `color` as Claude Code names them (red, blue, green,
 * yellow, purple, orange, pink, cyan); undefined for a name it does not have, shown plain.
 */
const AGENT_COLOURS: Readonly<Record<string, string>> = {
  red: "red",
  blue: "blue",
  green: "green",
  yellow: "yellow",
  purple: "magenta",
  orange: "#ff8700",
  pink: "#ff87d7",
  cyan: "cyan",
};

export function agentTerminalColour(color: string | undefined): string | undefined {
  return color === undefined ? undefined : AGENT_COLOURS[color.toLowerCase()];
}
