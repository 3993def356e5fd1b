import type { Metadata } from "next";
import { ReviewBoard } from "@/components/reviews/review-board";
import { Code, EmptyState } from "@/components/ui/empty-state";
import { AddRepositoriesHint } from "@/components/team/add-repositories-hint";
import { repositoriesHint } from "@/lib/server/app/repositories-hint";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { getDb } from "@/lib/server/db/client";
import { reviewActor } from "@/lib/server/reviews/review-actor";
import { listReviews, reviewCounts } from "@/lib/server/reviews/review-queries";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Reviews" };

const FLAGS = ["mine", "unassigned", "stale", "closed"] as const;

export default async function ReviewsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const pageActor = await requirePageActor("reviews:read", "/reviews");
  const actor = reviewActor(pageActor);
  const params = await searchParams;
  const text = (key: string) => (typeof params[key] === "string" && params[key] ? (params[key] as string) : undefined);
  const isOn = (key: string) => text(key) === "1";
  const db = getDb();
  const [reviews, counts] = await Promise.all([
    listReviews(db, { mine: isOn("mine") ? actor.id : undefined, unassigned: isOn("unassigned"), stale: isOn("stale"), includeClosed: isOn("closed"), repo: text("repo"), runtime: text("runtime") }),
    reviewCounts(db),
  ]);
  // The same query string the board sends, so its first render uses this data.
  const search = new URLSearchParams();
  for (const key of ["mine", "unassigned", "repo", "runtime", "stale", "closed"]) {
    const value = text(key);
    if (value && (!(FLAGS as readonly string[]).includes(key) || value === "1")) search.set(key, value);
  }
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Reviews</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Every open chain head — a handoff nobody has resumed yet — with who is on it.</p>
      </div>
      {counts.open === 0 && reviews.length === 0 && !isOn("closed") ? (
        <EmptyState title="No open reviews">
          {repositoriesHint(pageActor).team ? (
            <>
              <p className="mb-2">A review opens for every open chain head when a scan finds it.</p>
              <AddRepositoriesHint {...repositoriesHint(pageActor)} />
            </>
          ) : (
            <>A review opens for every open chain head when a scan finds it: <Code>npm run baton -- scan /path/to/repo</Code>.</>
          )}
        </EmptyState>
      ) : (
        <ReviewBoard initial={{ reviews, counts }} initialSearch={search.toString()} actorId={actor.id} />
      )}
    </div>
  );
}
