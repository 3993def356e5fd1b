/**
 * fast-check generators of markdown for the rendering tests: every construct remark-gfm reads (and
 * raw HTML, entities, autolinks, footnotes, hostile URLs), nested at random, plus hostile shapes
 * (deep nesting, long runs, long lines) at random sizes.
 */
import fc from "fast-check";

const URLS = [
  "https://example.com",
  "http://example.com/a?b=c#d",
  "mailto:someone@example.com",
  "#section",
  "/same-site/path",
  "relative/path.png",
  "//example.invalid/protocol-relative",
  "https://example.invalid/remote.png",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java&#x73;cript:alert(1)",
  "javascript&colon;alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "data:image/png;base64,AAAA",
  "vbscript:msgbox(1)",
  "file:///etc/passwd",
  "ftp://example.com/x",
  "x:y",
  "<https://example.com/with spaces>",
];

const WORDS = [
  "word",
  "two words",
  "snake_case_name",
  "a*b*c",
  "x < y & z > w",
  "&amp; &lt; &#x41; &#65; &copy; &nosuch;",
  "\\* \\_ \\[ \\` \\\\",
  "https://example.com/bare",
  "www.example.com",
  "someone@example.com",
  "<https://example.com/autolink>",
  "<javascript:alert(1)>",
  "<someone@example.com>",
  "<b onclick=\"alert(1)\">bold</b>",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "<a href=\"javascript:alert(1)\">raw</a>",
  "<!-- comment -->",
  "`code`",
  "``co`de``",
  "[^note]",
  "~single~",
  "ünïcödé ✓ 😀",
  "\u0000",
  "trailing  ",
];

export const url = fc.constantFrom(...URLS);

/** Inline content: text, code, autolinks and raw HTML, nested in emphasis, strikethrough, links and images. */
const inline: fc.Arbitrary<string> = fc.letrec<{ inline: string }>((tie) => ({
  inline: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(...WORDS),
    tie("inline").map((text) => `*${text}*`),
    tie("inline").map((text) => `**${text}**`),
    tie("inline").map((text) => `_${text}_`),
    tie("inline").map((text) => `~~${text}~~`),
    fc.tuple(tie("inline"), url).map(([text, target]) => `[${text}](${target})`),
    fc.tuple(tie("inline"), url, fc.constantFrom("", ' "title"', " 'title'")).map(([text, target, title]) => `[${text}](${target}${title})`),
    fc.tuple(fc.constantFrom("alt", "", "a *b*"), url).map(([alt, target]) => `![${alt}](${target})`),
    tie("inline").map((text) => `[${text}][ref]`),
    fc.array(tie("inline"), { minLength: 2, maxLength: 4 }).map((parts) => parts.join(" ")),
  ),
})).inline;

const line = fc.array(inline, { minLength: 1, maxLength: 6 }).map((parts) => parts.join(" ").replace(/\n/g, " "));

/** Blocks, nested: list items and block quotes hold blocks. */
const block: fc.Arbitrary<string> = fc.letrec<{ block: string }>((tie) => ({
  block: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.array(line, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n")),
    fc.tuple(fc.integer({ min: 1, max: 6 }), line).map(([level, text]) => `${"#".repeat(level)} ${text}`),
    fc.tuple(line, fc.constantFrom("===", "---")).map(([text, underline]) => `${text}\n${underline}`),
    fc.tuple(fc.constantFrom("```", "~~~", "````"), fc.constantFrom("", "ts", "html", "js onclick=x"), fc.array(line, { maxLength: 3 })).map(([fence, info, lines]) => `${fence}${info}\n${lines.join("\n")}\n${fence}`),
    fc.array(line, { minLength: 1, maxLength: 2 }).map((lines) => lines.map((text) => `    ${text}`).join("\n")),
    fc.constantFrom("---", "***", "___", "- - -"),
    fc.constantFrom('<div onclick="alert(1)">block html</div>', "<details><summary>s</summary>d</details>", "<table><tr><td>raw</td></tr></table>", "<iframe src=\"https://example.invalid\"></iframe>", "<!-- a comment -->", "<style>p{color:red}</style>", "<svg onload=alert(1)></svg>"),
    fc.tuple(fc.integer({ min: 1, max: 4 }), fc.array(fc.constantFrom(":--", ":-:", "--:", "---"), { minLength: 1, maxLength: 4 }), fc.array(line, { maxLength: 6 })).map(([rows, aligns, cells]) => {
      const header = `| ${aligns.map((_, index) => cells[index] ?? `h${index}`).join(" | ")} |`;
      const body = Array.from({ length: rows }, (_, row) => `| ${aligns.map((_, index) => (cells[(row + index) % Math.max(cells.length, 1)] ?? "").replace(/\|/g, "\\|")).join(" | ")} |`);
      return [header, `|${aligns.join("|")}|`, ...body].join("\n");
    }),
    fc.tuple(url, fc.constantFrom("", ' "title"')).map(([target, title]) => `[ref]: ${target}${title}`),
    line.map((text) => `[^note]: ${text}`),
    tie("block").map((inner) => inner.split("\n").map((text) => `> ${text}`).join("\n")),
    fc.tuple(fc.constantFrom("-", "*", "+", "1.", "2)"), fc.constantFrom("", "[ ] ", "[x] "), fc.array(tie("block"), { minLength: 1, maxLength: 3 })).map(([marker, task, items]) =>
      items
        .map((item) => {
          const indent = " ".repeat(marker.length + 1);
          const [first = "", ...rest] = item.split("\n");
          return [`${marker} ${task}${first}`, ...rest.map((text) => (text ? indent + text : text))].join("\n");
        })
        .join("\n"),
    ),
  ),
})).block;

/** An ordinary (if odd) document: blocks separated by blank lines. */
export const markdownDocument = fc.array(block, { minLength: 1, maxLength: 8 }).map((blocks) => blocks.join("\n\n"));

/** Shapes that hurt renderers, at random sizes, alone or inside an ordinary document. */
export const hostileDocument = fc.oneof(
  fc.tuple(fc.constantFrom("- ", "> ", "1. ", "* ", "+ ", "> - ", "- > "), fc.integer({ min: 1, max: 8_000 }), fc.constantFrom("", "x")).map(([unit, count, tail]) => unit.repeat(count) + tail),
  fc.integer({ min: 1, max: 800 }).map((levels) => Array.from({ length: levels }, (_, level) => `${"  ".repeat(level)}- level ${level}`).join("\n")),
  fc.tuple(fc.constantFrom("*", "_", "~", "`", "[", "]", "<", "!["), fc.integer({ min: 1, max: 8_000 })).map(([unit, count]) => `${unit.repeat(count)}x${unit.repeat(count)}`),
  fc.tuple(fc.constantFrom("*a ", "[a](", "[a][", "a* ", "*_[`<a", "<a ", "&amp;", "www.a.io ", "[^a] "), fc.integer({ min: 1, max: 8_000 })).map(([unit, count]) => unit.repeat(count)),
  fc.tuple(fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 1, max: 300 })).map(([columns, rows]) => `${"|a".repeat(columns)}|\n${"|-".repeat(columns)}|\n${"|\n".repeat(rows)}`),
  fc.tuple(inline, fc.integer({ min: 1, max: 3_000 })).map(([text, count]) => Array.from({ length: count }, () => text).join(" ")),
  fc.tuple(markdownDocument, fc.integer({ min: 1, max: 200 })).map(([document, count]) => Array.from({ length: count }, () => document).join("\n\n")),
);
