import type { Metadata } from "next";
import { headers } from "next/headers";
import { OtelSetup } from "@/components/team/otel-setup";
import { roleHolds } from "@/lib/server/access/access-scopes.data";
import { requirePageActor } from "@/lib/server/access/page-actor";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Connect your agents" };

/** This server's address as the browser reached it (behind a proxy, the forwarded scheme). */
async function serverAddress(): Promise<string> {
  const list = await headers();
  const host = list.get("host") ?? "127.0.0.1:3000";
  const forwarded = list.get("x-forwarded-proto")?.split(",")[0]?.trim();
  const scheme = forwarded === "https" || forwarded === "http" ? forwarded : "http";
  return `${scheme}://${host}`;
}

export default async function ConnectPage() {
  const actor = await requirePageActor("sessions:read", "/settings/connect");
  // A viewer's telemetry and pushes are refused (403): no snippet to paste, and no token to make for it.
  if (actor.kind !== "local" && !roleHolds(actor.role, "ingest:push")) {
    return (
      <div className="max-w-xl space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">Connect your agents</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-300" data-testid="connect-not-allowed">
          Your role ({actor.role}) reads sessions but cannot send them: telemetry and <code className="font-mono">baton push</code> need a member or admin. Ask an admin to change your role under Team if your agents should report here.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Connect your agents</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Stream Claude Code, Codex and Gemini CLI sessions to this server over OpenTelemetry, or push the logs you already have.</p>
      </div>
      <OtelSetup server={await serverAddress()} tokenNeeded={actor.kind !== "local"} />
    </div>
  );
}
