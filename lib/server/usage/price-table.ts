/**
 * The price table in use: the shipped one with the user's override file on top. The file is
 * BATON_PRICES_FILE when set, else `prices.json` in the data folder (BATON_DATA_DIR, default
 * ./data); a missing default file is no problem, a missing named one is. Problems come back as
 * sentences for the CLI and the Sources page; a bad file adds no prices and breaks nothing.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { buildPriceTable, parsePriceOverride, shippedPrices, type PriceTable } from "../../core/usage/prices";
import { dataDirectory } from "../db/database-url";

export interface LoadedPriceTable {
  table: PriceTable;
  /** The override file looked for, and whether it was read. */
  overrideFile: string;
  overrideRead: boolean;
  problems: string[];
}

export function priceOverridePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.BATON_PRICES_FILE ? path.resolve(env.BATON_PRICES_FILE) : path.join(dataDirectory(env), "prices.json");
}

export function loadPriceTable(env: NodeJS.ProcessEnv = process.env): LoadedPriceTable {
  const overrideFile = priceOverridePath(env);
  let text: string;
  try {
    text = readFileSync(overrideFile, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problems = code === "ENOENT" && !env.BATON_PRICES_FILE ? [] : [`${overrideFile} could not be read (${code ?? (error as Error).message}); the shipped prices are used`];
    return { table: buildPriceTable(shippedPrices), overrideFile, overrideRead: false, problems };
  }
  const { models, problems } = parsePriceOverride(text, overrideFile);
  return { table: buildPriceTable(shippedPrices, models), overrideFile, overrideRead: problems.length === 0, problems };
}
