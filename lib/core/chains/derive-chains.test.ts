import { describe, expect, it } from "vitest";
import { foundByContentAlone } from "./derive-chains";

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
});
