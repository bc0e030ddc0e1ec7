/** The groups `npm run bench` knows, in the order it runs them. */
export const GROUPS = ["cold", "turns", "memory", "overlap", "parallel", "requests"] as const;

/** One bench group's name. */
export type Group = (typeof GROUPS)[number];

/** The bench's command-line options. */
export interface BenchArgs {
  groups: Group[];
  runs: number;
  /** A built CLI to measure instead of a fresh build. */
  cli?: string;
}

const USAGE = `usage: npm run bench -- [--group <${GROUPS.join("|")}>[,…]] [--runs <n ≥ 5>] [--cli <dist/cli.js>]`;

function isGroup(name: string): name is Group {
  return (GROUPS as readonly string[]).includes(name);
}

/** Parses the bench's flags; throws with the usage line on anything it does not know. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const groups: Group[] = [];
  let runs = 5;
  let cli: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if (flag === "--help" || flag === "-h") throw new Error(USAGE);
    if (value === undefined) throw new Error(`${flag}: missing value\n${USAGE}`);
    if (flag === "--group") {
      for (const name of value.split(",")) {
        if (!isGroup(name)) throw new Error(`unknown group "${name}"\n${USAGE}`);
        groups.push(name);
      }
    } else if (flag === "--runs") {
      runs = Number(value);
      if (!Number.isInteger(runs) || runs < 5) throw new Error(`--runs must be ≥ 5\n${USAGE}`);
    } else if (flag === "--cli") cli = value;
    else throw new Error(`unknown flag ${flag}\n${USAGE}`);
    i++;
  }
  return { groups: groups.length > 0 ? groups : [...GROUPS], runs, ...(cli ? { cli } : {}) };
}
