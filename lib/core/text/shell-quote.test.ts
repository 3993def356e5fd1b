import { execFileSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { joinCommand, literal, shellQuote, shellWordValue, stripNul } from "./shell-quote";

const SHELLS = ["/bin/sh", "bash"] as const;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** What a real shell passes to a program for `word`: printf echoes its one argument back. */
function roundTrip(shell: string, quoted: string): string {
  return execFileSync(shell, ["-c", `printf '%s' ${quoted}`], { encoding: "utf8" });
}

const HOSTILE = [
  "",
  "plain",
  "it's",
  "'",
  "''",
  "'''leading and trailing'''",
  '"double" quotes',
  "back\\slash \\n \\0 \\\\",
  "$(touch /tmp/baton-pwned)",
  "`touch /tmp/baton-pwned`",
  "${HOME} $HOME $1 $@ $$",
  "!! !-1 !$ history",
  "line one\nline two\n\nline four",
  "trailing newline\n",
  "tab\tseparated",
  "* ? [a-z] ~ {a,b}",
  "; rm -rf / # & | < > ( )",
  "-n",
  "--help",
  "ünïcödé ✓ 日本語 🎉",
  "'; touch /tmp/baton-pwned; echo '",
];

describe("shellQuote", () => {
  test.each(HOSTILE)("round-trips %j through sh and bash", (value) => {
    for (const shell of SHELLS) expect(roundTrip(shell, shellQuote(value))).toBe(value);
  });

  test("quotes everything, even plain words", () => {
    expect(shellQuote("main")).toBe("'main'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("'")).toBe("\\'");
    expect(shellQuote("")).toBe("''");
  });

  test("refuses NUL instead of truncating the argument", () => {
    expect(() => shellQuote("a\0b")).toThrow(/NUL/);
  });

  test("round-trips arbitrary text without NUL", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (raw) => {
        // Lone surrogates cannot be encoded as UTF-8 in the first place.
        const value = stripNul(raw).value.replace(LONE_SURROGATE, "\uFFFD");
        expect(roundTrip("/bin/sh", shellQuote(value))).toBe(value);
      }),
      { numRuns: 150 },
    );
  });
});

describe("joinCommand", () => {
  test("literals stay bare, data is quoted, arrays make one word", () => {
    const words = [literal("gemini"), [literal("--prompt-interactive="), "-x 'y'"]] as const;
    expect(joinCommand(words)).toBe("gemini --prompt-interactive='-x '\\''y'\\'");
    expect(shellWordValue(words[1])).toBe("--prompt-interactive=-x 'y'");
  });

  test.each(["$(x)", "a b", "~", "=cmd", "*", "{a,b}", "", "x;y"])("refuses %j as a literal", (text) => {
    expect(() => literal(text)).toThrow();
  });

  test("argv arrives intact", () => {
    const argv = ["one", "two words", "it's", "$(touch /tmp/baton-pwned)", "a\nb"];
    const out = execFileSync("/bin/sh", ["-c", `printf '%s|' ${joinCommand(argv)}`], { encoding: "utf8" });
    expect(out).toBe(argv.map((a) => `${a}|`).join(""));
  });
});

describe("stripNul", () => {
  test("removes and counts NUL", () => {
    expect(stripNul("a\0b\0")).toEqual({ value: "ab", removedCount: 2 });
    expect(stripNul("clean")).toEqual({ value: "clean", removedCount: 0 });
  });
});
