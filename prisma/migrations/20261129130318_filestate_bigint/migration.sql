-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FileState" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "size" BIGINT,
    "mtimeMs" REAL,
    "blobSha" TEXT,
    "offset" BIGINT NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "issueCount" INTEGER NOT NULL DEFAULT 0,
    "scanRunId" TEXT,
    "updatedAt" DATETIME NOT NULL,
    "carry" TEXT,
    "lines" INTEGER NOT NULL DEFAULT 0,
    "headHash" TEXT,
    "sessionId" TEXT,
    "badLines" INTEGER NOT NULL DEFAULT 0,
    "unknownTypes" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "FileState_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_FileState" ("badLines", "blobSha", "carry", "headHash", "id", "issueCount", "lines", "mtimeMs", "offset", "path", "scanRunId", "sessionId", "size", "sourceId", "status", "unknownTypes", "updatedAt", "version") SELECT "badLines", "blobSha", "carry", "headHash", "id", "issueCount", "lines", "mtimeMs", "offset", "path", "scanRunId", "sessionId", "size", "sourceId", "status", "unknownTypes", "updatedAt", "version" FROM "FileState";
DROP TABLE "FileState";
ALTER TABLE "new_FileState" RENAME TO "FileState";
CREATE INDEX "FileState_sessionId_idx" ON "FileState"("sessionId");
CREATE UNIQUE INDEX "FileState_sourceId_path_version_key" ON "FileState"("sourceId", "path", "version");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
