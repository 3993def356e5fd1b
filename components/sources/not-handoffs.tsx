import { Card } from "@/components/ui/card";
import { counted } from "@/lib/core/text/counted";
import type { RepoNotHandoffs } from "@/lib/server/queries/discovery";

/** Files found where handoffs live that are not read as handoffs, each with the reason (docs/cli.md). */
export function NotHandoffs({ repos }: { repos: RepoNotHandoffs[] }) {
  if (repos.length === 0) return null;
  return (
    <Card label="Files not read as handoffs" title="Files not read as handoffs">
      <div className="space-y-2">
        {repos.map((repo) => (
          <details key={repo.id} className="text-sm">
            <summary className="cursor-pointer">
              <span className="font-mono">{repo.name}</span> <span className="text-zinc-500 dark:text-zinc-400">· {counted(repo.files.length, "file")}</span>
            </summary>
            <ul className="mt-2 space-y-1.5 pl-4">
              {repo.files.map((file) => (
                <li key={`${file.path}\0${file.rule}`}>
                  <span className="break-all font-mono text-xs">{file.path}</span> <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{file.rule}</span>
                  <div className="text-xs text-zinc-600 dark:text-zinc-400 [overflow-wrap:anywhere]">{file.reason}</div>
                </li>
              ))}
            </ul>
          </details>
        ))}
      </div>
    </Card>
  );
}
