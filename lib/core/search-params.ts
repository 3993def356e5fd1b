import type { z } from "zod";

/**
 * A list page's filters from its address, leniently: the first value of a repeated parameter, empty
 * ones ignored, and a parameter the schema rejects dropped (its default applies) rather than turning
 * the page into an error.
 */
export function parseSearchParams<T>(schema: z.ZodType<T>, params: Record<string, string | string[] | undefined>): T {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined && first !== "") flat[key] = first;
  }
  const result = schema.safeParse(flat);
  if (result.success) return result.data;
  const cleaned = { ...flat };
  for (const issue of result.error.issues) delete cleaned[String(issue.path[0])];
  return schema.parse(cleaned);
}
