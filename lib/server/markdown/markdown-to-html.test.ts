import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { hostileMarkdown, SCRIPT_PAYLOADS } from "../../core/markdown/test-support/hostile-markdown";
import { markdownToHtml, measureTree } from "./markdown-to-html";
import { domOf, unsafeParts } from "./test-support/html-checks";
import { markdownDocument } from "./test-support/markdown-arbitrary";
import { ReferenceMarkdown } from "./test-support/react-markdown-reference";

const demo = path.resolve(import.meta.dirname, "..", "..", "..", "demo");
const demoHandoffs = readdirSync(demo, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith(".md") && file.includes("handoff"))
  .map((file) => [file, readFileSync(path.join(demo, file), "utf8")] as const);

/** Every construct the renderer meets, one per line of the table below. */
const CONSTRUCTS: Array<[string, string]> = [
  ["headings, all six levels", "# one\n## two\n### three\n#### four\n##### five\n###### six\n\nSetext\n===\n\nSetext two\n---"],
  ["emphasis, strong, strikethrough, code", "*em* _em_ **strong** __strong__ ~~del~~ ~one~ `code` ``co`de`` ***both***"],
  ["links of every kind", "[http](https://example.com) [title](https://example.com \"T\") [mail](mailto:a@b.c) [anchor](#x) [path](/a/b) [relative](a/b) [pr](//evil.example) [js](javascript:alert(1)) [data](data:text/html,x) [ftp](ftp://x) <https://auto.example> www.example.com a@b.example [ref][r]\n\n[r]: https://example.com/ref"],
  ["images of every kind", "![alt](https://example.invalid/x.png) ![](relative.png) ![a *b*](/same-site.png \"t\") ![d](data:image/png;base64,AAAA) [![inside](https://example.invalid/i.png)](https://example.com)"],
  ["lists, tasks, nesting", "- a\n  - b\n    1. c\n    2) d\n- [ ] open\n- [x] done\n\n3. starts at three\n4. four\n\n* loose\n\n* list"],
  ["block quotes and nesting", "> quote\n> > inner\n> - list in quote\n>\n> ```\n> code in quote\n> ```"],
  ["code blocks", "```ts\nconst a = 1 < 2;\n```\n\n~~~\ntilde\n~~~\n\n    indented <b>code</b>\n\n```js onclick=alert(1)\nx\n```"],
  ["tables with alignment", "| left | center | right | none |\n|:-----|:------:|------:|------|\n| `a` | **b** | [c](https://c.example) | d \\| e |\n| 1 | 2 | 3 |"],
  ["footnotes", "Text[^1] and more[^long].\n\n[^1]: The note.\n[^long]: A longer note\n    with a second line."],
  ["raw html blocks and inline", '<div onclick="x">block</div>\n\ninline <b onmouseover="x">b</b> <span style="color:red">s</span> <kbd>k</kbd> <sup>s</sup>\n\n<details><summary>s</summary>d</details>\n\n<!-- comment -->'],
  ["entities and escapes", "&amp; &lt; &gt; &quot; &#39; &#x41; &#65; &copy; &nosuch; \\* \\_ \\` \\[ \\\\ &#0; &#xD800;"],
  ["thematic breaks and hard breaks", "a  \nb\\\nc\n\n---\n***\n___"],
  ["the hostile HTML suite", SCRIPT_PAYLOADS],
];

const reference = (markdown: string) => renderToStaticMarkup(createElement(ReferenceMarkdown, { markdown }));

function rendered(markdown: string): string {
  const outcome = markdownToHtml(markdown);
  if (outcome.kind !== "html") throw new Error(`not rendered: ${outcome.reason}`);
  return outcome.html;
}

