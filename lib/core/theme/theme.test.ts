import { describe, expect, it } from "vitest";
import { isDarkTheme, parseThemeChoice, THEME_SCRIPT, THEME_STORAGE_KEY } from "./theme";

describe("theme choice", () => {
  it.each([
    ["light", "light"],
    ["dark", "dark"],
    ["system", "system"],
    [null, "system"],
    ["purple", "system"],
  ] as const)("reads %s as %s", (stored, expected) => {
    expect(parseThemeChoice(stored)).toBe(expected);
  });

  it.each([
    ["light", true, false],
    ["dark", false, true],
    ["system", true, true],
    ["system", false, false],
  ] as const)("%s with a dark system preference %s is dark: %s", (choice, systemDark, expected) => {
    expect(isDarkTheme(choice, systemDark)).toBe(expected);
  });

  it("the inline script applies the stored choice, and the system's preference otherwise", () => {
    const run = (stored: string | null, systemDark: boolean) => {
      const classes = new Set<string>();
      const documentElement = { classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) }, style: { colorScheme: "" } };
      const matchMedia = () => ({ matches: systemDark });
      const localStorage = { getItem: (key: string) => (key === THEME_STORAGE_KEY ? stored : null) };
      new Function("document", "window", "matchMedia", "localStorage", THEME_SCRIPT)({ documentElement }, { matchMedia }, matchMedia, localStorage);
      return { dark: classes.has("dark"), scheme: documentElement.style.colorScheme };
    };
    expect(run("dark", false)).toEqual({ dark: true, scheme: "dark" });
    expect(run("light", true)).toEqual({ dark: false, scheme: "light" });
    expect(run(null, true)).toEqual({ dark: true, scheme: "dark" });
    expect(run(null, false)).toEqual({ dark: false, scheme: "light" });
  });
});
