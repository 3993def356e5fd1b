/**
 * Reading rendered HTML back as a browser would (parse5, through hast-util-from-html), to compare two
 * renderings by the DOM they make and to list anything in it that could run script or fetch.
 */
import type { Element, Nodes, Root, RootContent } from "hast";
import { fromHtml } from "hast-util-from-html";

/** The DOM a fragment makes, without what cannot show (comments, source positions), adjacent text merged. */
export function domOf(html: string): Root {
  const root = fromHtml(html, { fragment: true });
  const clean = (node: Nodes): Nodes => {
    delete node.position;
    if (!("children" in node)) return node;
    const children: RootContent[] = [];
    for (const child of node.children as RootContent[]) {
      if (child.type === "comment") continue;
      const last = children[children.length - 1];
      if (child.type === "text" && last?.type === "text") {
        last.value += child.value;
        continue;
      }
      children.push(clean(child) as RootContent);
    }
    (node as Root).children = children;
    return node;
  };
  return clean(root) as Root;
}

const FORBIDDEN_ELEMENTS = new Set(["script", "iframe", "frame", "object", "embed", "style", "link", "meta", "base", "form", "svg", "math", "img", "video", "audio", "source", "template"]);
const URL_PROPERTIES = ["href", "src", "action", "formAction", "xLinkHref", "poster", "cite", "background"];
/** As a browser's URL parser reads it: leading blanks and control characters skipped, tabs and newlines removed anywhere. */
const SCRIPT_URL = /^(javascript|vbscript|data):/i;
const asBrowserReads = (url: string) => url.replace(/^[\s\p{Cc}]+/u, "").replace(/[\t\n\r]/g, "");

/** Everything in the HTML that could run script or fetch from elsewhere; empty when it is inert. */
export function unsafeParts(html: string): string[] {
  const found: string[] = [];
  if (/<script/i.test(html)) found.push("a <script tag in the markup");
  const stack: Nodes[] = [fromHtml(html, { fragment: true })];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === "element") {
      const element = node as Element;
      if (FORBIDDEN_ELEMENTS.has(element.tagName)) found.push(`<${element.tagName}>`);
      for (const [name, value] of Object.entries(element.properties)) {
        if (/^on/i.test(name)) found.push(`${name} on <${element.tagName}>`);
        // The one style the renderer writes: a table cell's alignment (as react-markdown did).
        if (name === "style" && !(["td", "th"].includes(element.tagName) && /^text-align:(left|center|right)$/.test(String(value)))) found.push(`style on <${element.tagName}>: ${String(value)}`.slice(0, 120));
        if (URL_PROPERTIES.includes(name)) {
          const text = asBrowserReads(String(value));
          if (SCRIPT_URL.test(text)) found.push(`${name}="${text.slice(0, 60)}" on <${element.tagName}>`);
          if (name !== "href") found.push(`${name} on <${element.tagName}>`);
        }
      }
    }
    if ("children" in node) stack.push(...(node.children as Nodes[]));
  }
  return found;
}
