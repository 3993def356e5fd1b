import Link from "next/link";
import { RuntimeBadge } from "@/components/handoffs/runtime-badge";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { When } from "@/components/ui/when";
import type { HandoffResume } from "@/lib/core/agent-loop/loop-views";

/** "Resumed by session … through the hook": the sessions Baton's session-start hook gave this handoff. */
export function HookResumesCard({ resumes }: { resumes: HandoffResume[] }) {
  if (resumes.length === 0) return null;
  const sessions = new Set(resumes.map((resume) => `${resume.runtime}\0${resume.sessionExternalId ?? ""}`));
  return (
    <Card title="Resumed through Baton's hook" label="Resumed through the hook">
      {sessions.size > 1 && (
        <p className="mb-2 text-sm text-amber-800 dark:text-amber-300" data-testid="hook-fork-warning">
          {sessions.size} sessions were given this handoff: resuming it more than once starts parallel lines of work (a fork).
        </p>
      )}
      <ul className="space-y-2 text-sm" aria-label="Sessions resumed through the hook">
        {resumes.map((resume, index) => (
          <li key={index} className="flex flex-wrap items-center gap-2">
            <RuntimeBadge runtime={resume.runtime} />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              resumed by session{" "}
              {resume.sessionId ? (
                <Link href={`/sessions/${resume.sessionId}`} className="font-mono text-xs hover:underline">{resume.sessionExternalId}</Link>
              ) : (
                <span className="font-mono text-xs" title="not read by scan --agents yet">{resume.sessionExternalId ?? "unknown session"}</span>
              )}{" "}
              through the hook
            </span>
            <span className="text-xs text-zinc-500 dark:text-zinc-400"><When instant={resume.at} /></span>
            {resume.delivered === "truncated" && <Badge tone="amber">pointer only (prompt over 10,000 characters)</Badge>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
