/**
 * ASCII allocation trees in seed / MoAI documents ("├── System Prompt & Instructions: ~15K tokens
 * (7.5%)"): parse-seed-json.ts makes them the `allocation` of a budget config.
 */
import type { Parsed } from "../findings";
import type { AllocationNode } from "./types";

export interface AllocationTree {
  /** The line above the tree when it reads like a heading ("Token Allocation Strategy (…):"). */
  title: string | null;
  /** Context size named in the title ("200K Sonnet context" → 200000), else null. */
  totalTokens: number | null;
  nodes: AllocationNode[];
  /** 1-based line of the tree's first node. */
  line: number;
}

const TREE_LINE = /^([│|\s]*)([├└]──|[|`]--)\s?(.*)$/;
const TOKEN_VALUE = /^~?\s*(\d+(?:[.,]\d+)?)\s*([KkMm])?\s*(?:tokens?)?\s*(?:\(\s*(\d+(?:\.\d+)?)\s*%\s*\))?\s*$/;

export function parseAllocationTrees(text: string): Parsed<AllocationTree[]> {
  const lines = text.split(/\r?\n/);
  const trees: AllocationTree[] = [];
  let index = 0;
  while (index < lines.length) {
    const match = TREE_LINE.exec(lines[index] ?? "");
    if (match === null) {
      index += 1;
      continue;
    }
    const firstLine = index;
    const baseIndent = treeDepth(match[1] ?? "");
    const roots: AllocationNode[] = [];
    const stack: { depth: number; node: AllocationNode }[] = [];
    while (index < lines.length) {
      const current = TREE_LINE.exec(lines[index] ?? "");
      if (current === null) break;
      const depth = Math.max(0, treeDepth(current[1] ?? "") - baseIndent);
      const node = allocationNode(current[3] ?? "");
      while (stack.length > 0 && (stack[stack.length - 1]?.depth ?? 0) >= depth) stack.pop();
      const parent = stack[stack.length - 1];
      if (parent === undefined) roots.push(node);
      else parent.node.children.push(node);
      stack.push({ depth, node });
      index += 1;
    }
    const title = titleAbove(lines, firstLine);
    trees.push({ title, totalTokens: title === null ? null : contextSizeIn(title), nodes: roots, line: firstLine + 1 });
  }
  return { value: trees, issues: [] };
}

/** Depth from the indentation prefix: each level is four columns ("│   " or "    "). */
function treeDepth(prefix: string): number {
  return Math.round(prefix.replace(/\t/g, "    ").length / 4);
}

function allocationNode(text: string): AllocationNode {
  const cleaned = text.trim();
  const colon = cleaned.lastIndexOf(":");
  if (colon > 0) {
    const value = TOKEN_VALUE.exec(cleaned.slice(colon + 1).trim());
    if (value !== null) {
      return {
        label: cleaned.slice(0, colon).trim(),
        tokens: scaledNumber(value[1] ?? "", value[2] ?? ""),
        percent: value[3] === undefined ? null : Number(value[3]),
        children: [],
      };
    }
  }
  return { label: cleaned, tokens: null, percent: null, children: [] };
}

function scaledNumber(digits: string, unit: string): number | null {
  const value = Number(digits.replace(",", "."));
  if (!Number.isFinite(value)) return null;
  const scale = unit === "K" || unit === "k" ? 1_000 : unit === "M" || unit === "m" ? 1_000_000 : 1;
  return Math.round(value * scale);
}

function titleAbove(lines: readonly string[], firstLine: number): string | null {
  for (let index = firstLine - 1; index >= 0 && index >= firstLine - 2; index -= 1) {
    // Headings often come in Markdown emphasis ("**Allocation (1M context):**").
    const line = (lines[index] ?? "").replace(/[*_`#]+/g, "").trim();
    if (line.length === 0) continue;
    return line.endsWith(":") ? line.replace(/:$/, "").trim() : null;
  }
  return null;
}

function contextSizeIn(title: string): number | null {
  const match = /(\d+(?:\.\d+)?)\s*([KkMm])\b[^()]*context/.exec(title);
  return match === null ? null : scaledNumber(match[1] ?? "", match[2] ?? "");
}

export function hasTokens(nodes: readonly AllocationNode[]): boolean {
  return nodes.some((node) => node.tokens !== null || hasTokens(node.children));
}
