-- AlterTable
ALTER TABLE "Handoff" ADD COLUMN     "readerVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "SecretFingerprint" (
    "id" SERIAL NOT NULL,
    "repoId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "last4" TEXT NOT NULL,
    "length" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SecretFingerprint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SecretFingerprint_repoId_hash_key" ON "SecretFingerprint"("repoId", "hash");

-- CreateIndex
CREATE INDEX "Handoff_repoId_readerVersion_idx" ON "Handoff"("repoId", "readerVersion");

-- AddForeignKey
ALTER TABLE "SecretFingerprint" ADD CONSTRAINT "SecretFingerprint_repoId_fkey" FOREIGN KEY ("repoId") REFERENCES "Repo"("id") ON DELETE CASCADE ON UPDATE CASCADE;
