"use client";

import { useCallback, useLayoutEffect, useSyncExternalStore } from "react";
import { isDarkTheme, parseThemeChoice, THEME_STORAGE_KEY, type ThemeChoice } from "@/lib/core/theme/theme";

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function systemQuery() {
  return window.matchMedia("(prefers-color-scheme: dark)");
}

function readChoice(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return "system";
  }
}

/** Puts the choice on <html> (the same rule as THEME_SCRIPT, which did it before the first paint). */
function apply(choice: ThemeChoice) {
  const dark = isDarkTheme(choice, systemQuery().matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const query = systemQuery();
  const onSystemChange = () => {
    apply(readChoice());
    notify();
  };
  // Another tab changed the choice, or the system switched while "system" is chosen.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_STORAGE_KEY) onSystemChange();
  };
  query.addEventListener("change", onSystemChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    query.removeEventListener("change", onSystemChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The reader's choice and a setter that stores and applies it. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  // Applied again before the browser paints: a page React renders in the browser (a 404 thrown by a
  // record page arrives as data, not HTML) never runs THEME_SCRIPT, which only works in server HTML.
  useLayoutEffect(() => apply(readChoice()), []);
  const choice = useSyncExternalStore(subscribe, readChoice, () => "system" as ThemeChoice);
  const setChoice = useCallback((next: ThemeChoice) => {
    try {
      if (next === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
      else window.localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Storage refused (privacy mode): the choice holds for this page only.
    }
    apply(next);
    notify();
  }, []);
  return [choice, setChoice];
}

/** Whether the page is dark now: for what CSS cannot reach (chart colours, React Flow's colorMode). */
export function useIsDark(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.documentElement.classList.contains("dark"),
    () => false,
  );
}
