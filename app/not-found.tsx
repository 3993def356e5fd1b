import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";

export const metadata: Metadata = { title: "Not found" };

/**
 * Rendered per request (connection()), not prerendered: scripts run only with the request's CSP nonce
 * (proxy.ts), and a page built ahead of time carries none.
 */
export default async function NotFound() {
  await connection();
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-zinc-200 dark:border-zinc-800 bg-white dark:bg-zinc-900 p-6">
      <h1 className="text-lg font-semibold">Not found</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">Nothing is stored under this address. It may have been removed by a rescan.</p>
      <Link href="/handoffs" className="mt-4 inline-block text-sm font-medium text-sky-700 dark:text-sky-300 hover:underline">Browse handoffs →</Link>
    </div>
  );
}
