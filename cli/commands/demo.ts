import { defineCommand, parseCommand } from "../args";
import { createDb } from "../../lib/server/db/client";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { ensureDemoWorkspace } from "../../lib/server/demo/demo-workspace";
import { getScanReport } from "../../lib/server/queries/scan-report";
import { printJson, type Io } from "../io";

/** `baton demo`: rebuild the demo repos from demo/ and scan them (also what `npm start` does on first run). */
export const demoCommandSpec = defineCommand({
  name: "demo",
  usage: `Usage:
  baton demo [--json]

  Rebuilds the demo repos from demo/ (in the data folder) and scans them into the database.
  --json   print the scan report of the demo repos on stdout`,
  options: { json: { type: "boolean", default: false } },
});

export async function demoCommand(argv: string[], io: Io): Promise<number> {
  const { values } = parseCommand(demoCommandSpec, argv);
  await ensureDatabase();
  const demo = await ensureDemoWorkspace({ log: io.err, force: true });
  if (values.json) {
    const db = createDb();
    try {
      const repos = await db.repo.findMany({ where: { path: { in: demo.repos } }, select: { id: true } });
      printJson(io, await getScanReport(db, { repoIds: repos.map((repo) => repo.id) }));
    } finally {
      await db.$disconnect();
    }
  } else {
    io.out(`demo workspace: ${demo.repos.length} repos in ${demo.directory}`);
  }
  return 0;
}
