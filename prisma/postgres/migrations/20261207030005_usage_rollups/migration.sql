-- CreateTable
CREATE TABLE "UsageRollup" (
    "sessionId" TEXT NOT NULL,
    "slot" BIGINT NOT NULL,
    "model" TEXT NOT NULL,
    "band" INTEGER NOT NULL,
    "requests" INTEGER NOT NULL,
    "inputTokens" BIGINT NOT NULL,
    "cacheWriteTokens" BIGINT NOT NULL,
    "cacheWrite1hTokens" BIGINT NOT NULL,
    "cacheReadTokens" BIGINT NOT NULL,
    "outputTokens" BIGINT NOT NULL,
    "reasoningTokens" BIGINT NOT NULL,
    "pricedReasoningTokens" BIGINT NOT NULL,
    "recordedRequests" INTEGER NOT NULL,
    "recordedCostNanoUsd" BIGINT NOT NULL,
    "firstMs" DOUBLE PRECISION,
    "lastMs" DOUBLE PRECISION,

    CONSTRAINT "UsageRollup_pkey" PRIMARY KEY ("sessionId","slot","model","band")
);

-- CreateTable
CREATE TABLE "UsageRollupState" (
    "id" INTEGER NOT NULL,
    "version" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UsageRollupState_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "UsageRollup_slot_idx" ON "UsageRollup"("slot");

-- AddForeignKey
ALTER TABLE "UsageRollup" ADD CONSTRAINT "UsageRollup_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "AgentSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A database without stored requests has nothing to roll up: its rollups are current from the start.
-- One with requests gets them rebuilt by its next scan (reports read the requests until then).
INSERT INTO "UsageRollupState" ("id", "version", "updatedAt") SELECT 1, 1, CURRENT_TIMESTAMP WHERE NOT EXISTS (SELECT 1 FROM "SampleChunk");
