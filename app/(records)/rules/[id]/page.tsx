import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HandoffMarkdown } from "@/components/handoffs/handoff-markdown";
import { Card } from "@/components/ui/card";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { getDb } from "@/lib/server/db/client";
import { loadRuleDoc } from "@/lib/server/lint/rule-docs";
import { renderHandoffMarkdown } from "@/lib/server/markdown/handoff-markdown";
import { counted } from "@/lib/core/text/counted";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await requirePageActor();
  return { title: `Lint rule ${(await params).id}` };
}

/** A lint rule: what triggers it and how to fix it (its section of docs/lint-rules.md), and the handoffs that have it. */
export default async function LintRulePage({ params }: Props) {
  await requirePageActor();
  const { id } = await params;
  const doc = await loadRuleDoc(id);
  if (doc === null) notFound();
  const db = getDb();
  const having = await db.handoff.count({ where: { isGone: false, findings: { some: { rule: id } } } });
  return (
    <div className="space-y-5">
      <nav className="text-xs text-zinc-500 dark:text-zinc-400">
        <Link href="/handoffs" className="hover:underline">Handoffs</Link> / lint rules
      </nav>
      <header className="space-y-1">
        <h1 className="font-mono text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{id}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {having === 0 ? (
            "No handoff has this finding now."
          ) : (
            <Link href={`/handoffs?rule=${encodeURIComponent(id)}`} className="text-sky-700 underline underline-offset-2 dark:text-sky-300">
              {counted(having, "handoff")} with this finding
            </Link>
          )}
        </p>
      </header>
      <Card title="What it means and how to fix it" actions={<span className="text-xs text-zinc-500 dark:text-zinc-400">docs/lint-rules.md</span>}>
        <HandoffMarkdown rendered={await renderHandoffMarkdown(doc)} markdown={doc} />
      </Card>
    </div>
  );
}
