-- AlterTable
ALTER TABLE "FileState" ADD COLUMN     "badLines" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "carry" TEXT,
ADD COLUMN     "headHash" TEXT,
ADD COLUMN     "lines" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sessionId" TEXT,
ADD COLUMN     "unknownTypes" TEXT NOT NULL DEFAULT '{}';

-- CreateTable
CREATE TABLE "AgentSession" (
    "id" TEXT NOT NULL,
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
    "startedAt" TIMESTAMP(3),
    "endedAt" TIMESTAMP(3),
    "durationMs" DOUBLE PRECISION,
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
    "peakContextPercent" DOUBLE PRECISION,
    "compactionCount" INTEGER NOT NULL DEFAULT 0,
    "unknownTypes" TEXT NOT NULL DEFAULT '{}',
    "badLines" INTEGER NOT NULL DEFAULT 0,
    "supersededById" TEXT,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "AgentSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RequestSample" (
    "sessionId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "agentId" TEXT NOT NULL DEFAULT '',
    "timestampMs" DOUBLE PRECISION,
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

    CONSTRAINT "RequestSample_pkey" PRIMARY KEY ("sessionId","key")
);

-- CreateTable
CREATE TABLE "Compaction" (
    "id" SERIAL NOT NULL,
    "sessionId" TEXT NOT NULL,
    "agentId" TEXT NOT NULL DEFAULT '',
    "file" TEXT NOT NULL,
    "line" INTEGER NOT NULL,
    "timestampMs" DOUBLE PRECISION,
    "trigger" TEXT,
    "preTokens" INTEGER,
    "postTokens" INTEGER,

    CONSTRAINT "Compaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Checkpoint" (
    "id" SERIAL NOT NULL,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "recordId" TEXT NOT NULL DEFAULT '',
    "sessionExternalId" TEXT,
    "timestamp" TIMESTAMP(3),
    "phase" TEXT,
    "usedTokens" INTEGER,
    "availableTokens" INTEGER,
    "totalTokens" INTEGER,
    "usedPercent" DOUBLE PRECISION,
    "recoveryReserveTokens" INTEGER,
    "data" TEXT NOT NULL,

    CONSTRAINT "Checkpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BudgetConfig" (
    "id" SERIAL NOT NULL,
    "sourceId" TEXT NOT NULL,
    "repoId" TEXT,
    "path" TEXT NOT NULL,
    "thresholdsPercent" TEXT NOT NULL DEFAULT '[]',
    "reserveTokens" INTEGER,
    "totalTokens" INTEGER,
    "allocation" TEXT,

    CONSTRAINT "BudgetConfig_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SessionHandoffLink" (
    "sessionId" TEXT NOT NULL,
    "handoffId" TEXT NOT NULL,
    "method" TEXT NOT NULL,

    CONSTRAINT "SessionHandoffLink_pkey" PRIMARY KEY ("sessionId","handoffId")
);

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

-- CreateIndex
CREATE INDEX "FileState_sessionId_idx" ON "FileState"("sessionId");

-- AddForeignKey
ALTER TABLE "AgentSession" ADD CONSTRAINT "AgentSession_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentSession" ADD CONSTRAINT "AgentSession_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentSession" ADD CONSTRAINT "AgentSession_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "AgentSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Checkpoint" ADD CONSTRAINT "Checkpoint_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BudgetConfig" ADD CONSTRAINT "BudgetConfig_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BudgetConfig" ADD CONSTRAINT "BudgetConfig_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SessionHandoffLink" ADD CONSTRAINT "SessionHandoffLink_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "AgentSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SessionHandoffLink" ADD CONSTRAINT "SessionHandoffLink_handoffId_fkey" FOREIGN KEY ("handoffId") REFERENCES "Handoff"("id") ON DELETE CASCADE ON UPDATE CASCADE;
