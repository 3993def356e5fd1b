-- AlterTable
ALTER TABLE "AgentSession" ADD COLUMN     "title" TEXT,
ADD COLUMN     "titleAt" TIMESTAMP(3);
