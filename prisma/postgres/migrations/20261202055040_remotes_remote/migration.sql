-- CreateTable
CREATE TABLE "Remote" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "fetchUrl" TEXT NOT NULL,
    "displayUrl" TEXT NOT NULL,
    "branches" TEXT NOT NULL DEFAULT '*',
    "mirrorPath" TEXT NOT NULL,
    "repoId" TEXT,
    "webhookSecret" TEXT NOT NULL,
    "createdBy" TEXT NOT NULL,
    "createdByName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastFetchAt" TIMESTAMP(3),
    "lastNewCommitAt" TIMESTAMP(3),
    "nextFetchAt" TIMESTAMP(3),
    "lastError" TEXT,
    "lastErrorKind" TEXT,
    "handoffsFound" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "Remote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Remote_name_key" ON "Remote"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Remote_mirrorPath_key" ON "Remote"("mirrorPath");

-- CreateIndex
CREATE INDEX "Remote_nextFetchAt_idx" ON "Remote"("nextFetchAt");
