"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect } from "react";

/** With no zone in the address, use the browser's (replacing the URL, so it can be shared as seen). */
export function DefaultTimeZone({ current }: { current: string | null }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  useEffect(() => {
    if (current) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone) return;
    const next = new URLSearchParams(params.toString());
    next.set("tz", zone);
    router.replace(`${pathname}?${next.toString()}`);
  }, [current, params, pathname, router]);
  return null;
}
