import { describe, expect, it } from "vitest";
import { renderCommentBody, renderHandoffSections } from "./render-review";

describe("rendering a review's parts", () => {
  it("a comment: sanitised markdown, @mentions highlighted in text only", async () => {
    const rendered = await renderCommentBody('Hi @ann, see [the doc](https://example.test "a>@bob") <img src=x onerror=alert(1)> `@code`');
    expect(rendered.kind).toBe("html");
    const html = (rendered as { html: string }).html;
    expect(html.match(/class="mention"/g)).toHaveLength(1);
    expect(html).toContain('<span class="mention" data-mention="ann">@ann</span>');
    expect(html).not.toMatch(/onerror/);
    expect(html).toContain("<code>@code</code>");
  });

  it("a handoff section by section, with each section's lines", async () => {
    const sections = await renderHandoffSections("intro\n# Title\n\n## Goal\nShip it\n```\n# not a heading\n```\n");
    expect(sections.map((section) => [section.key, section.startLine, section.endLine])).toEqual([
      [null, 1, 1],
      ["title", 2, 3],
      ["goal", 4, 9],
    ]);
    expect(sections[2]!.rendered).toMatchObject({ kind: "html", html: expect.stringContaining("# not a heading") });
  });
});
