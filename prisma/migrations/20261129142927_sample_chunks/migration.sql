-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "RequestSample";
PRAGMA foreign_keys=on;

-- CreateTable
CREATE TABLE "SampleChunk" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sessionId" TEXT NOT NULL,
    "file" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "data" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "SampleChunk_sessionId_idx" ON "SampleChunk"("sessionId");

-- Samples were rows, they are chunks now, and the rows are not converted. Every agent log file is
-- read again from its start by the next scan (classify: size changed, no head hash, offset 0), and
-- OpenCode stores are read again (no signature): the sessions get their samples back, and their
-- issues are replaced as on any read from the start.
UPDATE "FileState" SET "size" = -1, "offset" = 0, "lines" = 0, "carry" = NULL, "headHash" = NULL
WHERE "sourceId" IN (SELECT "id" FROM "Source" WHERE "kind" IN ('claude-code', 'codex', 'gemini-cli', 'opencode'));
