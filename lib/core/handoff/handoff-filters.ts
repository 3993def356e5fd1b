/**
 * The handoff list's filters and their address form (`/handoffs?q=…&lint=errors`), shared by the
 * server (page, API route) and the browser, where the address is the filters' only home.
 */
import { z } from "../zod";
import { parseSearchParams } from "../search-params";

/** The Runtime filter's value for handoffs whose runtime is not known (stored as null; the badge says "unknown"). */
export const UNKNOWN_RUNTIME = "unknown";

export const handoffFiltersSchema = z.object({
  repo: z.string().optional(),
  runtime: z.string().optional(),
  branch: z.string().optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  lint: z.enum(["errors", "warnings", "clean"]).optional(),
  /** Handoffs with a finding of this lint rule (the overview's "most frequent findings" link here). */
  rule: z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/).optional(),
  q: z.string().max(200).optional(),
  gone: z.enum(["include", "only"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type HandoffFilters = z.infer<typeof handoffFiltersSchema>;

/** The filters a list address carries (every one but the page size, which the list does not offer). */
export const HANDOFF_FILTER_KEYS = ["repo", "runtime", "branch", "from", "to", "lint", "rule", "q", "gone", "page"] as const;

/** Reads URL search params leniently: a bad value is dropped, not an error page. */
export function parseHandoffFilters(params: Record<string, string | string[] | undefined>): HandoffFilters {
  return parseSearchParams(handoffFiltersSchema, params);
}

/** The search part of a list address for `filters`, without defaults (page 1 is no parameter). */
export function handoffFiltersSearch(filters: HandoffFilters): string {
  const params = new URLSearchParams();
  for (const key of HANDOFF_FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === "" || (key === "page" && value === 1)) continue;
    params.set(key, String(value));
  }
  return params.toString();
}
