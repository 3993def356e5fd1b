/**
 * Markdown built to make a renderer spin, overflow its stack or run out of memory, each small enough
 * to be ingested (under the 1 MiB handoff limit). Used by the unit tests, the render benchmark and the
 * e2e fixture repo (e2e/fixtures/hostile-repo.ts), so all three exercise the same inputs.
 */
export interface HostileMarkdown {
  /** kebab-case, also the handoff's phase in the e2e repo. */
  name: string;
  /** What it attacks. */
  attack: string;
  markdown: string;
}

function nestedList(levels: number): string {
  const lines: string[] = [];
  for (let level = 0; level < levels; level++) lines.push(`${"  ".repeat(level)}- level ${level + 1}`);
  return lines.join("\n");
}

/** The documents; `body` only (wrap with `asHandoff` for a whole handoff file). */
export function hostileMarkdown(): HostileMarkdown[] {
  return [
    { name: "dash-goal", attack: "one line of `- ` × 10,000 and a word: 10,000 nested list items on one line (issue 15: 80+ s, then a stack overflow)", markdown: `${"- ".repeat(10_000)}goal` },
    { name: "dash-line", attack: "one line of `- ` × 10,000 alone (a thematic break to CommonMark, a list to a naive counter)", markdown: "- ".repeat(10_000) },
    { name: "deep-list", attack: "a 700-level indented list (issue 15: 24 s and RangeError)", markdown: nestedList(700) },
    { name: "deep-list-300", attack: "a 300-level indented list, under the size limit", markdown: nestedList(300) },
    { name: "deep-quote", attack: "`> ` × 5,000 on one line", markdown: `${"> ".repeat(5_000)}quoted` },
    { name: "deep-ordered", attack: "`1. ` × 5,000 on one line", markdown: `${"1. ".repeat(5_000)}item` },
    { name: "mixed-containers", attack: "`> - 1. ` × 2,000 on one line", markdown: `${"> - 1. ".repeat(2_000)}x` },
    { name: "emphasis-run", attack: "`*` × 5,000, a word, `*` × 5,000: 2,500 nested emphasis elements", markdown: `${"*".repeat(5_000)}word${"*".repeat(5_000)}` },
    { name: "emphasis-nest", attack: "`*a ` × 3,000 then ` b*` × 3,000: nested emphasis without a long run", markdown: `${"*a ".repeat(3_000)}x${" b*".repeat(3_000)}` },
    { name: "inline-mix", attack: "`*_[`<a` × 20,000 in one paragraph (quadratic inline matching)", markdown: "*_[`<a".repeat(20_000) },
    { name: "unclosed-links", attack: "`[a](` × 20,000 in one paragraph", markdown: "[a](".repeat(20_000) },
    { name: "reference-labels", attack: "`[a][` × 20,000 in one paragraph", markdown: "[a][".repeat(20_000) },
    { name: "closing-stars", attack: "`a* ` × 20,000 in one paragraph", markdown: "a* ".repeat(20_000) },
    { name: "table-bomb", attack: "a 5,000-column header and 200 one-pipe rows: a million cells from 10 KB", markdown: `${"|a".repeat(5_000)}|\n${"|-".repeat(5_000)}|\n${"|\n".repeat(200)}` },
    { name: "many-definitions", attack: "20,000 link reference definitions", markdown: "[a]: https://example.invalid/a\n".repeat(20_000) },
    { name: "footnote-flood", attack: "10,000 footnote references and definitions", markdown: `${"text[^a] ".repeat(10_000)}\n\n${Array.from({ length: 10_000 }, (_, index) => `[^f${index}]: note`).join("\n")}` },
    { name: "html-flood", attack: "`<div>` × 50,000", markdown: "<div>".repeat(50_000) },
    { name: "entity-flood", attack: "`&amp;&#x41;&#65;` × 30,000", markdown: "&amp;&#x41;&#65; ".repeat(30_000) },
    { name: "autolink-flood", attack: "40,000 literal autolinks (www., http://, e-mail) in one paragraph", markdown: "www.a.io http://b.io c@d.io ".repeat(13_000) },
    { name: "long-line", attack: "one 900 KB line of words", markdown: "word ".repeat(180_000) },
    { name: "many-lines", attack: "100,000 short lines (one paragraph; 100,000 numbered lines in the source view)", markdown: "a\n".repeat(100_000) },
    { name: "script-payloads", attack: "raw HTML, javascript: and data: links, remote images, event handlers", markdown: SCRIPT_PAYLOADS },
  ];
}

/** Every way this file knows to put script, handlers or remote fetches into markdown. */
export const SCRIPT_PAYLOADS = `<script>document.body.dataset.pwned = 'script'</script>

<img src="https://example.invalid/x.png" onerror="document.body.dataset.pwned='img'">

<a href="javascript:alert(1)">raw link</a> <div onmouseover="alert(1)">hover</div> <iframe src="https://example.invalid/"></iframe>

[markdown link](javascript:alert(1)) [data link](data:text/html,<script>alert(1)</script>) [vb](vbscript:msgbox(1)) [spaced](  javascript:alert(1))
[entity](jav&#x61;script:alert(1)) [tab](java\tscript:alert(1)) [protocol-relative](//example.invalid/x)

![remote image](https://example.invalid/y.png) ![data image](data:image/png;base64,AAAA)

<https://example.invalid/autolink> <javascript:alert(1)> www.example.invalid

[ref]: javascript:alert(1)
[a reference][ref]

<svg onload="alert(1)"><use href="#x"/></svg> <math><mi xlink:href="javascript:alert(1)">x</mi></math>

<style>body{background:url(https://example.invalid/z)}</style>

| <b onclick="alert(1)">cell</b> | [x](javascript:alert(1)) |
|---|---|
| ![i](https://example.invalid/t.png) | ok |
`;

/** A whole handoff (protocol sections around the hostile body as its Goal), as the e2e repo stores it. */
export function asHandoff(document: HostileMarkdown): string {
  return `# Handoff: ${document.name}

## Session Metadata
- Created: 2026-12-01 10:00
- Project: hostile-markdown
- Branch: main

## Goal
${document.markdown}

## Current State Summary
The goal above is hostile on purpose: ${document.attack}.

## Immediate Next Steps
1. Open this handoff's page and check that the server still answers.
`;
}
