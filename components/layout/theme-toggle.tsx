"use client";

import { THEME_CHOICES, type ThemeChoice } from "@/lib/core/theme/theme";
import { useThemeChoice } from "./use-theme";

const labels: Record<ThemeChoice, { text: string; icon: string }> = {
  light: { text: "Light", icon: "☀" },
  dark: { text: "Dark", icon: "☾" },
  system: { text: "System", icon: "◐" },
};

/** Light / dark / follow the system: a three-way switch that persists (use-theme.ts). */
export function ThemeToggle() {
  const [choice, setChoice] = useThemeChoice();
  return (
    <div role="radiogroup" aria-label="Colour theme" className="inline-flex rounded-lg border border-zinc-200 p-0.5 dark:border-zinc-700">
      {THEME_CHOICES.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={choice === option}
          title={`${labels[option].text} theme`}
          onClick={() => setChoice(option)}
          className={`rounded-md px-2 py-1 text-xs font-medium ${
            choice === option ? "bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900" : "text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800"
          }`}
        >
          <span aria-hidden className="md:hidden">{labels[option].icon}</span>
          <span className="sr-only md:not-sr-only">{labels[option].text}</span>
        </button>
      ))}
    </div>
  );
}
