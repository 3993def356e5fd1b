-- AlterTable
ALTER TABLE "Handoff" ADD COLUMN     "deprecation" TEXT;
