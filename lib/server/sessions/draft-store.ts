/**
 * The drafts of the sessions a scan touches (what its reads say about each session, folded in read
 * order; recompute-sessions.ts turns them into rows at the end). A scan of tens of thousands of
 * sessions would hold tens of megabytes of drafts, and V8 keeps a multiple of its live heap, so past
 * HELD_DRAFTS they are written to a temporary table, merged with what an earlier batch wrote there,
 * and dropped from memory: a scan's memory does not grow with the number of sessions it touches.
 * The table lives in the scan's transaction (SQLite's temp schema, a PostgreSQL temporary table):
 * nothing outside the scan sees it, and a failed scan leaves none behind.
 */
import type { SessionRuntime } from "../../core/runtimes/runtimes";
import type { BulkWriter } from "../db/bulk";
import { RECOMPUTE_BATCH } from "./recompute-sessions";
import { draftFromJson, draftToJson, emptyDraft, mergeDraft, type SessionDraft } from "./session-draft";
import { chunks } from "./session-ids";

/** Drafts held in memory before they are written to the table (about a kilobyte each). */
export const HELD_DRAFTS = 2_000;

const TABLE_NAME = "baton_scan_draft";
const TABLE = `"${TABLE_NAME}"`;

export class DraftStore {
  private held = new Map<string, SessionDraft>();
  private spilled = false;

  constructor(
    private readonly bulk: BulkWriter,
    private readonly limit = HELD_DRAFTS,
  ) {}

  /** The draft this scan's next read of a session folds into (a fresh one after a spill). */
  draftFor(id: string, sourceId: string, runtime: SessionRuntime, externalId: string, reset: boolean): SessionDraft {
    let draft = this.held.get(id);
    if (!draft) {
      draft = emptyDraft(id, sourceId, runtime, externalId, reset);
      this.held.set(id, draft);
    }
    return draft;
  }

  /** The draft held in memory for the session (none after a spill, until its next read). */
  heldDraft(id: string): SessionDraft | undefined {
    return this.held.get(id);
  }

  /** Whether this scan read anything of the session. */
  async has(id: string): Promise<boolean> {
    if (this.held.has(id)) return true;
    return this.spilled && (await this.bulk.query(`SELECT 1 AS "one" FROM ${TABLE} WHERE "id" = ?`, [id])).length > 0;
  }

  /** Writes the held drafts to the table when there are more than the limit. */
  async spillIfLarge(): Promise<void> {
    if (this.held.size > this.limit) await this.spill();
  }

  private async spill(): Promise<void> {
    if (!this.spilled) {
      await this.bulk.execute(`CREATE TEMP TABLE IF NOT EXISTS ${TABLE} ("id" TEXT PRIMARY KEY, "sourceId" TEXT NOT NULL, "draft" TEXT NOT NULL)`);
      await this.bulk.execute(`DELETE FROM ${TABLE}`);
      this.spilled = true;
    }
    for (const ids of chunks([...this.held.keys()], 500)) {
      const earlier = new Map(
        (await this.bulk.query<{ id: string; draft: string }>(`SELECT "id", "draft" FROM ${TABLE} WHERE "id" IN (${ids.map(() => "?").join(", ")})`, ids)).map((row) => [row.id, row.draft]),
      );
      const rows = ids.map((id) => {
        const later = this.held.get(id)!;
        const stored = earlier.get(id);
        let draft = later;
        if (stored !== undefined) {
          draft = draftFromJson(stored);
          mergeDraft(draft, later);
        }
        return [id, draft.sourceId, draftToJson(draft)];
      });
      await this.bulk.upsert(TABLE_NAME, ["id", "sourceId", "draft"], rows, { conflict: ["id"], update: ["draft"] });
    }
    this.held.clear();
  }

  /** Ids of every session touched, and how many per source. */
  async touched(): Promise<{ ids: string[]; bySource: Map<string, number> }> {
    const ids: string[] = [];
    const bySource = new Map<string, number>();
    const count = (id: string, sourceId: string) => {
      ids.push(id);
      bySource.set(sourceId, (bySource.get(sourceId) ?? 0) + 1);
    };
    if (this.spilled) {
      for (const row of await this.bulk.query<{ id: string; sourceId: string }>(`SELECT "id", "sourceId" FROM ${TABLE} ORDER BY "id"`)) {
        if (!this.held.has(row.id)) count(row.id, row.sourceId);
      }
    }
    for (const draft of this.held.values()) count(draft.id, draft.sourceId);
    return { ids, bySource };
  }

  /**
   * Every draft, whole (the table's part merged with what was read since), in batches for
   * recomputeSessions; the store is empty afterwards.
   */
  async *batches(): AsyncGenerator<SessionDraft[]> {
    if (this.spilled) {
      let after = "";
      for (;;) {
        const rows = await this.bulk.query<{ id: string; draft: string }>(`SELECT "id", "draft" FROM ${TABLE} WHERE "id" > ? ORDER BY "id" LIMIT ${RECOMPUTE_BATCH}`, [after]);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.id;
        yield rows.map((row) => {
          const draft = draftFromJson(row.draft);
          const later = this.held.get(row.id);
          if (later) {
            mergeDraft(draft, later);
            this.held.delete(row.id);
          }
          return draft;
        });
      }
      await this.bulk.execute(`DROP TABLE ${TABLE}`);
      this.spilled = false;
    }
    const rest = [...this.held.values()];
    this.held.clear();
    for (const batch of chunks(rest, RECOMPUTE_BATCH)) yield batch;
  }
}
