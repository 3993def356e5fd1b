-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Compaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sessionId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL DEFAULT '',
    "key" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "timestampMs" REAL,
    "trigger" TEXT,
    "preTokens" INTEGER,
    "postTokens" INTEGER
);
-- Backfilled by hand: rows from before this migration keep their old identity (file + line).
INSERT INTO "new_Compaction" ("agentId", "file", "id", "key", "line", "postTokens", "preTokens", "sessionId", "timestampMs", "trigger") SELECT "agentId", "file", "id", 'f:' || "file" || ':' || "line", "line", "postTokens", "preTokens", "sessionId", "timestampMs", "trigger" FROM "Compaction";
DROP TABLE "Compaction";
ALTER TABLE "new_Compaction" RENAME TO "Compaction";
CREATE UNIQUE INDEX "Compaction_sessionId_key_key" ON "Compaction"("sessionId", "key");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
