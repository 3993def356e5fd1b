import { Card } from "@/components/ui/card";
import { Code } from "@/components/ui/empty-state";
import { CopyButton } from "@/components/ui/copy-button";
import { counted } from "@/lib/core/text/counted";
import type { RepoWithoutHandoffs } from "@/lib/server/queries/discovery";

/** Repositories whose last scan found no handoff: where Baton looked, and what to add. A hint, not an error. */
export function NothingFound({ repos }: { repos: RepoWithoutHandoffs[] }) {
  if (repos.length === 0) return null;
  return (
    <div className="space-y-3">
      {repos.map((repo) => (
        <Card key={repo.id} label={`No handoffs found in ${repo.name}`} title={<>No handoffs found in <span className="font-mono">{repo.name}</span></>}>
          <p className="break-all font-mono text-xs text-zinc-500 dark:text-zinc-400">{repo.path}</p>
          <div className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
            <p className="font-medium">Baton looked for</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5 text-zinc-600 dark:text-zinc-400">
              {repo.hint.looked.rules.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
              {repo.hint.looked.globs.length > 0 && (
                <li>
                  globs: <Code>{repo.hint.looked.globs.join(", ")}</Code>
                </li>
              )}
              {repo.hint.looked.ignore.length > 0 && (
                <li>
                  ignoring: <Code>{repo.hint.looked.ignore.join(", ")}</Code>
                </li>
              )}
              {repo.hint.looked.config && (
                <li>
                  settings from <Code>{repo.hint.looked.config}</Code>
                </li>
              )}
            </ul>
          </div>
          {repo.hint.suggestions.length === 0 ? (
            <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-400">
              No markdown folder here looks like session notes. If your handoffs live elsewhere, add their glob to <Code>.baton.json</Code> or pass{" "}
              <Code>--glob</Code>.
            </p>
          ) : (
            <div className="mt-4">
              <p className="text-sm font-medium text-zinc-700 dark:text-zinc-300">Markdown folders that look like handoffs</p>
              <ul className="mt-2 space-y-3">
                {repo.hint.suggestions.map((suggestion) => (
                  <li key={suggestion.folder} className="rounded-lg border border-zinc-200 dark:border-zinc-800 px-3 py-2">
                    <p className="text-sm">
                      <span className="font-mono font-medium">{suggestion.folder}/</span>{" "}
                      <span className="text-zinc-500 dark:text-zinc-400">
                        {counted(suggestion.markdownFiles, ".md file")}: {suggestion.reasons.join("; ")}
                      </span>
                    </p>
                    <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                      {repo.hint.looked.config ? (
                        <>
                          <span className="text-zinc-500 dark:text-zinc-400">add to &quot;handoffs&quot; in {repo.hint.looked.config}</span>
                          <code className="break-all rounded bg-zinc-100 dark:bg-zinc-800 px-1.5 py-0.5 font-mono text-zinc-800 dark:text-zinc-200">{JSON.stringify(suggestion.glob)}</code>
                          <CopyButton text={JSON.stringify(suggestion.glob)} label="Copy glob" />
                        </>
                      ) : (
                        <>
                          <span className="text-zinc-500 dark:text-zinc-400">commit as .baton.json at the repo root</span>
                          <code className="break-all rounded bg-zinc-100 dark:bg-zinc-800 px-1.5 py-0.5 font-mono text-zinc-800 dark:text-zinc-200">{JSON.stringify({ handoffs: [suggestion.glob] })}</code>
                          <CopyButton text={`${JSON.stringify({ handoffs: [suggestion.glob] }, null, 2)}\n`} label="Copy file" />
                        </>
                      )}
                    </div>
                    <div className="mt-1.5 flex flex-wrap items-center gap-2 text-xs">
                      <span className="text-zinc-500 dark:text-zinc-400">or scan once with</span>
                      <code className="break-all rounded bg-zinc-100 dark:bg-zinc-800 px-1.5 py-0.5 font-mono text-zinc-800 dark:text-zinc-200">{suggestion.command}</code>
                      <CopyButton text={suggestion.command} label="Copy command" />
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      ))}
    </div>
  );
}
