/**
 * requireAccess is async: a call that is not awaited (or returned) lets the request through before the
 * check ends. Every call in the app, proxy and lib must be awaited.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../../..");

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) out.push(...sources(rel));
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(rel);
  }
  return out;
}

describe("requireAccess usage", () => {
  it("every call is awaited or returned", () => {
    const unawaited: string[] = [];
    for (const file of [...sources("app"), ...sources("lib"), ...sources("cli"), "proxy.ts"]) {
      const lines = readFileSync(path.join(ROOT, file), "utf8").split("\n");
      lines.forEach((line, index) => {
        if (/\b(requireAccess|requirePageActor)\(/.test(line) && !/\b(await|return)\s+(requireAccess|requirePageActor)\(/.test(line) && !/^\s*(\*|\/\/|export (async )?function|import)/.test(line) && !/function (requireAccess|requirePageActor)/.test(line)) {
          unawaited.push(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
    expect(unawaited).toEqual([]);
  });
});

describe("route handlers and server actions", () => {
  it("every route handler goes through route() (the OTLP receiver through handleOtlp, which answers in OTLP's encoding) and every server action through serverAction()", () => {
    const outside: string[] = [];
    for (const file of sources("app").filter((name) => name.endsWith(`${path.sep}route.ts`))) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(/^export (?:const|async function|function) (GET|POST|PUT|PATCH|DELETE)\b(.*)$/gm)) {
        const line = match[0];
        const through = /= route\(|= reviewRoute\(|= reviewReadRoute\(/.test(line) || /return handleOtlp\(/.test(text) || /^export const (GET|POST) = authRoute;$/.test(line);
        if (!through) outside.push(`${file}: ${line.trim()}`);
      }
    }
    for (const file of sources("lib").filter((name) => readFileSync(path.join(ROOT, name), "utf8").startsWith('"use server"'))) {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      for (const match of text.matchAll(/^export (?:const|async function) (\w+)(.*)$/gm)) {
        if (!/= serverAction\(/.test(match[0])) outside.push(`${file}: ${match[0].trim()}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
