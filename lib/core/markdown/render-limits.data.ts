/**
 * Where rendering a handoff's markdown stops being safe, measured on micromark (react-markdown's parser)
 * in `npm run bench -- render`: past any of these the page shows the text as plain text with a notice.
 * The checks in assess-markdown.ts run before any parsing; the last three bound the work after it.
 * docs/ARCHITECTURE.md ("Untrusted content") says why each exists.
 */
export const MARKDOWN_RENDER_LIMITS = {
  /** Characters of markdown: micromark reads ~100–200 KB/s here, so this is about a second of work. */
  maxCharacters: 200_000,
  /** List items and block quotes open on one line (`- - - x`, `> > > x`, or indented lists): each level costs every later line of its block, and deep trees overflow the stack. */
  maxNesting: 32,
  /** The longest run of one emphasis marker (`*`, `_`, `~`): a run of 5,000 `*` nests 2,500 emphasis elements. */
  maxDelimiterRun: 64,
  /** Inline markers (`*`, `_`, `~`, `[`, `]`, `` ` ``, `<`) in one paragraph: micromark's inline matching is quadratic in them. */
  maxInlineMarkersPerParagraph: 2_000,
  /** Table cells (columns of the delimiter row × rows): GFM pads every row to the header's width, so 10 KB of `|` can ask for a million cells. */
  maxTableCells: 20_000,
  /** Nodes of the parsed tree: the rendered page is proportional to them. */
  maxNodes: 100_000,
  /** Depth of the parsed tree (inline nesting included): every later step walks it recursively. */
  maxDepth: 128,
  /** Wall-clock time for one document in the rendering worker, after which it is stopped: ordinary handoffs near the size limit take ~1 s here, several on a loaded machine. */
  timeLimitMs: 5_000,
} as const;

export type MarkdownRenderLimits = { readonly [Key in keyof typeof MARKDOWN_RENDER_LIMITS]: number };
