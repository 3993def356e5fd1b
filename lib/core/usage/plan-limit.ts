import type { PlanLimit } from "./blocks";

/**
 * A plan limit as people write it, on the command line (`--limit`, `--week-limit`) and in the usage
 * page's address: an estimated cost (`$50`, `50usd`, `12.5 USD`, `$50 usd`) or tokens (`5000000`, `5M`, `750k`,
 * `1.5b`); null for anything else (the CLI then says what it takes, the page shows no limit).
 */
export function parsePlanLimit(value: string | null | undefined): PlanLimit | null {
  if (!value) return null;
  const text = value.trim();
  const cost = /^(\$)?(\d+(?:\.\d+)?)\s*(usd)?$/i.exec(text);
  if (cost && (cost[1] || cost[3])) return { kind: "cost", amount: Number(cost[2]) };
  const tokens = /^(\d+(?:\.\d+)?)\s*([kmb]?)$/i.exec(text);
  if (!tokens) return null;
  const scale = { "": 1, k: 1e3, m: 1e6, b: 1e9 }[tokens[2]!.toLowerCase() as "" | "k" | "m" | "b"];
  return { kind: "tokens", amount: Number(tokens[1]) * scale };
}
