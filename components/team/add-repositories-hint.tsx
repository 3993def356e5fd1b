import Link from "next/link";
import { Code } from "@/components/ui/empty-state";

/**
 * How repositories get onto this dashboard, in the words of the mode it runs in. A team server does not
 * read anyone's laptop: its repositories come from remotes (Sources → Add a remote repository) or from
 * `baton scan` run with the team server's own DATABASE_URL (a terminal without it scans into a private
 * SQLite file, and nothing shows here). A single-user Baton scans local checkouts.
 */
export function AddRepositoriesHint({ team, isAdmin, databaseUrl }: { team: boolean; isAdmin: boolean; databaseUrl?: string | null }) {
  if (!team) {
    return (
      <>
        Register a git repo and ingest its handoffs with <Code>npm run baton -- scan /path/to/repo</Code>, or load the demo workspace with <Code>npm run baton -- demo</Code>. Then reload this page.
      </>
    );
  }
  return (
    <div className="space-y-2 text-left [overflow-wrap:anywhere]" data-testid="team-empty-hint">
      <p>This team server reads repositories in one of two ways:</p>
      <ol className="list-decimal space-y-1.5 pl-5">
        <li>
          From the team&apos;s git host: {isAdmin ? <Link href="/sources#remote-repositories" className="font-medium text-sky-700 hover:underline dark:text-sky-300">Sources → Add a remote repository</Link> : <>an admin adds it under <strong>Sources → Add a remote repository</strong></>}. Baton fetches it and keeps it current.
        </li>
        <li>
          From a checkout on the server&apos;s machine: <Code>npm run baton -- scan /path/to/repo</Code> in a terminal where{" "}
          {databaseUrl ? <Code>DATABASE_URL={databaseUrl}</Code> : <Code>DATABASE_URL</Code>} is set, the team server&apos;s own. Without it, the CLI scans into a private SQLite file and nothing appears here.
        </li>
      </ol>
      {isAdmin && (
        <p>
          Then invite your team: <Link href="/settings/team" className="font-medium text-sky-700 hover:underline dark:text-sky-300">Team</Link> makes an invitation link per person.
        </p>
      )}
      <p>
        Teammates&apos; agent sessions arrive through <Link href="/settings/connect" className="font-medium text-sky-700 hover:underline dark:text-sky-300">Connect your agents</Link>.
      </p>
    </div>
  );
}
