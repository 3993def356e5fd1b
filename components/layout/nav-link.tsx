"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef, type ReactNode } from "react";

export function NavLink({ href, children, badge }: { href: string; children: ReactNode; badge?: ReactNode }) {
  const pathname = usePathname();
  const isActive = href === "/" ? pathname === "/" : pathname === href || pathname.startsWith(`${href}/`);
  const ref = useRef<HTMLAnchorElement>(null);
  // On a narrow screen the links form a row that scrolls sideways: keep the current page's in view.
  useEffect(() => {
    if (isActive) ref.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [isActive]);
  return (
    <Link
      ref={ref}
      href={href}
      aria-current={isActive ? "page" : undefined}
      className={`flex shrink-0 items-center justify-between whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
        isActive ? "bg-zinc-900 text-white" : "text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900"
      }`}
    >
      <span>{children}</span>
      {badge}
    </Link>
  );
}
