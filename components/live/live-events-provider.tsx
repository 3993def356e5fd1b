"use client";

/**
 * One live connection per tab (`GET /api/events`, Server-Sent Events). Each event invalidates the React
 * Query keys of what changed and, debounced, refreshes the server-rendered page, so a claim, comment or
 * rescan shows without a reload. While the tab is hidden the connection is closed (no server resources
 * for a tab nobody looks at); when it is shown again it reconnects and refetches everything, since
 * events were missed. A failed connection retries with backoff (1 s doubling to 30 s, jittered).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { isBatonEvent, type BatonEvent, type BatonEventKind } from "@/lib/core/events/baton-event";
import { liveInvalidation } from "@/lib/core/events/live-query-keys";

export type LiveStatus = "connecting" | "connected" | "reconnecting" | "paused";
type LiveCallback = (event: BatonEvent) => void;

interface LiveContextValue {
  status: LiveStatus;
  listen: (kind: BatonEventKind, callback: LiveCallback) => () => void;
}

const LiveContext = createContext<LiveContextValue | null>(null);

const REFRESH_DEBOUNCE_MS = 150;
/** At most one server re-render per this long, however many events arrive. */
const REFRESH_MIN_INTERVAL_MS = 1_000;

export function LiveEventsProvider({ children, url = "/api/events" }: { children: ReactNode; url?: string }) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [status, setStatus] = useState<LiveStatus>("connecting");
  const listeners = useRef(new Map<BatonEventKind, Set<LiveCallback>>());

  useEffect(() => {
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | null = null;
    let lastRefresh = 0;
    let attempt = 0;
    let hasConnected = false;
    let stopped = false;

    const refreshSoon = () => {
      if (refreshTimer) return;
      const wait = Math.max(REFRESH_DEBOUNCE_MS, lastRefresh + REFRESH_MIN_INTERVAL_MS - Date.now());
      refreshTimer = setTimeout(() => {
        refreshTimer = null;
        lastRefresh = Date.now();
        router.refresh();
      }, wait);
    };
    const refetchAll = () => {
      void queryClient.invalidateQueries();
      refreshSoon();
    };
    const onEvent = (event: BatonEvent) => {
      const { keys, refresh } = liveInvalidation(event);
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      if (refresh) refreshSoon();
      for (const callback of listeners.current.get(event.kind) ?? []) {
        try {
          callback(event);
        } catch (error) {
          console.error(error);
        }
      }
    };
    const closeSource = () => {
      source?.close();
      source = null;
    };
    const scheduleReconnect = () => {
      if (stopped || retryTimer) return;
      const delay = Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2);
      attempt++;
      retryTimer = setTimeout(() => {
        retryTimer = null;
        open();
      }, delay);
    };
    const open = () => {
      if (stopped || source) return;
      if (document.visibilityState === "hidden") {
        setStatus("paused");
        return;
      }
      const opened = new EventSource(url);
      source = opened;
      opened.onopen = () => {
        attempt = 0;
        setStatus("connected");
        // Anything may have changed while we were away.
        if (hasConnected) refetchAll();
        hasConnected = true;
      };
      opened.onmessage = (message: MessageEvent<string>) => {
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        if (isBatonEvent(data)) onEvent(data);
      };
      opened.addEventListener("resync", refetchAll);
      // The server dropped us (we fell behind): come back at once, then refetch (onopen).
      opened.addEventListener("reconnect", () => {
        closeSource();
        setStatus("reconnecting");
        open();
      });
      opened.onerror = () => {
        // Our own backoff instead of EventSource's fixed retry, and the same path for a refused (401) stream.
        closeSource();
        setStatus("reconnecting");
        scheduleReconnect();
      };
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") {
        closeSource();
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = null;
        setStatus("paused");
      } else if (!source) {
        attempt = 0;
        setStatus("connecting");
        open();
      }
    };

    open();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      closeSource();
      if (retryTimer) clearTimeout(retryTimer);
      if (refreshTimer) clearTimeout(refreshTimer);
    };
  }, [queryClient, router, url]);

  const value = useMemo<LiveContextValue>(
    () => ({
      status,
      listen: (kind, callback) => {
        const set = listeners.current.get(kind) ?? new Set<LiveCallback>();
        set.add(callback);
        listeners.current.set(kind, set);
        return () => set.delete(callback);
      },
    }),
    [status],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}

/** The live connection's state ("connecting" outside a provider). */
export function useLiveStatus(): LiveStatus {
  return useContext(LiveContext)?.status ?? "connecting";
}

/** Calls `callback` for each live event of `kind` (the latest callback; no need to memoise it). */
export function useLiveEvent(kind: BatonEventKind, callback: LiveCallback): void {
  const context = useContext(LiveContext);
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  const listen = context?.listen;
  useEffect(() => listen?.(kind, (event) => latest.current(event)), [listen, kind]);
}
