/**
 * A generated corpus of markdown for the render benchmark: random documents of every construct
 * (the rendering tests' generator, seeded), joined into documents from ~1 KB up to just under the
 * pre-check's size limit, so every one of them is parsed and rendered, none refused.
 */
import fc from "fast-check";
import { MARKDOWN_RENDER_LIMITS } from "../lib/core/markdown/render-limits.data";
import { markdownDocument } from "../lib/server/markdown/test-support/markdown-arbitrary";

export interface GeneratedMarkdown {
  name: string;
  markdown: string;
}

export function generateMarkdownCorpus({ documents = 40, seed = 20261201 } = {}): GeneratedMarkdown[] {
  const pool = fc.sample(markdownDocument, { seed, numRuns: 600 });
  const limit = MARKDOWN_RENDER_LIMITS.maxCharacters - 10_000;
  const corpus: GeneratedMarkdown[] = [];
  let next = 0;
  for (let index = 0; index < documents; index++) {
    // Sizes grow geometrically: most documents are handoff-sized, the last ones near the limit.
    const target = Math.round(1_000 * Math.pow(limit / 1_000, index / Math.max(1, documents - 1)));
    const parts: string[] = [];
    let size = 0;
    while (size < target) {
      const part = pool[next++ % pool.length]!;
      if (size + part.length + 2 > limit) break;
      parts.push(part);
      size += part.length + 2;
    }
    // No NUL: as a file, it would make the handoff "binary" and keep it out of the served corpus.
    corpus.push({ name: `generated-${String(index + 1).padStart(2, "0")}`, markdown: parts.join("\n\n").replaceAll("\u0000", "") });
  }
  return corpus;
}
