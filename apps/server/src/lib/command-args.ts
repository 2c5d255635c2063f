// The one argument parser of the command-line entries (`npm run seed|orders|cards|coupons|invoices|staff|content`),
// on Node's util.parseArgs: each names its options, and says its own usage when they do not parse.
import { parseArgs } from 'node:util';

export interface ParsedCommand {
  /** The options with a value. */
  values: Record<string, string | undefined>;
  /** The flags given. */
  flags: Record<string, boolean>;
  positionals: string[];
}

/** An operator command's arguments: `strings` options with a value, `flags` without; null when they do not parse. */
export function parseCommand(
  argv: string[],
  strings: readonly string[],
  flags: readonly string[] = [],
): ParsedCommand | null {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of strings) options[name] = { type: 'string' };
  for (const name of flags) options[name] = { type: 'boolean' };
  try {
    const parsed = parseArgs({ args: argv, allowPositionals: true, options });
    const values: Record<string, string | undefined> = {};
    const given: Record<string, boolean> = {};
    for (const [name, value] of Object.entries(parsed.values)) {
      if (typeof value === 'string') values[name] = value;
      else if (value === true) given[name] = true;
    }
    return { values, flags: given, positionals: parsed.positionals };
  } catch {
    return null;
  }
}
