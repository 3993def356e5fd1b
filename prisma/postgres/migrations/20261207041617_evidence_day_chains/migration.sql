-- AlterTable
ALTER TABLE "Handoff" ADD COLUMN     "day" TEXT,
ADD COLUMN     "logEntries" TEXT;

-- AlterTable
ALTER TABLE "Repo" ADD COLUMN     "chains" TEXT;

-- CreateIndex
CREATE INDEX "Handoff_repoId_day_idx" ON "Handoff"("repoId", "day");
