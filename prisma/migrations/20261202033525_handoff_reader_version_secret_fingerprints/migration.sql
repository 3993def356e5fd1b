-- CreateTable
CREATE TABLE "SecretFingerprint" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "repoId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "length" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "SecretFingerprint_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable
-- Written as ADD COLUMN (SQLite allows a NOT NULL column with a default) instead of the differ's
-- table rebuild, so this migration keeps the columns other migrations add to "Handoff".
ALTER TABLE "Handoff" ADD COLUMN "readerVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Handoff_repoId_readerVersion_idx" ON "Handoff"("repoId", "readerVersion");

-- CreateIndex
CREATE UNIQUE INDEX "SecretFingerprint_repoId_hash_key" ON "SecretFingerprint"("repoId", "hash");
