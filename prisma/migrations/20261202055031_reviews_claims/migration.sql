-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "handoffId" TEXT NOT NULL,
    "repoId" TEXT NOT NULL,
    "handoffPath" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'pending',
    "resolution" TEXT,
    "successorHandoffId" TEXT,
    "assigneeId" TEXT,
    "assigneeName" TEXT,
    "claimedBy" TEXT,
    "claimedByName" TEXT,
    "claimExpiresAt" DATETIME,
    "version" INTEGER NOT NULL DEFAULT 1,
    "blockedReason" TEXT,
    "priority" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ReviewEvent" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "reviewId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "actorId" TEXT NOT NULL,
    "actorName" TEXT NOT NULL,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL,
    "details" TEXT NOT NULL DEFAULT '{}',
    CONSTRAINT "ReviewEvent_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReviewComment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reviewId" TEXT NOT NULL,
    "parentId" TEXT,
    "authorId" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "anchorSection" TEXT,
    "anchorLine" INTEGER,
    "blobSha" TEXT NOT NULL,
    "mentions" TEXT NOT NULL DEFAULT '[]',
    "resolvedAt" DATETIME,
    "resolvedById" TEXT,
    "resolvedByName" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ReviewComment_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Verdict" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "reviewId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "body" TEXT,
    "authorId" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "blobSha" TEXT NOT NULL,
    "branchHeadSha" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Verdict_reviewId_fkey" FOREIGN KEY ("reviewId") REFERENCES "Review" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "Review_handoffId_key" ON "Review"("handoffId");

-- CreateIndex
CREATE INDEX "Review_repoId_idx" ON "Review"("repoId");

-- CreateIndex
CREATE INDEX "Review_state_idx" ON "Review"("state");

-- CreateIndex
CREATE INDEX "ReviewEvent_reviewId_at_idx" ON "ReviewEvent"("reviewId", "at");

-- CreateIndex
CREATE INDEX "ReviewComment_reviewId_createdAt_idx" ON "ReviewComment"("reviewId", "createdAt");

-- CreateIndex
CREATE INDEX "Verdict_reviewId_createdAt_idx" ON "Verdict"("reviewId", "createdAt");
