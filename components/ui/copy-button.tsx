"use client";

import { useState, type Ref } from "react";

async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Plain-http hosts other than localhost have no Clipboard API: fall back to a selected textarea.
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy refused by the browser");
}

export function CopyButton({ text, label, className = "", buttonRef }: { text: string; label: string; className?: string; buttonRef?: Ref<HTMLButtonElement> }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <span className="inline-flex items-center gap-2">
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        onClick={async () => {
          try {
            await copyText(text);
            setState("copied");
          } catch {
            setState("failed");
          }
          setTimeout(() => setState("idle"), 2500);
        }}
        className={`rounded-lg border border-zinc-300 dark:border-zinc-700 bg-white dark:bg-zinc-900 px-2.5 py-1 text-xs font-medium text-zinc-700 dark:text-zinc-300 hover:bg-zinc-50 dark:hover:bg-zinc-800/40 ${className}`}
      >
        {state === "copied" ? "Copied ✓" : label}
      </button>
      <span role="status" aria-live="polite" className="text-xs text-emerald-700 dark:text-emerald-300">
        {state === "copied" ? "Copied to clipboard" : state === "failed" ? <span className="text-red-600 dark:text-red-400">Copy failed — select the text instead</span> : ""}
      </span>
    </span>
  );
}
