/**
 * The colour theme: the reader's choice ("light" / "dark"), or "system" to follow the operating system's
 * `prefers-color-scheme`. The choice lives in localStorage under THEME_STORAGE_KEY; the page shows it as a
 * `dark` class on <html> (Tailwind's `dark:` variant, app/globals.css), set by THEME_SCRIPT before the
 * first paint so a dark page never flashes white.
 */
export type ThemeChoice = "light" | "dark" | "system";

export const THEME_CHOICES: readonly ThemeChoice[] = ["light", "dark", "system"];
export const THEME_STORAGE_KEY = "baton-theme";

/** A stored value read back: anything unknown (an old or hand-edited value) means "system". */
export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === "light" || value === "dark" ? value : "system";
}

export function isDarkTheme(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === "dark" || (choice === "system" && systemPrefersDark);
}

/**
 * Runs inline in <head> (with the request's CSP nonce) before the body paints. Plain ES5, no imports; a
 * browser without localStorage (privacy mode) falls back to the system's preference.
 */
export const THEME_SCRIPT = `(function(){var d=document.documentElement,c=null;try{c=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)})}catch(e){}var k=c==="dark"||(c!=="light"&&window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches);d.classList.toggle("dark",k);d.style.colorScheme=k?"dark":"light"})()`;
