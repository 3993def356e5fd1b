-- AlterTable
ALTER TABLE "RequestSample" ADD COLUMN "toolResultTokens" INTEGER;
