/**
 * A review as its page shows it: the handoff rendered section by section (each section through
 * renderHandoffMarkdown, so the same worker, limits, sanitising and cache as the handoff page, and
 * comments can sit under the section they anchor to), and each comment's markdown rendered the same
 * way with its @mentions highlighted.
 */
import { handoffSections } from "../../core/reviews/review-anchors";
import { highlightMentions } from "../../core/reviews/review-rules";
import { renderHandoffMarkdown, type RenderedMarkdown } from "../markdown/handoff-markdown";
import type { ReviewDetail } from "./review-queries";

export interface RenderedSection {
  key: string | null;
  title: string | null;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
  rendered: RenderedMarkdown;
}

export async function renderHandoffSections(content: string): Promise<RenderedSection[]> {
  const lines = content.split("\n");
  const sections = handoffSections(content);
  const starts = [{ key: null as string | null, title: null as string | null, line: 1 }, ...sections.map((section) => ({ key: section.key, title: section.title, line: section.line }))];
  const parts: { key: string | null; title: string | null; startLine: number; endLine: number }[] = [];
  starts.forEach((start, index) => {
    const endLine = (starts[index + 1]?.line ?? lines.length + 1) - 1;
    if (endLine >= start.line) parts.push({ key: start.key, title: start.title, startLine: start.line, endLine });
  });
  return Promise.all(
    parts
      .filter((part) => part.key !== null || lines.slice(part.startLine - 1, part.endLine).some((line) => line.trim() !== ""))
      .map(async (part) => ({ ...part, rendered: await renderHandoffMarkdown(lines.slice(part.startLine - 1, part.endLine).join("\n")) })),
  );
}

export async function renderCommentBody(body: string): Promise<RenderedMarkdown> {
  const rendered = await renderHandoffMarkdown(body);
  return rendered.kind === "html" ? { kind: "html", html: highlightMentions(rendered.html) } : rendered;
}

export async function withRenderedParts(review: ReviewDetail) {
  const [sections, comments] = await Promise.all([
    review.handoff ? renderHandoffSections(review.handoff.content) : Promise.resolve([]),
    Promise.all(review.comments.map(async (comment) => ({ ...comment, rendered: await renderCommentBody(comment.body) }))),
  ]);
  return { ...review, sections, comments };
}

export type RenderedReview = Awaited<ReturnType<typeof withRenderedParts>>;
