import { describe, expect, test } from "vitest";
import type { ParsedHandoff } from "../handoff/types";
import { assessNextAction, assessText } from "./vague-next-action";

const nextAction = (text: string, extra: Partial<NonNullable<ParsedHandoff["nextAction"]>> = {}): NonNullable<ParsedHandoff["nextAction"]> => ({
  text,
  line: 10,
  commands: [],
  fileRefs: [],
  ...extra,
});

describe("assessText: vague", () => {
  test.each<[string, RegExp]>([
    ["continue the migration", /go on/],
    ["Continue the migration.", /go on/],
    ["Finish the auth refactor", /go on/],
    ["Keep working on the remaining tasks", /go on/],
    ["Resume work.", /go on/],
    ["Work on the next steps", /go on/],
    ["TBD", /placeholder/],
    ["See above.", /placeholder/],
    ["continue", /placeholder/],
    ["Deploy.", /single word/],
    ["- Continue the migration\n- Finish the rest", /and 1 more step/],
    ["1. Continue the refactor\n2. Review the changes", /go on/],
    ["**Next:** continue the migration", /go on/],
    ["Continuar a migração", /go on/],
    ["Weitermachen mit der Migration", /go on/],
    ["마이그레이션 계속", /go on|single word/],
    ["继续迁移", /single word|go on/],
    ["Die Migration fortsetzen", /go on/],
  ])("%j", (text, reason) => {
    const result = assessText(text);
    expect(result.isVague, text).toBe(true);
    expect(result.reason).toMatch(reason);
  });
});

describe("assessText: concrete", () => {
  test.each<string>([
    "Run `npm test` and fix the two failures.",
    "Fix `src/app.ts:20`.",
    "Fix the type error in login.ts:42",
    "Continue the migration of src/db/migrations/ to the new runner",
    "Continue with issue #42",
    "Wire getUserSession into the header",
    "Rename user_id to account_id in the schema",
    "Read https://example.com/spec and apply section 3",
    'Continue: rename the "Sign in" button',
    "Fix the failing login test on Safari",
    "Implement rate limiting for the public API",
    "Investigate why login fails on Safari after the redirect",
    "1. Continue the migration\n2. Add an index on sessions.user_id",
    "```bash\nnpm run build\n```",
    "Deploy to staging",
  ])("%j", (text) => {
    expect(assessText(text)).toEqual({ isVague: false, reason: null });
  });

  test("e.g. and and/or are no anchors", () => {
    expect(assessText("Continue e.g. the migration and/or cleanup").isVague).toBe(true);
  });
});

describe("assessNextAction", () => {
  test("no next action is not 'vague' (lint reports a missing section)", () => {
    expect(assessNextAction(null)).toEqual({ isVague: false, reason: null });
  });

  test("the parser's commands and file references count as anchors", () => {
    expect(assessNextAction(nextAction("continue", { commands: ["npm test"] })).isVague).toBe(false);
    expect(assessNextAction(nextAction("continue", { fileRefs: [{ path: "src/a.ts", line: 1, sourceLine: 11 }] })).isVague).toBe(false);
  });

  test("the section as written is preferred: its code spans are anchors the parser's plain text lost", () => {
    expect(assessNextAction(nextAction("Continue with sessionStore"), "Continue with `sessionStore`").isVague).toBe(false);
    expect(assessNextAction(nextAction("continue the migration"), null).isVague).toBe(true);
  });
});
