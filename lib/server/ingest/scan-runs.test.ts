import { spawn, spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { testProviders } from "../test-support/test-database";
import { useProviderDatabase, type ProviderDatabase } from "../test-support/provider-database";
import { closeInterruptedScans, currentOwner, openScanRun } from "./scan-runs";

/** The pid of a process that has ended (killed with SIGKILL, as `kill -9` does). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.kill(process.pid, 'SIGKILL')"]);
  expect(child.signal).toBe("SIGKILL");
  return child.pid!;
}

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`interrupted scans (${provider.name})`, () => {
    let handle: ProviderDatabase;
    useProviderDatabase(provider, (opened) => (handle = opened));

    const insertRunning = (id: string, startedAt: Date, summary: unknown) =>
      handle.bulk.execute(`INSERT INTO "ScanRun" ("id", "startedAt", "kind", "status", "summary") VALUES (?, ?, 'agents', 'running', ?)`, [id, startedAt, JSON.stringify(summary)]);
    const statusOf = async (id: string) => (await handle.bulk.query<{ status: string; finishedAt: unknown }>(`SELECT "status", "finishedAt" FROM "ScanRun" WHERE "id" = ?`, [id]))[0];

    it("a scan killed with kill -9 stays running until the next scan closes it as interrupted; live and other machines' scans are left alone", async () => {
      const here = currentOwner();
      const sleeper = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"]);
      try {
        await insertRunning("killed", new Date(Date.now() - 5_000), { owner: { pid: deadPid(), host: here.host } });
        await insertRunning("alive", new Date(Date.now() - 5_000), { owner: { pid: sleeper.pid, host: here.host } });
        await insertRunning("elsewhere", new Date(Date.now() - 60_000), { owner: { pid: 1, host: `${here.host}-other` } });
        await insertRunning("elsewhere-old", new Date(Date.now() - 25 * 3_600_000), { owner: { pid: 1, host: `${here.host}-other` } });
        await insertRunning("legacy-old", new Date(Date.now() - 2 * 3_600_000), {});
        expect((await statusOf("killed"))?.status).toBe("running");

        const closed = await openScanRun(handle.bulk, "next-scan", "agents");
        expect(closed.map((scan) => scan.id).sort()).toEqual(["elsewhere-old", "killed", "legacy-old"]);
        expect(closed.find((scan) => scan.id === "killed")).toMatchObject({ kind: "agents", startedAt: expect.stringMatching(/Z$/) });
        expect(await statusOf("killed")).toMatchObject({ status: "interrupted", finishedAt: expect.anything() });
        expect((await statusOf("alive"))?.status).toBe("running");
        expect((await statusOf("elsewhere"))?.status).toBe("running");
        expect((await statusOf("next-scan"))?.status).toBe("running");
        // Closed once: the scan after that has nothing left to close (and never closes a running one of its own process).
        expect(await closeInterruptedScans(handle.bulk)).toEqual([]);
      } finally {
        sleeper.kill("SIGKILL");
      }
    });
  });
}
