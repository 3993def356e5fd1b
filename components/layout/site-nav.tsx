"use client";

import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";

/**
 * The main navigation. Wide screens: a column in the sidebar. Phones: a "Menu" button opening the links
 * as a panel under the top bar (a row of links scrolling sideways slid under the logo and hid pages).
 * The panel closes when the page changes: it is open only for the address it was opened on.
 */
export function SiteNav({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  return (
    <>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls="main-navigation"
        onClick={() => setOpenOn(isOpen ? null : pathname)}
        className="order-last rounded-lg border border-zinc-200 px-2.5 py-1 text-sm font-medium text-zinc-700 hover:bg-zinc-100 md:hidden dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      >
        <span aria-hidden>{isOpen ? "✕" : "☰"}</span> Menu
      </button>
      <nav
        id="main-navigation"
        aria-label="Main"
        onKeyDown={(event) => event.key === "Escape" && setOpenOn(null)}
        className={`${isOpen ? "flex" : "hidden"} absolute inset-x-0 top-full flex-col gap-1 border-b border-zinc-200 bg-white p-2 shadow-lg md:static md:flex md:border-0 md:bg-transparent md:p-0 md:shadow-none dark:border-zinc-800 dark:bg-zinc-900 md:dark:bg-transparent`}
      >
        {children}
      </nav>
    </>
  );
}