describe("markdownToHtml renders what the react-markdown component did", () => {
  test.each(CONSTRUCTS)("%s: the same DOM, nothing unsafe", (_, markdown) => {
    const html = rendered(markdown);
    expect(domOf(html)).toEqual(domOf(reference(markdown)));
    expect(unsafeParts(html)).toEqual([]);
  });

  test.each(demoHandoffs)("demo/%s: the same DOM", (_, markdown) => {
    expect(domOf(rendered(markdown))).toEqual(domOf(reference(markdown)));
  });

  test("random documents of every construct, nested: the same DOM, nothing unsafe", () => {
    fc.assert(
      fc.property(markdownDocument, (markdown) => {
        const html = rendered(markdown);
        expect(domOf(html)).toEqual(domOf(reference(markdown)));
        expect(unsafeParts(html)).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });

  test("the page's element rules: headings one level down, image placeholders, only safe links, no raw HTML", () => {
    const html = rendered("# Title\n\n![chart](https://example.invalid/c.png) [ok](https://example.com) [bad](javascript:alert(1)) [anchor](#x)\n\n<script>alert(1)</script>");
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('title="https://example.invalid/c.png"');
    expect(html).not.toContain("<img");
    expect(html).toContain("image not loaded: chart");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
    expect(html).toContain('title="link removed: not an http(s) address">bad</span>');
    expect(html).toContain('<a href="#x" rel="noopener noreferrer nofollow">anchor</a>');
    expect(html).not.toMatch(/script|alert/);
  });

  test("task lists: each box drawn and named (☑ done, ☐ not done), never an unnamed form control", () => {
    const html = rendered("- [x] shipped\n- [ ] to do");
    expect(html).not.toContain("<input");
    expect(html).toContain('<span class="task-box mr-1 font-mono not-italic" role="img" aria-label="done">☑</span>');
    expect(html).toContain('<span class="task-box mr-1 font-mono not-italic" role="img" aria-label="not done">☐</span>');
  });
});

describe("markdownToHtml stops at the tree limits instead of overflowing", () => {
  test.each([
    ["emphasis nested 300 deep", `${"*".repeat(600)}word${"*".repeat(600)}`, /markdown tree is 30\d levels deep \(the limit is 128\)/],
    ["emphasis nested 300 deep without a run", `${"*a ".repeat(300)}x${" b*".repeat(300)}`, /tree is \d[\d,]* levels deep \(the limit is 128\)/],
    ["a quote 200 levels deep", `${"> ".repeat(200)}x`, /markdown tree is 20\d levels deep/],
    ["a table of 101,000 cells", `${"|a".repeat(1_000)}|\n${"|-".repeat(1_000)}|\n${"|\n".repeat(100)}`, /HTML tree has [\d,]+ nodes \(the limit is 100,000\)/],
  ])("%s is plain text with the reason", (_, markdown, reason) => {
    const outcome = markdownToHtml(markdown);
    expect(outcome.kind).toBe("plain");
    if (outcome.kind === "plain") expect(outcome.reason).toMatch(reason);
  });

  test("an ordinary handoff reports its tree", () => {
    const outcome = markdownToHtml(demoHandoffs[0]![1]);
    expect(outcome).toMatchObject({ kind: "html", nodes: expect.any(Number), depth: expect.any(Number) });
    if (outcome.kind === "html") expect(outcome.depth).toBeLessThan(20);
  });

  test("measureTree walks a tree deeper than the call stack", () => {
    type Node = { children: Node[] };
    const root: Node = { children: [] };
    let node = root;
    for (let level = 1; level < 200_000; level++) {
      const child: Node = { children: [] };
      node.children.push(child);
      node = child;
    }
    expect(measureTree(root)).toEqual({ nodes: 200_000, depth: 200_000 });
  });

  test("the hostile suite's harmless documents render inert", () => {
    for (const document of hostileMarkdown().filter((entry) => ["dash-line", "script-payloads"].includes(entry.name))) {
      expect(unsafeParts(rendered(document.markdown)), document.name).toEqual([]);
    }
  });
});
