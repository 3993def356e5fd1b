import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ActorBoundary } from "@/components/auth/actor-boundary";
import { UserMenu } from "@/components/auth/user-menu";
import { CommandPalette } from "@/components/layout/command-palette";
import { NavLink } from "@/components/layout/nav-link";
import { RouteFocus } from "@/components/layout/route-focus";
import { Providers } from "@/components/layout/providers";
import { SiteNav } from "@/components/layout/site-nav";
import { ThemeToggle } from "@/components/layout/theme-toggle";
import { LiveEventsProvider } from "@/components/live/live-events-provider";
import { LiveIndicator } from "@/components/live/live-indicator";
import { THEME_SCRIPT } from "@/lib/core/theme/theme";
import { isTeamMode } from "@/lib/server/access/require-access";
import { requestNonce } from "@/lib/server/web/request-nonce";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Baton", template: "%s · Baton" },
  description: "Handoff chains and agent sessions across your repos",
  manifest: "/manifest.webmanifest",
  icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }, { url: "/icon-192.png", sizes: "192x192", type: "image/png" }], apple: "/apple-touch-icon.png" },
};

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fafafa" },
    { media: "(prefers-color-scheme: dark)", color: "#09090b" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = await requestNonce();
  return (
    // The theme script sets the `dark` class before React hydrates: the server cannot know it.
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`} suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
      </head>
      <body className="font-sans">
        <a href="#main" className="sr-only z-50 rounded-lg bg-zinc-900 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:left-3 focus:top-3 dark:bg-zinc-100 dark:text-zinc-900">
          Skip to content
        </a>
        <Providers>
          {/* On the team server with nobody signed in (sign-in, invitation): the page alone, no dashboard around it. */}
          <ActorBoundary bare={<main id="main" className="min-h-screen">{children}</main>}>
            <LiveEventsProvider>
              <div className="flex min-h-screen flex-col md:flex-row">
                {/* Wide screens: a column (border, background) the page's whole height, its navigation kept in
                    view. Narrow screens: a bar across the top with search, theme and a menu of the pages. */}
                <div className="sticky top-0 z-20 shrink-0 border-b border-zinc-200 bg-white md:static md:w-56 md:border-b-0 md:border-r dark:border-zinc-800 dark:bg-zinc-900">
                  <aside className="relative flex items-center gap-2 px-3 py-2 md:sticky md:top-0 md:h-screen md:flex-col md:items-stretch md:gap-0 md:py-4">
                    <a href="/" className="mr-auto flex shrink-0 items-center gap-2 md:mb-4 md:mr-0 md:px-3">
                      <span aria-hidden className="grid h-7 w-7 place-items-center rounded-lg bg-zinc-900 text-sm font-bold text-white dark:bg-zinc-100 dark:text-zinc-900">B</span>
                      <span className="text-base font-semibold tracking-tight">Baton</span>
                    </a>
                    <div className="hidden md:-mt-2 md:mb-3 md:block md:px-3"><LiveIndicator /></div>
                    <CommandPalette />
                    <SiteNav>
                      <NavLink href="/">Overview</NavLink>
                      <NavLink href="/handoffs">Handoffs</NavLink>
                      <NavLink href="/chains">Chains</NavLink>
                      <NavLink href="/reviews">Reviews</NavLink>
                      <NavLink href="/sessions">Sessions</NavLink>
                      <NavLink href="/usage">Usage</NavLink>
                      <NavLink href="/errors">Ingest errors</NavLink>
                      <NavLink href="/sources">Sources</NavLink>
                    </SiteNav>
                    <div className="md:mt-auto md:px-3 md:pt-4">
                      <ThemeToggle />
                    </div>
                    <UserMenu />
                    <div className="hidden px-3 pt-3 text-xs leading-relaxed text-zinc-500 md:block dark:text-zinc-400">
                      {isTeamMode() ? (
                        <>Repositories come from Sources → Remote repositories</>
                      ) : (
                        <>
                          {/* It may wrap between words, never at the dashes ("npm run baton -" / "- scan"). */}
                          Add a repo:{" "}
                          <code className="font-mono" data-testid="sidebar-hint-command">
                            <span className="whitespace-nowrap">npm run baton</span> <span className="whitespace-nowrap">-- scan &lt;path&gt;</span>
                          </code>
                        </>
                      )}
                    </div>
                  </aside>
                </div>
                <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-4 outline-none md:px-8 md:py-6">
                  {children}
                </main>
                <RouteFocus />
              </div>
            </LiveEventsProvider>
          </ActorBoundary>
        </Providers>
      </body>
    </html>
  );
}
