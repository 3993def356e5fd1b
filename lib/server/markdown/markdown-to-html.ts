/**
 * Handoff markdown → sanitised HTML, the way the page has always shown it: react-markdown's pipeline
 * (remark-parse, remark-gfm, remark-rehype, rehype-sanitize with GitHub's schema, raw HTML dropped,
 * react-markdown's URL transform), the page's element rules (headings shifted down one level, images
 * replaced by a labelled placeholder and never fetched, links only to http(s), mailto, in-page anchors
 * and same-site paths, task-list boxes drawn as ☑/☐ with a name instead of unnamed disabled
 * checkboxes) and hast-util-to-jsx-runtime's rules for tables, then serialised by
 * hast-util-to-html instead of React. markdown-to-html.test.ts compares the result with the former
 * react-markdown component's on every construct.
 *
 * It runs only in the rendering worker (render-worker.ts): synchronous and, on hostile input, slow.
 */
import { randomUUID } from "node:crypto";
import type { Element, ElementContent, Properties, Root, RootContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { urlAttributes } from "html-url-attributes";
import { defaultUrlTransform } from "react-markdown";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import type { Node } from "unist";
import { MARKDOWN_RENDER_LIMITS, type MarkdownRenderLimits } from "../../core/markdown/render-limits.data";

/** What the rendering worker answers for one document. */
export type MarkdownRenderOutcome = { kind: "html"; html: string; nodes: number; depth: number } | { kind: "plain"; reason: string };

const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto"], src: [] },
};

interface TreeNode {
  children?: TreeNode[];
}

/** Thrown by a tree check to stop the pipeline with a reason for the reader. */
class TreeTooLarge extends Error {}

/** Nodes and depth of a unist tree, walked with an explicit stack (it may be deeper than the call stack). */
export function measureTree(root: TreeNode): { nodes: number; depth: number } {
  let nodes = 0;
  let depth = 0;
  const stack: Array<[TreeNode, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    nodes++;
    if (level > depth) depth = level;
    for (const child of node.children ?? []) stack.push([child, level + 1]);
  }
  return { nodes, depth };
}

const format = (value: number) => value.toLocaleString("en");

/** A unified plugin that stops the pipeline when the tree so far is past the limits (before the recursive steps walk it). */
function treeCheck(stage: string, limits: MarkdownRenderLimits, seen: { nodes: number; depth: number }) {
  return () => (tree: Node) => {
    const measured = measureTree(tree as TreeNode);
    Object.assign(seen, measured);
    if (measured.depth > limits.maxDepth) throw new TreeTooLarge(`its ${stage} tree is ${format(measured.depth)} levels deep (the limit is ${format(limits.maxDepth)})`);
    if (measured.nodes > limits.maxNodes) throw new TreeTooLarge(`its ${stage} tree has ${format(measured.nodes)} nodes (the limit is ${format(limits.maxNodes)})`);
  };
}

