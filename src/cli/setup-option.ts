import { type Command, Option } from "commander";
import { UsageError } from "./usage-error.js";

/** What `--init`, `--init-only` or `--maintenance` asks for: Setup hooks, then (or not) a session. */
export interface SetupRun {
  trigger: "init" | "maintenance";
  /** `--init-only`: run the Setup hooks and exit, with no session. */
  only: boolean;
}

/** Adds Claude Code's Setup flags to the main command. */
export function addSetupFlags(command: Command): Command {
  return command
    .addOption(new Option("--init", "run the Setup hooks (trigger init), then the session"))
    .addOption(new Option("--init-only", "run the Setup hooks (trigger init) and exit"))
    .addOption(
      new Option("--maintenance", "run the Setup hooks (trigger maintenance), then the session"),
    );
}

/** The Setup run the flags ask for; two of them together are a usage error. */
export function setupFlags(raw: Record<string, unknown>): { setup?: SetupRun } {
  const given = (["init", "initOnly", "maintenance"] as const).filter((key) => raw[key] === true);
  if (given.length > 1) {
    throw new UsageError("--init, --init-only and --maintenance cannot be combined");
  }
  const [flag] = given;
  if (flag === undefined) return {};
  return {
    setup: { trigger: flag === "maintenance" ? "maintenance" : "init", only: flag === "initOnly" },
  };
}
