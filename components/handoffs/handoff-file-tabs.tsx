"use client";

import { useEffect, useState, type ReactNode } from "react";
import { TabList } from "../ui/tabs";

type FileTab = "rendered" | "source";

const LINE_TARGET = /^#L\d+$/;

/**
 * The handoff file, once: rendered or as its numbered source, in tabs. Both stay in the page (the
 * hidden one with `hidden`), so a link to a line (`#L12`, from a lint finding or a state item) opens
 * the Source tab and scrolls to it.
 */
export function HandoffFileTabs({ rendered, source }: { rendered: ReactNode; source: ReactNode }) {
  const [tab, setTab] = useState<FileTab>("rendered");

  useEffect(() => {
    const followHash = () => {
      if (!LINE_TARGET.test(window.location.hash)) return;
      setTab("source");
      // After the Source panel is shown: a hidden element cannot be scrolled to.
      requestAnimationFrame(() => document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: "center" }));
    };
    followHash();
    window.addEventListener("hashchange", followHash);
    return () => window.removeEventListener("hashchange", followHash);
  }, []);

  return (
    <section aria-labelledby="handoff-file-title" className="min-w-0 rounded-xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid="handoff-file">
      <header className="flex flex-wrap items-end justify-between gap-x-3 gap-y-1 border-b border-zinc-100 px-4 pt-2.5 dark:border-zinc-800">
        <h2 id="handoff-file-title" className="pb-2.5 text-sm font-semibold text-zinc-800 dark:text-zinc-200">The file</h2>
        <TabList<FileTab>
          label="Show the file"
          idPrefix="handoff-file"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: "rendered", label: "Rendered" },
            { id: "source", label: "Source (secrets masked)" },
          ]}
          className="flex gap-1"
          tabClassName={(isSelected) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isSelected ? "border-zinc-900 text-zinc-900 dark:border-zinc-200 dark:text-zinc-100" : "border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-200"}`
          }
        />
      </header>
      {/* As tall as the source view at most: the structured cards above already show the handoff. */}
      <div id="handoff-file-panel-rendered" role="tabpanel" tabIndex={0} aria-labelledby="handoff-file-tab-rendered" hidden={tab !== "rendered"} className="max-h-[40rem] overflow-auto p-4">
        {rendered}
      </div>
      <div id="handoff-file-panel-source" role="tabpanel" tabIndex={0} aria-labelledby="handoff-file-tab-source" hidden={tab !== "source"} className="p-4">
        {source}
      </div>
    </section>
  );
}
