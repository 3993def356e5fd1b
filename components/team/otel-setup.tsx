import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { otelSetup } from "@/lib/core/otlp/otel-setup";
import { runtimeToolName, TELEMETRY_RUNTIMES } from "@/lib/core/runtimes/runtimes";

/**
 * The settings that stream each runtime's sessions to this server (the same text `baton otel-env`
 * prints), plus `baton push` for what telemetry does not carry. On a team server the token stays a
 * placeholder here (a token is shown once, where it is created); a single-user Baton needs none, so
 * its snippets have no token setting at all.
 */
export function OtelSetup({ server, tokenNeeded }: { server: string; tokenNeeded: boolean }) {
  return (
    <div className="space-y-4">
      {tokenNeeded ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Paste one of these once; your next agent session appears on the sessions list as it runs. Replace the token placeholder with a token of yours
          (<code className="font-mono text-xs">baton token create</code> or Settings → Tokens), or run <code className="font-mono text-xs">baton otel-env --runtime &lt;runtime&gt; --server {server}</code> after <code className="font-mono text-xs">baton login</code> to get it filled in.
        </p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Paste one of these once; your next agent session appears on the sessions list as it runs. This single-user Baton has no sign-in, so no token is needed. (It reads the logs on this machine by itself too:
          telemetry only adds sessions while they run.)
        </p>
      )}
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        <strong>What is kept:</strong> session ids, model names, times and token counts. Prompts, responses, tool inputs and outputs are dropped on arrival, whatever the client sends.
      </p>
      {TELEMETRY_RUNTIMES.map((runtime) => {
        const setup = otelSetup(runtime, server, null, { tokenNeeded });
        return (
          <Card key={runtime} title={runtimeToolName(runtime)} actions={<CopyButton text={setup.text} label={`Copy the ${runtimeToolName(runtime)} settings`} />}>
            <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{setup.file ? <>In <code className="font-mono">{setup.file}</code>:</> : "Environment variables (your shell profile):"}</p>
            <pre className="overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-800/40 dark:text-zinc-200">{setup.text}</pre>
            <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{setup.notes[0]}</p>
          </Card>
        );
      })}
      {tokenNeeded && (
        <Card title="Logs already on your laptop: baton push">
          <pre className="overflow-x-auto rounded-md bg-zinc-50 p-3 font-mono text-xs text-zinc-800 dark:bg-zinc-800/40 dark:text-zinc-200">{`baton login --server ${server}\nbaton push`}</pre>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
            Sends the sessions your local scan parsed (summaries and per-request counts, never transcript text), only what changed since the last push. Compactions,
            subagents, working folders and branches come this way; a pushed session replaces the same session received over telemetry.
          </p>
        </Card>
      )}
    </div>
  );
}
