import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./io";

/**
 * The one way a `baton` command reads its arguments (docs/cli.md, "Adding a command"): node's
 * `parseArgs` with every mistake turned into one line that names it, followed by the command's usage
 * (exit 2, no stack trace), and `-h` / `--help` printing the usage (exit 0). A command declares
 *
 *   export const fooCommandSpec = defineCommand({ name: "foo", usage: "baton foo <x> [--json]", options: { json: { type: "boolean" } } });
 *   const { values, positionals, fail } = parseCommand(fooCommandSpec, argv);
 *   if (positionals.length === 0) fail("foo needs an x");
 *
 * and `fail(message)` throws the same kind of usage error for what parseArgs cannot check.
 */

type Options = NonNullable<ParseArgsConfig["options"]>;

export interface CommandSpec<O extends Options> {
  /** The words after `baton` ("scan", "token create"). */
  name: string;
  /** Usage lines and option descriptions, printed after a usage error and for --help. */
  usage: string;
  options: O;
  /** Whether the command takes operands (paths, ids); default false. */
  allowPositionals?: boolean;
}

export function defineCommand<const O extends Options>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}

/** Thrown for -h / --help: `main` prints the usage on stdout and exits 0. */
export class HelpRequest extends Error {
  constructor(readonly usage: string) {
    super("help");
  }
}

/** A usage error that carries the usage of the command it belongs to. */
export class CommandUsageError extends UsageError {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

/** The closest name, when it is close enough to be a typo (edit distance ≤ 2). */
export function nearestName(typed: string, names: string[]): string | null {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, index) => index);
    for (let i = 1; i <= a.length; i += 1) {
      let previous = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j += 1) {
        const current = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length]!;
  };
  let best: { name: string; score: number } | null = null;
  for (const name of names) {
    const score = distance(typed, name);
    if (score <= 2 && (best === null || score < best.score)) best = { name, score };
  }
  return best?.name ?? null;
}

/** node's parseArgs messages, reworded as one line about this command. */
function describeParseError(error: Error & { code?: string }, spec: CommandSpec<Options>): string {
  const quoted = /'([^']+)'/.exec(error.message)?.[1] ?? "";
  const flag = quoted.split(" ")[0]!.replace(/,$/, "");
  switch (error.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION": {
      const names = Object.keys(spec.options).map((name) => `--${name}`);
      const near = nearestName(quoted, [...names, "--help"]);
      return `unknown option ${quoted} for "baton ${spec.name}"${near ? ` (did you mean ${near}?)` : ""}`;
    }
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      // "Option '-p, --port <value>' argument missing" names both spellings; keep the long one.
      const long = /--[\w-]+/.exec(quoted)?.[0] ?? flag;
      if (/argument missing/.test(error.message)) return `${long} needs a value`;
      if (/does not take an argument/.test(error.message)) return `${long} takes no value`;
      return error.message.split(". ")[0]!;
    }
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `"baton ${spec.name}" takes no arguments, but got "${quoted}"`;
    default:
      return error.message.split("\n")[0]!;
  }
}

// The usage of the command this process is running, so a UsageError thrown anywhere inside it (a
// helper that knows nothing of the command) is still followed by the right usage.
let activeUsage: string | null = null;

export function activeCommandUsage(): string | null {
  return activeUsage;
}

export function resetActiveCommand(): void {
  activeUsage = null;
}

export function parseCommand<const O extends Options>(spec: CommandSpec<O>, argv: string[]) {
  activeUsage = spec.usage;
  const fail = (message: string): never => {
    throw new CommandUsageError(message, spec.usage);
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: spec.allowPositionals ?? false,
      strict: true,
      options: { ...spec.options, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    // --help wins over a mistake elsewhere on the line: the user is asking how to write it.
    if (argv.includes("--help") || argv.includes("-h")) throw new HelpRequest(spec.usage);
    return fail(describeParseError(error as Error & { code?: string }, spec as CommandSpec<Options>));
  }
  if ((parsed.values as { help?: boolean }).help) throw new HelpRequest(spec.usage);
  return { values: parsed.values, positionals: parsed.positionals, fail };
}
