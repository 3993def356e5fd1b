-- AlterTable
ALTER TABLE "AgentSession" ADD COLUMN "title" TEXT;
ALTER TABLE "AgentSession" ADD COLUMN "titleAt" DATETIME;
