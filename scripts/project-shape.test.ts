import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The shape issue 27 asked for, kept: no import cycle among lib/, app/, components/ and cli/ (type
 * imports, re-exports and `import()` included), no source file past 600 lines (tests, `*.data.ts`
 * tables, `__fixtures__` and `*.as.ts` aside), no lib folder with more than 30 files side by side
 * (tests aside). docs/ARCHITECTURE.md, "One home per concept".
 */
const ROOT = path.resolve(import.meta.dirname, "..");
const TOP_FOLDERS = ["lib", "app", "components", "cli"];
const MAX_LINES = 600;
const MAX_FILES_PER_FOLDER = 30;

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function sourceFiles(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".as.ts")) {
        files.push(full);
      }
    }
  };
  for (const top of TOP_FOLDERS) walk(path.join(ROOT, top));
  return files;
}

/** Every module a file names: imports and re-exports (type-only too), `import()` and `import("…")` types. */
function specifiers(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles.map((reference) => reference.fileName);
}

/** Groups of files that import each other, directly or through others (Tarjan's strongly connected components). */
function importCycles(files: readonly string[]): string[][] {
  const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, baseUrl: ROOT, paths: { "@/*": ["./*"] }, allowJs: false, resolveJsonModule: true };
  const cache = ts.createModuleResolutionCache(ROOT, (name) => name, options);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = specifiers(file)
      .map((specifier) => ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule)
      .filter((resolved): resolved is ts.ResolvedModuleFull => resolved !== undefined && !resolved.isExternalLibraryImport)
      .map((resolved) => path.resolve(resolved.resolvedFileName))
      .filter((target) => known.has(target));
    graph.set(file, targets);
  }
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(path.relative(ROOT, member));
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return groups;
}

describe("project shape (issue 27)", () => {
  const files = sourceFiles();

  it("finds the sources", () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it("has no import cycle, type imports included", () => {
    expect(importCycles(files)).toEqual([]);
  });

  it("has no source file past 600 lines", () => {
    const counted = files.filter((file) => !isTest(file) && !file.endsWith(".data.ts") && !file.split(path.sep).includes("__fixtures__"));
    const long = counted
      .map((file) => ({ file: path.relative(ROOT, file), lines: readFileSync(file, "utf8").split("\n").length - 1 }))
      .filter((entry) => entry.lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it("has no lib folder with more than 30 files side by side", () => {
    const crowded: [string, number][] = [];
    const walk = (folder: string) => {
      const entries = readdirSync(folder, { withFileTypes: true });
      const count = entries.filter((entry) => entry.isFile() && !isTest(entry.name)).length;
      if (count > MAX_FILES_PER_FOLDER) crowded.push([path.relative(ROOT, folder), count]);
      for (const entry of entries) if (entry.isDirectory()) walk(path.join(folder, entry.name));
    };
    walk(path.join(ROOT, "lib"));
    expect(crowded).toEqual([]);
  });
});
