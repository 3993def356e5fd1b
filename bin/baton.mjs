#!/usr/bin/env node
// The `baton` command. TypeScript sources run through tsx's loader so the CLI and the app share
// lib/ without a separate build step.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The default database lives in this install's data folder, wherever the command is run from.
process.env.BATON_DATA_DIR ??= path.join(projectRoot, "data");
process.env.BATON_PROJECT_ROOT = projectRoot;
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
process.env.CHECKPOINT_DISABLE ??= "1";
register();
const { main } = await import("../cli/baton.ts");
process.exitCode = await main(process.argv.slice(2));
