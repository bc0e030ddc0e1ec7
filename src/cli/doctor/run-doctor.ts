import { describeProblem } from "../../config/settings/problems.js";
import { folderCode } from "../repl/startup/folder-code.js";
import { checkApi } from "./check-api.js";
import { checkInstallation } from "./check-installation.js";
import { checkMcp } from "./check-mcp.js";
import { checkRipgrep } from "./check-ripgrep.js";
import { checkSandbox } from "./check-sandbox.js";
import { checkSettings } from "./check-settings.js";
import { checkTrust } from "./check-trust.js";
import { checkWebSearch } from "./check-web-search.js";
import type { DoctorContext } from "./context.js";
import { doctorSettings } from "./doctor-settings.js";
import type { DoctorReport } from "./report.js";

/**
 * Runs every check: installation, ripgrep, sandbox, settings, folder trust, MCP servers, the
 * API and web search. The slow ones (servers, the API) run at the same time.
 */
export async function runDoctor(context: DoctorContext): Promise<DoctorReport> {
  const settings = await doctorSettings(context);
  // First, before anything starts: in the print bundle this hands over to the full build.
  const code = await folderCode(settings.trusted, context);
  const settingsLines = new Set(settings.inspection.problems.map(describeProblem));
  const checks = await Promise.all([
    checkInstallation(context),
    checkRipgrep(context),
    checkSandbox(context, settings),
    checkSettings(settings),
    checkTrust(context, settings, code),
    checkMcp(context, settingsLines),
    checkApi(context, settings),
    checkWebSearch(context, settings),
  ]);
  return { ok: checks.every((check) => check.ok), checks };
}
