/**
 * The pages the command palette offers, with words a reader might type for them. Lanes that add a page
 * add a line here too (the palette filters this list in the browser; no request needed).
 */
export interface PalettePage {
  href: string;
  title: string;
  keywords: string;
}

export const PALETTE_PAGES: readonly PalettePage[] = [
  { href: "/", title: "Overview", keywords: "home dashboard open handoffs lint health" },
  { href: "/handoffs", title: "Handoffs", keywords: "list search filter" },
  { href: "/chains", title: "Chains", keywords: "graph resume pointers forks broken" },
  { href: "/sessions", title: "Sessions", keywords: "agents tokens context burn" },
  { href: "/errors", title: "Ingest errors", keywords: "findings parse failures" },
  { href: "/sources", title: "Sources", keywords: "folders logs repositories rescan" },
  { href: "/reviews", title: "Reviews", keywords: "claim review queue" },
  { href: "/usage", title: "Usage", keywords: "cost tokens daily report" },
];
