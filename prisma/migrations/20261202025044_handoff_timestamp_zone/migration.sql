-- AlterTable
ALTER TABLE "Handoff" ADD COLUMN "timestampZone" TEXT;
