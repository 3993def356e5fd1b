-- DropIndex
DROP INDEX "Compaction_sessionId_file_line_key";

-- AlterTable (backfilled by hand: rows from before this migration keep their old identity, file + line)
ALTER TABLE "Compaction" ADD COLUMN     "key" TEXT;
UPDATE "Compaction" SET "key" = 'f:' || "file" || ':' || "line";
ALTER TABLE "Compaction" ALTER COLUMN "key" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Compaction_sessionId_key_key" ON "Compaction"("sessionId", "key");
