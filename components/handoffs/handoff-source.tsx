/** The stored (secret-masked) text with line numbers, so lint findings can point at a line. */
export function HandoffSource({ content, highlighted }: { content: string; highlighted: Set<number> }) {
  const lines = content.split("\n");
  return (
    <div className="max-h-[36rem] overflow-auto rounded-lg border border-zinc-200 bg-zinc-950 text-xs leading-5 text-zinc-100">
      <pre className="font-mono">
        {lines.map((line, index) => {
          const number = index + 1;
          return (
            <div key={number} id={`L${number}`} className={`line-anchor flex ${highlighted.has(number) ? "bg-red-950/70" : ""}`}>
              <a href={`#L${number}`} className="w-12 shrink-0 select-none pr-3 text-right text-zinc-500 hover:text-zinc-300">
                {number}
              </a>
              <span className="whitespace-pre-wrap break-all pr-4">{line || " "}</span>
            </div>
          );
        })}
      </pre>
    </div>
  );
}
