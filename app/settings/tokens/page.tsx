import type { Metadata } from "next";
import { TokenSettings } from "@/components/auth/token-settings";
import { ACCESS_SCOPES, roleHolds, type AccessScope } from "@/lib/server/access/access-scopes.data";
import { requirePageActor } from "@/lib/server/access/page-actor";
import { pageOrigin } from "@/lib/server/auth/page-origin";
import { listApiTokens } from "@/lib/server/auth/tokens";
import { getDb } from "@/lib/server/db/client";

export const metadata: Metadata = { title: "API tokens" };
export const dynamic = "force-dynamic";

export default async function TokensPage() {
  const actor = await requirePageActor("account:read", "/settings/tokens");
  if (actor.userId === null) {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-xl font-semibold tracking-tight">API tokens</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Tokens belong to people on a team server (<code className="font-mono">baton serve --team</code>). This single-user Baton needs none: the CLI reads its database directly.</p>
      </div>
    );
  }
  const tokens = await listApiTokens(getDb(), actor.userId);
  const scopes = (Object.keys(ACCESS_SCOPES) as AccessScope[])
    .filter((scope) => !ACCESS_SCOPES[scope].public && !("everyToken" in ACCESS_SCOPES[scope]) && roleHolds(actor.role, scope))
    .map((scope) => ({ name: scope, mutates: ACCESS_SCOPES[scope].mutates }));
  return (
    <div className="max-w-4xl space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold tracking-tight">API tokens</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">For the CLI and scripts: a token acts as you ({actor.role}), limited to the scopes you tick. Only a hash is stored.</p>
      </header>
      <TokenSettings
        server={await pageOrigin()}
        scopes={scopes}
        tokens={tokens.map((token) => ({ ...token, createdAt: token.createdAt.toISOString(), expiresAt: token.expiresAt?.toISOString() ?? null, lastUsedAt: token.lastUsedAt?.toISOString() ?? null, revokedAt: undefined }))}
      />
    </div>
  );
}
