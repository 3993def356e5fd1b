-- CreateTable
CREATE TABLE "AgentLoopEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "at" DATETIME NOT NULL,
    "runtime" TEXT NOT NULL,
    "sessionExternalId" TEXT,
    "event" TEXT NOT NULL,
    "source" TEXT,
    "repoPath" TEXT,
    "branch" TEXT,
    "headSha" TEXT,
    "handoffPath" TEXT,
    "handoffId" TEXT,
    "targetPath" TEXT,
    "percent" REAL,
    "tokens" INTEGER,
    "contextWindow" INTEGER,
    "threshold" REAL,
    "delivered" TEXT
);

-- CreateIndex
CREATE INDEX "AgentLoopEvent_runtime_sessionExternalId_idx" ON "AgentLoopEvent"("runtime", "sessionExternalId");

-- CreateIndex
CREATE INDEX "AgentLoopEvent_handoffId_idx" ON "AgentLoopEvent"("handoffId");

-- CreateIndex
CREATE INDEX "AgentLoopEvent_kind_at_idx" ON "AgentLoopEvent"("kind", "at");
