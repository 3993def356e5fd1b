"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";

/** How long a page may take to show its heading (it streams in behind a skeleton) before we give up. */
const WAIT_MS = 8_000;

/**
 * After a page change, focus moves to the new page's main heading, as a full page load would start a
 * screen reader there (a client-side navigation otherwise leaves focus on <body>, or on a link that
 * is gone). Not on the first load, not when only the query changes (a filter keeps its focus), and
 * not when the reader has already moved into the new page.
 */
export function RouteFocus() {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const tryFocus = () => {
      const main = document.getElementById("main");
      const heading = main?.querySelector<HTMLElement>("h1");
      if (main && heading && !heading.closest("[hidden]") && heading.getClientRects().length > 0) {
        const active = document.activeElement;
        if (active && active !== document.body && active !== main && main.contains(active)) return;
        if (document.querySelector("dialog[open], [role=dialog]")) return;
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        heading.focus({ preventScroll: true });
        return;
      }
      if (Date.now() - started < WAIT_MS) timer = setTimeout(tryFocus, 50);
    };
    tryFocus();
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
