import { HANDOFF_PAGE_LIMITS } from "./page-limits.data";

/**
 * The stored (secret-masked) text with line numbers, so lint findings can point at a line. Past
 * HANDOFF_PAGE_LIMITS.sourceLines the rest is one block of plain text: a line costs three elements,
 * and a 1 MiB handoff can hold half a million lines.
 */
export function HandoffSource({ content, highlighted }: { content: string; highlighted: Set<number> }) {
  const limit = HANDOFF_PAGE_LIMITS.sourceLines;
  // Split no further than needed: the rest stays one string.
  let cut = -1;
  for (let line = 0; line < limit; line++) {
    cut = content.indexOf("\n", cut + 1);
    if (cut === -1) break;
  }
  const numbered = cut === -1 ? content : content.slice(0, cut);
  const rest = cut === -1 ? null : content.slice(cut + 1);
  const lines = numbered.split("\n");
  return (
    <div className="max-h-[36rem] overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800 bg-zinc-950 text-xs leading-5 text-zinc-100">
      <pre className="font-mono">
        {lines.map((line, index) => {
          const number = index + 1;
          return (
            <div key={number} id={`L${number}`} className={highlighted.has(number) ? "line-anchor src-line src-line-error" : "line-anchor src-line"}>
              <a href={`#L${number}`} className="src-num">
                {number}
              </a>
              <span className="src-text">{line || " "}</span>
            </div>
          );
        })}
        {rest !== null && (
          <>
            <div role="note" className="border-y border-zinc-800 dark:border-zinc-300 py-1 pl-12 pr-4 font-sans text-zinc-500 dark:text-zinc-400">
              Lines after {limit.toLocaleString("en")} are shown without line numbers.
            </div>
            <div className="whitespace-pre-wrap break-all pl-12 pr-4">{rest}</div>
          </>
        )}
      </pre>
    </div>
  );
}
