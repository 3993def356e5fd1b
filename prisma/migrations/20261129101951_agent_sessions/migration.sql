-- CreateTable
CREATE TABLE "AgentSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceId" TEXT NOT NULL,
    "runtime" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "parentId" TEXT,
    "agentId" TEXT,
    "agentType" TEXT,
    "cwd" TEXT,
    "branch" TEXT,
    "repoId" TEXT,
    "models" TEXT NOT NULL DEFAULT '[]',
    "startedAt" DATETIME,
    "endedAt" DATETIME,
    "durationMs" REAL,
    "lastModel" TEXT,
    "logContextWindow" INTEGER,
    "userContextWindow" INTEGER,
    "contextWindow" INTEGER,
    "contextWindowSource" TEXT NOT NULL DEFAULT 'unknown',
    "requestCount" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" BIGINT NOT NULL DEFAULT 0,
    "cacheWriteTokens" BIGINT NOT NULL DEFAULT 0,
    "cacheReadTokens" BIGINT NOT NULL DEFAULT 0,
    "outputTokens" BIGINT NOT NULL DEFAULT 0,
    "reasoningTokens" BIGINT NOT NULL DEFAULT 0,
    "totalTokens" BIGINT NOT NULL DEFAULT 0,
    "peakContextTokens" INTEGER NOT NULL DEFAULT 0,
    "peakContextPercent" REAL,
    "compactionCount" INTEGER NOT NULL DEFAULT 0,
    "unknownTypes" TEXT NOT NULL DEFAULT '{}',
    "badLines" INTEGER NOT NULL DEFAULT 0,
    "supersededById" TEXT,
    "firstSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "AgentSession_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AgentSession_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "AgentSession_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "AgentSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "RequestSample" (
    "sessionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "agentId" TEXT NOT NULL DEFAULT '',
    "timestampMs" REAL,
    "model" TEXT,
    "inputTokens" INTEGER NOT NULL,
    "cacheWriteTokens" INTEGER NOT NULL,
    "cacheReadTokens" INTEGER NOT NULL,
    "outputTokens" INTEGER NOT NULL,
    "reasoningTokens" INTEGER NOT NULL,
    "contextTokens" INTEGER NOT NULL,
    "responseId" TEXT,
    "isSidechain" BOOLEAN NOT NULL DEFAULT false,
    "counted" BOOLEAN NOT NULL DEFAULT true,

    PRIMARY KEY ("sessionId", "key")
);

-- CreateTable
CREATE TABLE "Compaction" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sessionId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL DEFAULT '',
    "file" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "timestampMs" REAL,
    "trigger" TEXT,
    "preTokens" INTEGER,
    "postTokens" INTEGER
);

-- CreateTable
CREATE TABLE "Checkpoint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "recordId" TEXT NOT NULL DEFAULT '',
    "sessionExternalId" TEXT,
    "timestamp" DATETIME,
    "phase" TEXT,
    "usedTokens" INTEGER,
    "availableTokens" INTEGER,
    "totalTokens" INTEGER,
    "usedPercent" REAL,
    "recoveryReserveTokens" INTEGER,
    "data" TEXT NOT NULL,
    CONSTRAINT "Checkpoint_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "BudgetConfig" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" TEXT NOT NULL,
    "repoId" TEXT,
    "path" TEXT NOT NULL,
    "thresholdsPercent" TEXT NOT NULL DEFAULT '[]',
    "reserveTokens" INTEGER,
    "totalTokens" INTEGER,
    "allocation" TEXT,
    CONSTRAINT "BudgetConfig_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "BudgetConfig_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SessionHandoffLink" (
    "sessionId" TEXT NOT NULL,
    "handoffId" TEXT NOT NULL,
    "method" TEXT NOT NULL,

    PRIMARY KEY ("sessionId", "handoffId"),
    CONSTRAINT "SessionHandoffLink_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "AgentSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "SessionHandoffLink_handoffId_fkey" FOREIGN KEY ("handoffId") REFERENCES "Handoff" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_FileState" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "size" INTEGER,
    "mtimeMs" REAL,
    "blobSha" TEXT,
    "offset" INTEGER NOT NULL DEFAULT 0,
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
INSERT INTO "new_FileState" ("blobSha", "id", "issueCount", "mtimeMs", "offset", "path", "scanRunId", "size", "sourceId", "status", "updatedAt", "version") SELECT "blobSha", "id", "issueCount", "mtimeMs", "offset", "path", "scanRunId", "size", "sourceId", "status", "updatedAt", "version" FROM "FileState";
DROP TABLE "FileState";
ALTER TABLE "new_FileState" RENAME TO "FileState";
CREATE INDEX "FileState_sessionId_idx" ON "FileState"("sessionId");
CREATE UNIQUE INDEX "FileState_sourceId_path_version_key" ON "FileState"("sourceId", "path", "version");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "AgentSession_parentId_idx" ON "AgentSession"("parentId");

-- CreateIndex
CREATE INDEX "AgentSession_repoId_idx" ON "AgentSession"("repoId");

-- CreateIndex
CREATE INDEX "AgentSession_externalId_idx" ON "AgentSession"("externalId");

-- CreateIndex
CREATE INDEX "AgentSession_startedAt_idx" ON "AgentSession"("startedAt");

-- CreateIndex
CREATE INDEX "AgentSession_sourceId_idx" ON "AgentSession"("sourceId");

-- CreateIndex
CREATE UNIQUE INDEX "Compaction_sessionId_file_line_key" ON "Compaction"("sessionId", "file", "line");

-- CreateIndex
CREATE INDEX "Checkpoint_sessionExternalId_idx" ON "Checkpoint"("sessionExternalId");

-- CreateIndex
CREATE INDEX "Checkpoint_sourceId_path_idx" ON "Checkpoint"("sourceId", "path");

-- CreateIndex
CREATE INDEX "BudgetConfig_repoId_idx" ON "BudgetConfig"("repoId");

-- CreateIndex
CREATE INDEX "BudgetConfig_sourceId_path_idx" ON "BudgetConfig"("sourceId", "path");

-- CreateIndex
CREATE INDEX "SessionHandoffLink_handoffId_idx" ON "SessionHandoffLink"("handoffId");
