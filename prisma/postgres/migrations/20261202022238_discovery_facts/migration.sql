-- AlterTable
ALTER TABLE "Repo" ADD COLUMN     "discoveryHint" TEXT,
ADD COLUMN     "latestHintPath" TEXT,
ADD COLUMN     "latestHintSource" TEXT;

-- AlterTable
ALTER TABLE "Source" ADD COLUMN     "discoveryKey" TEXT;