const HEADING_SHIFT: Record<string, string> = { h1: "h2", h2: "h3", h3: "h4", h4: "h5", h5: "h6" };
/** hast-util-to-jsx-runtime drops whitespace-only text in these (React forbids it there). */
const TABLE_ELEMENTS = new Set(["table", "tbody", "thead", "tfoot", "tr"]);
const TABLE_CELLS = new Set(["td", "th"]);
const SAFE_HREF = /^(https?:|mailto:|#|\/(?!\/))/i;
const IMAGE_PLACEHOLDER_CLASSES = ["not-prose", "inline-flex", "items-center", "gap-1", "rounded", "border", "border-dashed", "border-zinc-300", "bg-zinc-50", "px-1.5", "py-0.5", "text-xs", "text-zinc-500"];
const REMOVED_LINK_CLASSES = ["text-zinc-700", "underline", "decoration-dotted", "dark:text-zinc-300"];
/** A task list's box, drawn: it cannot be ticked here, so it is no form control (which would need a name). */
const TASK_BOX_CLASSES = ["task-box", "mr-1", "font-mono", "not-italic"];

/** `- [x]` / `- [ ]` as the page draws it: ☑ / ☐, named "done" / "not done" for screen readers. */
export function taskBox(checked: boolean): Element {
  return { type: "element", tagName: "span", properties: { className: TASK_BOX_CLASSES, role: "img", ariaLabel: checked ? "done" : "not done" }, children: [{ type: "text", value: checked ? "☑" : "☐" }] };
}

const isWhitespace = (node: ElementContent | RootContent) => node.type === "text" && /^[ \t\n\f\r]*$/.test(node.value);

/** react-markdown's pass after the plugins: URL attributes through its transform (raw HTML is already gone). */
function transformUrls(element: Element) {
  for (const key of Object.keys(urlAttributes)) {
    if (!Object.hasOwn(element.properties, key)) continue;
    const test = urlAttributes[key];
    if (test === null || test === undefined || test.includes(element.tagName)) {
      element.properties[key] = defaultUrlTransform(String(element.properties[key] || ""));
    }
  }
}

/** What the page's elements made of one element (the former react-markdown `components`), or the element itself. */
function present(element: Element): Element {
  const shifted = HEADING_SHIFT[element.tagName];
  if (shifted) return { type: "element", tagName: shifted, properties: {}, children: element.children };
  if (element.tagName === "img") {
    const { alt, src } = element.properties;
    const properties: Properties = { className: IMAGE_PLACEHOLDER_CLASSES };
    if (typeof src === "string") properties.title = src;
    return { type: "element", tagName: "span", properties, children: [{ type: "text", value: `image not loaded${alt ? `: ${String(alt)}` : ""}` }] };
  }
  if (element.tagName === "input" && element.properties.type === "checkbox") return taskBox(element.properties.checked === true);
  if (element.tagName === "a") {
    const { href } = element.properties;
    if (typeof href !== "string" || !SAFE_HREF.test(href)) {
      return { type: "element", tagName: "span", properties: { className: REMOVED_LINK_CLASSES, title: "link removed: not an http(s) address" }, children: element.children };
    }
    const properties: Properties = { href, rel: ["noopener", "noreferrer", "nofollow"] };
    if (!href.startsWith("#")) properties.target = "_blank";
    return { type: "element", tagName: "a", properties, children: element.children };
  }
  for (const [name, value] of Object.entries(element.properties)) {
    // React writes a boolean data-/aria- attribute as "true" (`data-footnotes="true"`), not as a bare name.
    if (value === true && /^(data|aria)[A-Z]/.test(name)) element.properties[name] = "true";
  }
  if (TABLE_CELLS.has(element.tagName) && typeof element.properties.align === "string") {
    // hast-util-to-jsx-runtime turns a cell's align into a text-align style.
    const { align, ...rest } = element.properties;
    return { ...element, properties: { ...rest, style: `text-align:${align}` } };
  }
  return element;
}

/** The page's presentation of the sanitised tree, in place; iterative, so depth never meets the call stack. */
function presentTree(root: Root) {
  const parents: Array<Root | Element> = [root];
  while (parents.length > 0) {
    const parent = parents.pop()!;
    const dropWhitespace = parent.type === "element" && TABLE_ELEMENTS.has(parent.tagName);
    const children: Array<RootContent | ElementContent> = [];
    for (const child of parent.children) {
      // react-markdown with skipHtml drops raw HTML; the sanitiser already has, this keeps it so.
      if (child.type === "raw" || (dropWhitespace && isWhitespace(child))) continue;
      if (child.type !== "element") {
        children.push(child);
        continue;
      }
      transformUrls(child);
      const shown = present(child);
      children.push(shown);
      parents.push(shown);
    }
    parent.children = children as typeof parent.children;
  }
}

/**
 * hast-util-to-html leaves `<` and `>` raw inside quoted attribute values (valid HTML, and inert), so
 * a code block's info string `<script>` would go out as `class="language-<script>"`. React escaped
 * them, and the HTML should never hold a `<script` at all: they are swapped for a random token of
 * letters and digits (which the serialiser leaves alone and no document can guess) and the token for
 * `&lt;`/`&gt;` after serialising.
 */
function serialize(tree: Root): string {
  const nonce = randomUUID().replace(/-/g, "");
  const tokens: Record<string, string> = { "<": `lt${nonce}`, ">": `gt${nonce}` };
  const swap = (value: string) => value.replace(/[<>]/g, (char) => tokens[char]!);
  const stack: Array<Root | RootContent> = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type !== "element" && node.type !== "root") continue;
    if (node.type === "element") {
      for (const [name, value] of Object.entries(node.properties)) {
        if (typeof value === "string") node.properties[name] = swap(value);
        else if (Array.isArray(value)) node.properties[name] = value.map((item) => (typeof item === "string" ? swap(item) : item));
      }
    }
    stack.push(...node.children);
  }
  return toHtml(tree).replaceAll(tokens["<"]!, "&lt;").replaceAll(tokens[">"]!, "&gt;");
}

/**
 * Never throws: a tree past the limits, a stack overflow or any other failure is a plain-text outcome
 * with the reason.
 */
export function markdownToHtml(markdown: string, limits: MarkdownRenderLimits = MARKDOWN_RENDER_LIMITS): MarkdownRenderOutcome {
  const seen = { nodes: 0, depth: 0 };
  try {
    const processor = unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(treeCheck("markdown", limits, { nodes: 0, depth: 0 }))
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeSanitize, schema)
      .use(treeCheck("HTML", limits, seen));
    const tree = processor.runSync(processor.parse(markdown)) as Root;
    presentTree(tree);
    return { kind: "html", html: serialize(tree), nodes: seen.nodes, depth: seen.depth };
  } catch (error) {
    if (error instanceof TreeTooLarge) return { kind: "plain", reason: error.message };
    if (error instanceof RangeError) return { kind: "plain", reason: "it is nested too deeply for the renderer (stack overflow)" };
    return { kind: "plain", reason: `the renderer failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}
