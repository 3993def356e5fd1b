import type { Metadata } from "next";
import { headers } from "next/headers";
import { OtelSetup } from "@/components/team/otel-setup";
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
  await requirePageActor("sessions:read", "/settings/connect");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Connect your agents</h1>
        <p className="text-sm text-zinc-500 dark:text-zinc-400">Stream Claude Code, Codex and Gemini CLI sessions to this server over OpenTelemetry, or push the logs you already have.</p>
      </div>
      <OtelSetup server={await serverAddress()} />
    </div>
  );
}
