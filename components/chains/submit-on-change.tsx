"use client";

import type { ReactNode } from "react";

/**
 * Wraps a form's fields so that changing one submits the form (as the list filters apply as they change);
 * the form's own submit button stays for browsers without JavaScript.
 */
export function SubmitOnChange({ children }: { children: ReactNode }) {
  return (
    <span className="contents" onChange={(event) => (event.target as HTMLSelectElement).form?.requestSubmit()}>
      {children}
    </span>
  );
}
