import { AppError } from "@/lib/server/app-error";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewView } from "@/components/reviews/review-view";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { getDb } from "@/lib/server/db/client";
import { reviewActor } from "@/lib/server/reviews/review-actor";
import { listAssignees } from "@/lib/server/reviews/review-assignees";
import { getReview } from "@/lib/server/reviews/review-queries";
import { withRenderedParts } from "@/lib/server/reviews/render-review";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  try {
    return await getReview(getDb(), id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requirePageActor("reviews:read");
  const review = await load((await params).id);
  return { title: review ? `Review · ${review.handoff?.title ?? review.handoffPath}` : "Review not found" };
}

export default async function ReviewPage({ params }: Props) {
  const { id } = await params;
  const actor = reviewActor(await requirePageActor("reviews:read", `/reviews/${id}`));
  const review = await load(id);
  if (!review) notFound();
  const [rendered, assignees] = await Promise.all([withRenderedParts(review), listAssignees(getDb(), { id: actor.id, name: actor.name })]);
  return <ReviewView initial={rendered} actor={actor} assignees={assignees} />;
}
