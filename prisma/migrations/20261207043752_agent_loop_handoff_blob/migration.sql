-- AlterTable
ALTER TABLE "AgentLoopEvent" ADD COLUMN "handoffBlobSha" TEXT;

-- CreateIndex
CREATE INDEX "AgentLoopEvent_handoffPath_handoffBlobSha_idx" ON "AgentLoopEvent"("handoffPath", "handoffBlobSha");
