-- AlterTable
ALTER TABLE "Repo" ADD COLUMN "discoveryHint" TEXT;
ALTER TABLE "Repo" ADD COLUMN "latestHintPath" TEXT;
ALTER TABLE "Repo" ADD COLUMN "latestHintSource" TEXT;

-- AlterTable
ALTER TABLE "Source" ADD COLUMN "discoveryKey" TEXT;
