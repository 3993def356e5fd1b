import { describe, expect, it } from "vitest";
import { seriesFolder } from "./content-evidence";

describe("the folder a session note's series is kept in", () => {
  it("is its own folder, the parent of a dated session folder, and the root for a root file", () => {
    expect(seriesFolder("docs/sessions/2026-11-01.md")).toBe("docs/sessions/");
    expect(seriesFolder("reports/2025-10/sesion_2025-10-13_00-39_admin/04_RESUMEN.md")).toBe("reports/2025-10/");
    expect(seriesFolder("LAST_SESSION.md")).toBe("");
    expect(seriesFolder("SESSION_NOTES.md")).toBe("");
  });
});
