import { describe, expect, it } from "vitest";
import { useProviderDatabase, type ProviderDatabase } from "../test-support/provider-database";
import { POSTGRES_SKIP_MESSAGE, testProviders } from "../test-support/test-database";
import { refreshStatistics, statisticsAreStale } from "./table-statistics";

describe("when a table's planner statistics are stale", () => {
  it.each([
    ["never analyzed, empty", { reltuples: -1, relpages: 0, pages: 0 }, false],
    ["never analyzed, with rows", { reltuples: -1, relpages: 0, pages: 3 }, true],
    ["analyzed, grown by more than a tenth", { reltuples: 15_000, relpages: 1_000, pages: 1_200 }, true],
    ["analyzed, shrunk by more than a tenth", { reltuples: 15_000, relpages: 1_000, pages: 850 }, true],
    ["analyzed, moved less than a tenth", { reltuples: 15_000, relpages: 1_000, pages: 1_050 }, false],
    ["small table, a few pages more", { reltuples: 70, relpages: 2, pages: 9 }, false],
  ])("%s", (_label, size, stale) => expect(statisticsAreStale(size)).toBe(stale));
});

const postgres = testProviders.find((provider) => provider.name === "postgresql")!;
describe.skipIf(postgres.skip)("refreshStatistics on PostgreSQL (a bulk load gets statistics before anyone reads)", () => {
  let handle: ProviderDatabase;
  useProviderDatabase(postgres, (opened) => (handle = opened));
  const estimate = async () => Number((await handle.bulk.query<{ reltuples: unknown }>(`SELECT "reltuples" FROM pg_class WHERE "relname" = 'StatsProbe'`))[0]!.reltuples);

  it("analyzes a table the load grew, not one that did not move", async () => {
    await handle.bulk.execute(`CREATE TABLE "StatsProbe" ("id" INTEGER, "note" TEXT)`);
    await handle.bulk.execute(`INSERT INTO "StatsProbe" SELECT g, repeat('x', 200) FROM generate_series(1, 5000) g`);
    expect(await estimate()).toBeLessThan(0);
    expect(await refreshStatistics(handle.bulk, ["StatsProbe", "AgentSession"])).toEqual(["StatsProbe"]);
    expect(await estimate()).toBe(5000);
    expect(await refreshStatistics(handle.bulk, ["StatsProbe"])).toEqual([]);
    await handle.bulk.execute(`INSERT INTO "StatsProbe" SELECT g, repeat('x', 200) FROM generate_series(1, 10000) g`);
    expect(await refreshStatistics(handle.bulk, ["StatsProbe"])).toEqual(["StatsProbe"]);
    expect(await estimate()).toBe(15000);
  });
});
if (postgres.skip) console.warn(`refreshStatistics (postgresql): ${POSTGRES_SKIP_MESSAGE}`);
