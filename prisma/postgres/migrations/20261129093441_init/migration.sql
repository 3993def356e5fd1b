-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Source" (
    "id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "root" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "globs" TEXT NOT NULL DEFAULT '[]',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastScanAt" TIMESTAMP(3),
    "lastStatus" TEXT,
    "lastError" TEXT,

    CONSTRAINT "Source_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Repo" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "defaultBranch" TEXT,
    "headSha" TEXT,
    "headBranch" TEXT,
    "isShallow" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Repo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Branch" (
    "id" TEXT NOT NULL,
    "repoId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "isRemote" BOOLEAN NOT NULL,
    "headSha" TEXT NOT NULL,
    "scannedSha" TEXT,
    "headTime" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Branch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Handoff" (
    "id" TEXT NOT NULL,
    "repoId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "blobSha" TEXT NOT NULL,
    "runtime" TEXT,
    "runtimeFolder" TEXT,
    "dateFolder" TEXT,
    "date" TEXT,
    "phase" TEXT,
    "title" TEXT,
    "model" TEXT,
    "sessionId" TEXT,
    "timestamp" TIMESTAMP(3),
    "branch" TEXT,
    "headSha" TEXT,
    "previousPath" TEXT,
    "ownCommitSha" TEXT,
    "commitSha" TEXT,
    "commitTime" TIMESTAMP(3),
    "fileMtime" TIMESTAMP(3),
    "committed" BOOLEAN NOT NULL,
    "inWorkingTree" BOOLEAN NOT NULL,
    "isGone" BOOLEAN NOT NULL DEFAULT false,
    "goneAt" TIMESTAMP(3),
    "goal" TEXT,
    "nextAction" TEXT,
    "parsed" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "warningCount" INTEGER NOT NULL DEFAULT 0,
    "secretCount" INTEGER NOT NULL DEFAULT 0,
    "sizeBytes" INTEGER NOT NULL,
    "firstSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Handoff_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HandoffOccurrence" (
    "id" SERIAL NOT NULL,
    "handoffId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "ref" TEXT NOT NULL,

    CONSTRAINT "HandoffOccurrence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HandoffFinding" (
    "id" SERIAL NOT NULL,
    "handoffId" TEXT NOT NULL,
    "rule" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "line" INTEGER,
    "message" TEXT NOT NULL,

    CONSTRAINT "HandoffFinding_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ChainEdge" (
    "id" SERIAL NOT NULL,
    "repoId" TEXT NOT NULL,
    "fromId" TEXT NOT NULL,
    "toId" TEXT,
    "missingPath" TEXT,
    "resolution" TEXT NOT NULL,

    CONSTRAINT "ChainEdge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FileState" (
    "id" SERIAL NOT NULL,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "size" INTEGER,
    "mtimeMs" DOUBLE PRECISION,
    "blobSha" TEXT,
    "offset" INTEGER NOT NULL DEFAULT 0,
    "status" TEXT NOT NULL,
    "issueCount" INTEGER NOT NULL DEFAULT 0,
    "scanRunId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FileState_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "IngestIssue" (
    "id" SERIAL NOT NULL,
    "sourceId" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "version" TEXT NOT NULL DEFAULT '',
    "refs" TEXT NOT NULL DEFAULT '[]',
    "line" INTEGER,
    "rule" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "scanRunId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IngestIssue_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ScanRun" (
    "id" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "summary" TEXT NOT NULL DEFAULT '{}',

    CONSTRAINT "ScanRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Source_kind_root_key" ON "Source"("kind", "root");

-- CreateIndex
CREATE UNIQUE INDEX "Repo_sourceId_key" ON "Repo"("sourceId");

-- CreateIndex
CREATE UNIQUE INDEX "Repo_path_key" ON "Repo"("path");

-- CreateIndex
CREATE UNIQUE INDEX "Branch_repoId_name_key" ON "Branch"("repoId", "name");

-- CreateIndex
CREATE INDEX "Handoff_repoId_date_idx" ON "Handoff"("repoId", "date");

-- CreateIndex
CREATE INDEX "Handoff_runtime_idx" ON "Handoff"("runtime");

-- CreateIndex
CREATE INDEX "Handoff_sessionId_idx" ON "Handoff"("sessionId");

-- CreateIndex
CREATE UNIQUE INDEX "Handoff_repoId_path_blobSha_key" ON "Handoff"("repoId", "path", "blobSha");

-- CreateIndex
CREATE INDEX "HandoffOccurrence_ref_idx" ON "HandoffOccurrence"("ref");

-- CreateIndex
CREATE UNIQUE INDEX "HandoffOccurrence_handoffId_kind_ref_key" ON "HandoffOccurrence"("handoffId", "kind", "ref");

-- CreateIndex
CREATE INDEX "HandoffFinding_handoffId_idx" ON "HandoffFinding"("handoffId");

-- CreateIndex
CREATE INDEX "HandoffFinding_rule_idx" ON "HandoffFinding"("rule");

-- CreateIndex
CREATE INDEX "ChainEdge_repoId_idx" ON "ChainEdge"("repoId");

-- CreateIndex
CREATE INDEX "ChainEdge_fromId_idx" ON "ChainEdge"("fromId");

-- CreateIndex
CREATE INDEX "ChainEdge_toId_idx" ON "ChainEdge"("toId");

-- CreateIndex
CREATE UNIQUE INDEX "FileState_sourceId_path_version_key" ON "FileState"("sourceId", "path", "version");

-- CreateIndex
CREATE INDEX "IngestIssue_sourceId_path_idx" ON "IngestIssue"("sourceId", "path");

-- AddForeignKey
ALTER TABLE "Repo" ADD CONSTRAINT "Repo_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Branch" ADD CONSTRAINT "Branch_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Handoff" ADD CONSTRAINT "Handoff_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HandoffOccurrence" ADD CONSTRAINT "HandoffOccurrence_handoffId_fkey" FOREIGN KEY ("handoffId") REFERENCES "Handoff"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HandoffFinding" ADD CONSTRAINT "HandoffFinding_handoffId_fkey" FOREIGN KEY ("handoffId") REFERENCES "Handoff"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ChainEdge" ADD CONSTRAINT "ChainEdge_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FileState" ADD CONSTRAINT "FileState_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "IngestIssue" ADD CONSTRAINT "IngestIssue_sourceId_fkey" FOREIGN KEY ("sourceId") REFERENCES "Source"("id") ON DELETE CASCADE ON UPDATE CASCADE;
