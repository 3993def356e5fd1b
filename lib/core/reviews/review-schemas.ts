/** Request bodies and list filters of the review routes (the CLI's local mode parses the same). */
import { z } from "../zod";
import { REVIEW_STATES, VERDICT_KINDS } from "./review-states.data";

const version = z.number().int().positive();
const flag = z.enum(["1", "true", "0", "false"]).transform((value) => value === "1" || value === "true");

export const reviewListQuerySchema = z.object({
  state: z.enum(REVIEW_STATES).optional(),
  repo: z.string().min(1).max(4096).optional(),
  mine: flag.optional(),
  unassigned: flag.optional(),
  runtime: z.string().min(1).max(100).optional(),
  stale: flag.optional(),
  closed: flag.optional(),
  handoff: z.string().min(1).max(200).optional(),
});

export const claimBodySchema = z.object({}).passthrough();

export const releaseBodySchema = z.object({ version, force: z.boolean().optional() });

export const transitionBodySchema = z.object({ version, to: z.enum(REVIEW_STATES), reason: z.string().max(2000).nullish() });

export const commentBodySchema = z.object({
  version,
  body: z.string().trim().min(1, "write something").max(20_000),
  anchor: z
    .object({ section: z.string().min(1).max(80).nullish(), line: z.number().int().positive().max(1_000_000).nullish() })
    .nullish(),
  parentId: z.string().min(1).max(100).nullish(),
});

export const resolveCommentBodySchema = z.object({ version, resolved: z.boolean().default(true) });

export const verdictBodySchema = z.object({ version, kind: z.enum(VERDICT_KINDS), body: z.string().max(20_000).nullish() });

export const assignBodySchema = z.object({
  version,
  /** A user id, "me", or null to unassign. */
  assigneeId: z.string().min(1).max(200).nullable(),
  assigneeName: z.string().min(1).max(200).nullish(),
  priority: z.number().int().min(-100).max(100).optional(),
});
