import { describe, expect, it } from "vitest";
import { parseHandoff } from "../handoff/parse-handoff";
import { contentKind, foundByContentAlone } from "./derive-chains";

describe("files found by their content alone, for the latest", () => {
  const byContent = (path: string) => !path.includes("handoff") && !path.includes("HANDOVER");

  it("a series of session records competes with files named as handoffs where no handoff folder exists", () => {
    const alone = foundByContentAlone(["docs/sessions/2026-11-01.md", "docs/sessions/2026-11-02.md", "docs/STATUS.md", "docs/HANDOVER_WEEK12.md"], byContent);
    expect([...alone]).toEqual(["docs/STATUS.md"]);
  });

  it("everything found by content comes after the handoffs of a handoff folder", () => {
    const alone = foundByContentAlone(["docs/sessions/2026-11-01.md", "docs/sessions/2026-11-02.md", "docs/handoffs/2026-11-01.md"], byContent);
    expect([...alone].sort()).toEqual(["docs/sessions/2026-11-01.md", "docs/sessions/2026-11-02.md"]);
  });

  it("a status board kept with dated reports is no session record; a log of dated session entries is a series by itself", () => {
    const kinds: Record<string, "status" | "session-log" | null> = { "audits/board/RULINGS_2026-08-20.md": "status", "audits/board/BOARD_2026-08-18.md": null, "SESSION_LOG.md": "session-log" };
    const alone = foundByContentAlone(Object.keys(kinds), byContent, (path) => kinds[path] ?? null);
    expect([...alone].sort()).toEqual(["audits/board/BOARD_2026-08-18.md", "audits/board/RULINGS_2026-08-20.md"]);
  });

  it("contentKind reads the file: a living status, or a log of two or more dated entries where the path says session", () => {
    const log = parseHandoff("# Session Log\n\n## 2026-08-20 — feeds\n- done\n\n## 2026-08-21 — board\n- done\n").value;
    expect(contentKind(log, "SESSION_LOG.md")).toBe("session-log");
    // The same entries where the path does not say session: what was done, a status at most.
    expect(contentKind(log, "docs/CHANGES.md")).toBe("status");
    const status = parseHandoff("# Rulings\n\n## Status\n- [ ] run the A/B\n").value;
    expect(contentKind(status, "audits/RULINGS_2026-08-20.md")).toBe("status");
    // Named for sessions, the same status is the session's record.
    expect(contentKind(status, "CONTEXT_FOR_NEXT_SESSION.md")).toBeNull();
  });
});
