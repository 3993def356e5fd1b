/**
 * Every React Query key the browser uses, in one place, so the live stream (live-query-keys.ts) and
 * the components name the same keys. A key is a prefix of the longer ones: invalidating
 * `queryKeys.reviews()` refetches every review list.
 */
export const queryKeys = {
  /** Every review list and badge (`['reviews', search]`). */
  reviews: () => ["reviews"] as const,
  reviewList: (search = "") => ["reviews", search] as const,
  /** One review (`['review', id]`); `review()` is every one. */
  review: (id?: string) => (id ? (["review", id] as const) : (["review"] as const)),
  /** Every handoff list and a handoff's resume options. */
  handoffs: () => ["handoffs"] as const,
  handoffList: (search: string) => ["handoffs", search] as const,
  handoffResume: (handoffId: string) => ["handoffs", handoffId, "resume"] as const,
  sessions: () => ["sessions"] as const,
  session: (id?: string) => (id ? (["session", id] as const) : (["session"] as const)),
  remotes: () => ["remotes"] as const,
  palette: (query: string) => ["palette", query] as const,
};
