import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NavLink } from "@/components/layout/nav-link";
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
          <div className="flex min-h-screen">
            {/* The column (border, background) runs the page's whole height; the navigation in it stays in view. */}
            <div className="w-56 shrink-0 border-r border-zinc-200 bg-white">
              <aside className="sticky top-0 flex h-screen flex-col px-3 py-4">
                <a href="/" className="mb-6 flex items-center gap-2 px-3">
                  <span aria-hidden className="grid h-7 w-7 place-items-center rounded-lg bg-zinc-900 text-sm font-bold text-white">B</span>
                  <span className="text-base font-semibold tracking-tight">Baton</span>
                </a>
                <nav aria-label="Main" className="flex flex-col gap-1">
                  <NavLink href="/">Overview</NavLink>
                  <NavLink href="/handoffs">Handoffs</NavLink>
                  <NavLink href="/chains">Chains</NavLink>
                  <NavLink href="/sessions">Sessions</NavLink>
                  <NavLink href="/errors">Ingest errors</NavLink>
                  <NavLink href="/sources">Sources</NavLink>
                </nav>
                <div className="mt-auto px-3 text-xs leading-relaxed text-zinc-400">
                  Add a repo: <code className="font-mono text-zinc-500">npm run baton -- scan &lt;path&gt;</code>
                </div>
              </aside>
            </div>
            <main className="min-w-0 flex-1 px-8 py-6">{children}</main>
          </div>
        </Providers>
      </body>
    </html>
  );
}
