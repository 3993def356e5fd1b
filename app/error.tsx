"use client";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl rounded-xl border border-red-200 dark:border-red-900 bg-red-50 dark:bg-red-950/40 p-6">
      <h1 className="text-lg font-semibold text-red-800 dark:text-red-200">This page could not be loaded</h1>
      <p className="mt-2 text-sm text-red-700 dark:text-red-300">{error.message || "An unexpected error occurred."}</p>
      {error.digest && <p className="mt-1 font-mono text-xs text-red-500 dark:text-red-400">digest {error.digest}</p>}
      <p className="mt-2 text-sm text-red-700 dark:text-red-300">If the database is not reachable, check <code>DATABASE_URL</code> and run <code>npm run db:migrate</code>.</p>
      <button onClick={reset} className="mt-4 rounded-lg bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800">
        Try again
      </button>
    </div>
  );
}
