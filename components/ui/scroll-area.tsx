"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A box that scrolls sideways when its content is wider (a table on a phone), and says so: while there
 * is more to the right, the right edge fades and a "scroll →" tag shows, so the columns past the edge
 * (Total, Cost) are not mistaken for absent. When it scrolls it is a focusable, named region, so a
 * keyboard can scroll it too.
 */
export function ScrollArea({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ scrollable: false, more: false });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const scrollable = element.scrollWidth > element.clientWidth + 1;
      const more = scrollable && element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setState((was) => (was.scrollable === scrollable && was.more === more ? was : { scrollable, more }));
    };
    update();
    element.addEventListener("scroll", update, { passive: true });
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", update);
      observer.disconnect();
    };
  }, []);
  return (
    <div className={`relative ${className}`} data-testid="scroll-area" data-scrollable={state.scrollable} data-more={state.more}>
      <div
        ref={box}
        className="overflow-x-auto"
        {...(state.scrollable ? { tabIndex: 0, role: "region", "aria-label": `${label} (scrolls sideways)` } : {})}
      >
        {children}
      </div>
      {state.more && (
        <div aria-hidden className="pointer-events-none absolute inset-y-0 right-0 flex w-20 items-center justify-end bg-gradient-to-l from-white via-white/70 to-transparent pr-1.5 dark:from-zinc-900 dark:via-zinc-900/70">
          <span className="rounded-full bg-zinc-900 px-2 py-0.5 text-[11px] font-medium text-white shadow dark:bg-zinc-100 dark:text-zinc-900">scroll →</span>
        </div>
      )}
    </div>
  );
}
