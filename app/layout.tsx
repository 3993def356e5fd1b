import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ActorBoundary } from "@/components/auth/actor-boundary";
import { UserMenu } from "@/components/auth/user-menu";
import { NavLink } from "@/components/layout/nav-link";
import { LiveEventsProvider } from "@/components/live/live-events-provider";
import { LiveIndicator } from "@/components/live/live-indicator";
import { Providers } from "@/components/layout/providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Baton", template: "%s · Baton" },
  description: "Handoff chains and agent sessions across your repos",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body className="font-sans">
        <Providers>
          <ActorBoundary bare={<main className="min-h-screen">{children}</main>}>
          <LiveEventsProvider>
          <div className="flex min-h-screen flex-col md:flex-row">
            {/* Wide screens: a column (border, background) the page's whole height, its navigation kept in
                view. Narrow screens: a bar across the top whose links scroll sideways. */}
            <div className="sticky top-0 z-20 shrink-0 border-b border-zinc-200 bg-white md:static md:w-56 md:border-b-0 md:border-r">
              <aside className="flex items-center gap-3 px-3 py-2 md:sticky md:top-0 md:h-screen md:flex-col md:items-stretch md:gap-0 md:py-4">
                <a href="/" className="flex shrink-0 items-center gap-2 md:mb-6 md:px-3">
                  <span aria-hidden className="grid h-7 w-7 place-items-center rounded-lg bg-zinc-900 text-sm font-bold text-white">B</span>
                  <span className="text-base font-semibold tracking-tight">Baton</span>
                </a>
                <div className="order-last md:order-none md:-mt-4 md:mb-4 md:px-3"><LiveIndicator /></div>
                <nav aria-label="Main" className="-mx-1 flex min-w-0 gap-1 overflow-x-auto px-1 md:mx-0 md:flex-col md:overflow-visible md:px-0">
                  <NavLink href="/">Overview</NavLink>
                  <NavLink href="/handoffs">Handoffs</NavLink>
                  <NavLink href="/chains">Chains</NavLink>
                  <NavLink href="/reviews">Reviews</NavLink>
                  <NavLink href="/sessions">Sessions</NavLink>
                  <NavLink href="/usage">Usage</NavLink>
                  <NavLink href="/errors">Ingest errors</NavLink>
                  <NavLink href="/sources">Sources</NavLink>
                </nav>
                <div className="mt-auto hidden px-3 text-xs leading-relaxed text-zinc-400 md:block">
                  Add a repo: <code className="font-mono text-zinc-500">npm run baton -- scan &lt;path&gt;</code>
                </div>
                <UserMenu />
              </aside>
            </div>
            <main className="min-w-0 flex-1 px-4 py-4 md:px-8 md:py-6">{children}</main>
          </div>
          </LiveEventsProvider>
          </ActorBoundary>
        </Providers>
      </body>
    </html>
  );
}
