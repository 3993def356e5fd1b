import { describe, expect, it } from "vitest";
import { isInstructed, namesIn } from "./agent-instructions";

describe("the files agent instructions name", () => {
  const names = namesIn(
    [
      "1. Lies [`docs/CURRENT_STATUS.md`](docs/CURRENT_STATUS.md) zuerst.",
      "Load D:\\AIDA-NEW\\.flow\\current.md (ENTIRE FILE), then ./session-start/QUICK-START.md",
      "Actualiza .claude/PROGRESO.md; read NEXT_SESSION.md before anything else.",
    ].join("\n"),
  );

  it("takes paths as written, absolute Windows paths and paths relative to the instruction's folder", () => {
    expect(isInstructed("docs/CURRENT_STATUS.md", names)).toBe(true);
    expect(isInstructed(".flow/current.md", names)).toBe(true);
    expect(isInstructed("docs/session-start/QUICK-START.md", names)).toBe(true);
    expect(isInstructed(".claude/PROGRESO.md", names)).toBe(true);
  });

  it("takes a bare file name wherever the file is, and nothing the instructions do not name", () => {
    expect(isInstructed("docs/NEXT_SESSION.md", names)).toBe(true);
    expect(isInstructed("docs/STATUS.md", names)).toBe(false);
    // A path names its own file only: another folder's CURRENT_STATUS.md is not the one named.
    expect(isInstructed("old/CURRENT_STATUS.md", names)).toBe(false);
  });
});

describe("living status files the runtime's documentation names", () => {
  it("takes a Memory Bank's active context and progress wherever the bank is, and no other file of it", () => {
    const none = namesIn("");
    expect(isInstructed("memory-bank/activeContext.md", none)).toBe(true);
    expect(isInstructed("docs/memory-bank/progress.md", none)).toBe(true);
    expect(isInstructed("memory-bank/projectbrief.md", none)).toBe(false);
  });
});
