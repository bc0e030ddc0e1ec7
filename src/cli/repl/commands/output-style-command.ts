import type { OutputStyle } from "../../../session/output-style.js";
import { answer, type ConfigHost, typedChange } from "./config-command.js";
import type { ConfigView } from "./config-view.js";

/** A style's line: its description and where it is defined (a custom one's file). */
function styleDetail(style: OutputStyle, view: ConfigView, inForce: boolean): string {
  const where = style.file ? `${style.source}, ${view.shown(style.file)}` : (style.source ?? "");
  const about = style.description ? `${style.description} · ` : "";
  return `${about}${where}${inForce ? " (in force)" : ""}`;
}

/** The style the settings files name now (`default` when none does). */
async function styleInForce(view: ConfigView): Promise<string> {
  const rows = await view.rows();
  return rows.find((row) => row.setting.key === "outputStyle")?.value ?? "default";
}

/** `/output-style <name>`: a style of that name (any case) saved, else the styles listed. */
async function switchStyle(host: ConfigHost, view: ConfigView, name: string) {
  const styles = await view.styles();
  const style = styles.find((s) => s.name.toLowerCase() === name.toLowerCase());
  if (!style) {
    const names = styles.map((s) => s.name).join(", ");
    return {
      text: `No output style is named "${name}"; the styles are ${names}. Nothing was changed.`,
      tone: "error" as const,
    };
  }
  return typedChange(host, view, `outputStyle ${style.name}`);
}

/** The menu of styles: the one in force marked; choosing one saves it. */
async function openStyleMenu(host: ConfigHost, view: ConfigView): Promise<void> {
  const styles = await view.styles();
  const current = await styleInForce(view);
  const options = styles.map((style) => ({
    label: style.name,
    detail: styleDetail(style, view, style.name === current),
  }));
  host.pick(`Output style: choose one (Esc keeps ${current})`, options, (index) => {
    const style = styles[index];
    if (!style) return undefined;
    return answer(host, () => typedChange(host, view, `outputStyle ${style.name}`));
  });
}

/**
 * `/output-style [name]` (Claude Code 2.1 hides it in favour of /config, but runs it): a menu
 * of the styles, or a switch straight to the one named; the choice is saved as `outputStyle`
 * in the project's `.claude/settings.local.json` and acts from the next session or /clear.
 */
export async function runOutputStyle(host: ConfigHost, args: string): Promise<void> {
  const view = host.activeSession.config;
  if (!view) return host.notice("/output-style is not available in this session.", "error");
  if (args !== "") return answer(host, () => switchStyle(host, view, args));
  await openStyleMenu(host, view);
}
