"use client";

import { queryKeys } from "@/lib/core/events/query-keys";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Command } from "cmdk";
import { useRouter } from "next/navigation";
import { Fragment, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { PALETTE_PAGES } from "@/lib/core/palette/palette-pages.data";
import { searchWords } from "@/lib/core/text/search-words";
import type { PaletteResults } from "@/lib/server/queries/palette-search";
import { DEFAULT_GROUP_ORDER, type PaletteGroup } from "@/lib/core/palette/rank-results";
import { RuntimeBadge } from "../handoffs/runtime-badge";
import { Highlight } from "../ui/highlight";

async function fetchResults(query: string): Promise<PaletteResults> {
  const response = await fetch(`/api/search?${new URLSearchParams({ q: query })}`);
  if (!response.ok) throw new Error(`Search failed (HTTP ${response.status})`);
  return response.json() as Promise<PaletteResults>;
}

/** True when a key press belongs to a field (typing "/" in a search box must not open the palette). */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

const groupClass =
  "px-1 py-1 [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:uppercase [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-zinc-500 dark:[&_[cmdk-group-heading]]:text-zinc-400";
/** The highlighted item is plain to see (a tint and a ring), not a faint grey. */
const itemClass =
  "flex min-w-0 cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm text-zinc-800 ring-inset data-[selected=true]:bg-sky-100 data-[selected=true]:text-zinc-950 data-[selected=true]:ring-1 data-[selected=true]:ring-sky-400 dark:text-zinc-200 dark:data-[selected=true]:bg-sky-950 dark:data-[selected=true]:text-white dark:data-[selected=true]:ring-sky-600";

/**
 * ⌘K / Ctrl+K, or "/" outside a field: one box searching handoffs (the list's full-text search), sessions,
 * repos, branches and pages. Arrow keys move, Enter opens, Escape closes; results come grouped.
 */
export function CommandPalette() {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [settled, setSettled] = useState("");
  const searchButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((was) => !was);
      } else if (event.key === "/" && !event.metaKey && !event.ctrlKey && !event.altKey && !isTyping(event.target)) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Ask the server after a pause in typing.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(query.trim()), 120);
    return () => clearTimeout(timer);
  }, [query]);

  const { data, isFetching, error } = useQuery({
    queryKey: queryKeys.palette(settled),
    queryFn: () => fetchResults(settled),
    enabled: open && settled !== "",
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  const words = useMemo(() => searchWords(settled).words, [settled]);
  // Pages are filtered as the reader types (no server involved), records once typing pauses.
  const typedWords = useMemo(() => searchWords(query).words, [query]);
  const pages = useMemo(
    () => PALETTE_PAGES.filter((page) => typedWords.every((word) => `${page.title} ${page.keywords}`.toLowerCase().includes(word))),
    [typedWords],
  );
  const results = settled === "" ? undefined : data;
  // A page whose name starts with the query ("sour" → Sources) is what the reader wants: its group
  // comes first; otherwise pages come after the records.
  const typed = query.trim().toLowerCase();
  const pagesFirst = typed !== "" && pages.some((page) => page.title.toLowerCase().startsWith(typed));
  // The highlighted item: the first result whenever the results change (cmdk keeps a stale choice
  // when items arrive after the list was drawn), then wherever the arrow keys move it.
  const valueOf: Record<PaletteGroup, () => string | null> = {
    handoffs: () => (results?.handoffs[0] ? `handoff:${results.handoffs[0].id}` : null),
    sessions: () => (results?.sessions[0] ? `session:${results.sessions[0].id}` : null),
    repos: () => (results?.repos[0] ? `repo:${results.repos[0].id}` : null),
    branches: () => (results?.branches[0] ? `branch:${results.branches[0].repoId}:${results.branches[0].name}` : null),
  };
  const order = results?.order ?? DEFAULT_GROUP_ORDER;
  const firstValue =
    (pagesFirst && pages[0] ? `page:${pages[0].href}` : null) ??
    order.map((group) => valueOf[group]()).find((value) => value !== null) ??
    (pages[0] ? `page:${pages[0].href}` : "");
  const resultsKey = `${typed}|${settled}|${results ? "results" : "none"}`;
  const [choice, setChoice] = useState<{ key: string; value: string }>({ key: "", value: "" });
  const highlighted = choice.key === resultsKey ? choice.value : firstValue;

  // cmdk names the highlighted option (aria-activedescendant) only after an arrow press, not when
  // the highlight is set for it (the first result): name it here, once the items are drawn.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => {
      const selected = list.current?.querySelector<HTMLElement>('[cmdk-item][aria-selected="true"]');
      if (selected) input.current?.setAttribute("aria-activedescendant", selected.id);
      else input.current?.removeAttribute("aria-activedescendant");
    });
    return () => cancelAnimationFrame(frame);
  });

  const go = (href: string) => {
    setOpen(false);
    setQuery("");
    router.push(href);
  };

  const pagesGroup =
    pages.length > 0 ? (
      <Command.Group heading="Pages" className={groupClass}>
        {pages.map((page) => (
          <Command.Item key={page.href} value={`page:${page.href}`} onSelect={() => go(page.href)} className={itemClass}>
            <span className="font-medium"><Highlight text={page.title} words={typedWords} /></span>
            <span className="font-mono text-xs text-zinc-600 dark:text-zinc-300">{page.href}</span>
          </Command.Item>
        ))}
      </Command.Group>
    ) : null;

  const groupViews: Record<PaletteGroup, ReactNode> = {
    handoffs: results && results.handoffs.length > 0 && (
      <Command.Group heading="Handoffs" className={groupClass}>
        {results.handoffs.map((handoff) => (
          <Command.Item key={handoff.id} value={`handoff:${handoff.id}`} onSelect={() => go(`/handoffs/${handoff.id}`)} className={itemClass}>
            <RuntimeBadge runtime={handoff.runtime} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium"><Highlight text={handoff.title} words={words} /></span>
              <span className="block truncate font-mono text-xs text-zinc-600 dark:text-zinc-300">
                <Highlight text={`${handoff.repo}/${handoff.path}`} words={words} />
              </span>
            </span>
          </Command.Item>
        ))}
      </Command.Group>
    ) || null,
    sessions: results && results.sessions.length > 0 && (
      <Command.Group heading="Sessions" className={groupClass}>
        {results.sessions.map((session) => (
          <Command.Item key={session.id} value={`session:${session.id}`} onSelect={() => go(`/sessions/${session.id}`)} className={itemClass}>
            <RuntimeBadge runtime={session.runtime} />
            <span className="min-w-0 flex-1">
              {session.title && <span className="block truncate"><Highlight text={session.title} words={words} /></span>}
              <span className={`block truncate font-mono text-xs${session.title ? " text-zinc-600 dark:text-zinc-300" : ""}`}><Highlight text={session.sessionId} words={words} /></span>
              <span className="block truncate text-xs text-zinc-600 dark:text-zinc-300">
                <Highlight text={[session.cwd, session.branch].filter(Boolean).join(" · ")} words={words} />
              </span>
            </span>
          </Command.Item>
        ))}
      </Command.Group>
    ) || null,
    repos: results && results.repos.length > 0 && (
      <Command.Group heading="Repositories" className={groupClass}>
        {results.repos.map((repo) => (
          <Command.Item key={repo.id} value={`repo:${repo.id}`} onSelect={() => go(`/handoffs?repo=${encodeURIComponent(repo.id)}`)} className={itemClass}>
            <span className="font-medium"><Highlight text={repo.name} words={words} /></span>
            <span className="min-w-0 flex-1 truncate font-mono text-xs text-zinc-600 dark:text-zinc-300">{repo.path}</span>
          </Command.Item>
        ))}
      </Command.Group>
    ) || null,
    branches: results && results.branches.length > 0 && (
      <Command.Group heading="Branches" className={groupClass}>
        {results.branches.map((branch) => (
          <Command.Item
            key={`${branch.repoId}:${branch.name}`}
            value={`branch:${branch.repoId}:${branch.name}`}
            onSelect={() => go(`/handoffs?${new URLSearchParams({ repo: branch.repoId, branch: branch.name })}`)}
            className={itemClass}
          >
            <span className="min-w-0 flex-1 truncate font-mono text-xs"><Highlight text={branch.name} words={words} /></span>
            <span className="text-xs text-zinc-600 dark:text-zinc-300">{branch.repo}</span>
          </Command.Item>
        ))}
      </Command.Group>
    ) || null,
  };

  return (
    <>
      <button
        ref={searchButton}
        type="button"
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K /"
        title="Search (⌘K, Ctrl+K or /)"
        className="flex shrink-0 items-center gap-2 rounded-lg border border-zinc-200 px-2.5 py-1 text-sm text-zinc-500 hover:bg-zinc-100 md:mx-0 md:mb-3 md:py-1.5 dark:border-zinc-700 dark:text-zinc-400 dark:hover:bg-zinc-800"
      >
        <span aria-hidden>⌕</span>
        <span>Search</span>
        <kbd className="ml-auto hidden rounded border border-zinc-200 px-1 font-mono text-[10px] text-zinc-500 md:inline dark:border-zinc-700 dark:text-zinc-400">Ctrl K</kbd>
      </button>
      <Command.Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setQuery("");
            // Escape or a click outside: back to the Search button (the dialog's own return goes to
            // <body> when it was opened with the keyboard shortcut). Opening a result moves focus to
            // the new page's heading instead (RouteFocus).
            setTimeout(() => searchButton.current?.focus(), 30);
          }
        }}
        label="Search Baton"
        shouldFilter={false}
        loop
        value={highlighted}
        onValueChange={(value) => setChoice({ key: resultsKey, value })}
        overlayClassName="fixed inset-0 z-40 bg-zinc-950/40 backdrop-blur-[1px]"
        contentClassName="fixed inset-x-2 top-[10vh] z-50 mx-auto max-w-xl overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-2xl dark:border-zinc-700 dark:bg-zinc-900"
      >
        <div className="flex items-center gap-2 border-b border-zinc-200 px-3 dark:border-zinc-800">
          <span aria-hidden className="text-zinc-500 dark:text-zinc-400">⌕</span>
          <Command.Input
            ref={input}
            value={query}
            onValueChange={setQuery}
            maxLength={200}
            placeholder="Search handoffs, sessions, repos, branches, pages…"
            className="h-12 w-full bg-transparent text-sm text-zinc-900 outline-none placeholder:text-zinc-500 focus-visible:outline-none dark:text-zinc-100 dark:placeholder:text-zinc-400"
          />
          {isFetching && <span className="text-xs text-zinc-500 dark:text-zinc-400">searching…</span>}
        </div>
        <p role="status" className="sr-only">{announcement(settled, results, pages.length, isFetching)}</p>
        <Command.List ref={list} label="Results" className="max-h-[60vh] overflow-y-auto overscroll-contain py-1">
          {error && <div className="px-3 py-2 text-sm text-red-700 dark:text-red-300">{(error as Error).message}</div>}
          {settled !== "" && results && (
            <Command.Empty className="px-3 py-6 text-center text-sm text-zinc-600 dark:text-zinc-400">Nothing matches “{settled}”.</Command.Empty>
          )}
          {pagesFirst && pagesGroup}
          {results && order.map((group) => <Fragment key={group}>{groupViews[group]}</Fragment>)}
          {!pagesFirst && pagesGroup}
        </Command.List>
        <div className="flex gap-3 border-t border-zinc-200 px-3 py-1.5 text-[11px] text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
          <span>↑↓ move</span>
          <span>↵ open</span>
          <span>Esc close</span>
        </div>
      </Command.Dialog>
    </>
  );
}

/** What a screen reader hears once a search settles: how many of each kind (the first is then read as the highlighted option). */
function announcement(settled: string, results: PaletteResults | undefined, pages: number, isFetching: boolean): string {
  if (settled === "") return "";
  if (isFetching && !results) return "Searching…";
  if (!results) return "";
  const parts = [
    [results.repos.length, "repository", "repositories"],
    [results.handoffs.length, "handoff", "handoffs"],
    [results.sessions.length, "session", "sessions"],
    [results.branches.length, "branch", "branches"],
    [pages, "page", "pages"],
  ] as const;
  const found = parts.filter(([count]) => count > 0).map(([count, one, many]) => `${count} ${count === 1 ? one : many}`);
  return found.length === 0 ? `Nothing matches ${settled}.` : `${found.join(", ")}.`;
}
