import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { SignInForm } from "@/components/auth/sign-in-form";
import { safeReturnPath } from "@/lib/core/auth/team-gate";
import { isTeamMode, requireAccess } from "@/lib/server/access/require-access";
import { githubSignInConfigured } from "@/lib/server/auth/auth-config";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

/** The team server's sign-in (open to everyone; proxy.ts sends every other page here when signed out). */
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const raw = (await searchParams).next;
  const next = safeReturnPath(Array.isArray(raw) ? raw[0] : raw);
  if (!isTeamMode()) {
    return (
      <div className="mx-auto max-w-md space-y-2 py-16 text-sm text-zinc-600 dark:text-zinc-300">
        <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-100">No sign-in here</h1>
        <p>This is a single-user Baton: whoever runs it on this machine is its only user. A team server (<code className="font-mono">baton serve --team</code>) has sign-in.</p>
        <Link href="/" className="text-sky-700 hover:underline dark:text-sky-400">Go to the overview</Link>
      </div>
    );
  }
  const signedIn = await requireAccess({ method: "GET", headers: await headers() }, "account:read").then(() => true, () => false);
  if (signedIn) redirect(next);
  return (
    <div className="flex min-h-[80vh] items-center justify-center px-4">
      <div className="w-full max-w-sm space-y-6 rounded-xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-700 dark:bg-zinc-900">
        <div className="flex items-center gap-2">
          <span aria-hidden className="grid h-8 w-8 place-items-center rounded-lg bg-zinc-900 text-sm font-bold text-white dark:bg-zinc-100 dark:text-zinc-900">B</span>
          <h1 className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-100">Sign in to Baton</h1>
        </div>
        <SignInForm next={next} github={githubSignInConfigured()} />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">No account? Ask an admin of this server for an invitation link.</p>
      </div>
    </div>
  );
}
