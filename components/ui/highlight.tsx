import { highlightPieces } from "@/lib/core/text/highlight";

/** `text` with the search's words marked (<mark>), as the handoff search matched them. */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  if (words.length === 0) return <>{text}</>;
  return (
    <>
      {highlightPieces(text, words).map((piece, index) =>
        piece.isMatch ? (
          // Its own text colour: a grey inherited from a secondary line fell under 4.5:1 on the amber.
          <mark key={index} className="rounded-sm bg-amber-200/80 text-zinc-950 dark:bg-amber-500/30 dark:text-amber-50">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
