import { highlightPieces } from "@/lib/core/text/highlight";

/** `text` with the search's words marked (<mark>), as the handoff search matched them. */
export function Highlight({ text, words }: { text: string; words: readonly string[] }) {
  if (words.length === 0) return <>{text}</>;
  return (
    <>
      {highlightPieces(text, words).map((piece, index) =>
        piece.isMatch ? (
          <mark key={index} className="rounded-sm bg-amber-200/80 text-inherit dark:bg-amber-500/30">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
