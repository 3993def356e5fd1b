import { describe, expect, it } from "vitest";
import type { TeamRole } from "../access/actor";
import { handoffSections, placeComment, sectionOfLine } from "./review-anchors";
import { availableTransitions, checkTransition, decideClaim, findMentions, highlightMentions, holdsClaim, isVerdictStale, leaseSeconds, roleMay } from "./review-rules";
import { REVIEW_ACTIONS, REVIEW_STATES, REVIEW_TRANSITIONS, type ReviewAction } from "./review-states.data";

const now = new Date("2026-12-02T10:00:00Z");
const later = new Date("2026-12-02T10:10:00Z");
const earlier = new Date("2026-12-02T09:50:00Z");
const ROLES: TeamRole[] = ["admin", "member", "viewer"];

/** Every (from, to) pair, allowed or not, per role, with and without the actor's own live claim. */
const allowed = new Set(REVIEW_TRANSITIONS.map((transition) => `${transition.from}>${transition.to}`));
const cases = REVIEW_STATES.flatMap((from) => REVIEW_STATES.filter((to) => to !== from).flatMap((to) => ROLES.flatMap((role) => [true, false].map((ownClaim) => ({ from, to, role, ownClaim })))));

describe("review transitions: every pair, every role, with and without the claim", () => {
  const expected = (from: string, to: string, role: TeamRole, ownClaim: boolean): number | "ok" => {
    if (!allowed.has(`${from}>${to}`)) return 409;
    if (role === "viewer") return 403;
    const isReopen = (from === "completed" || from === "failed") && to === "pending";
    if (isReopen) return role === "admin" ? "ok" : 403;
    return ownClaim ? "ok" : 409;
  };
  it.each(cases)("$from → $to by a $role (own claim: $ownClaim)", ({ from, to, role, ownClaim }) => {
    const review = { state: from, claimedBy: ownClaim ? "me" : null, claimExpiresAt: ownClaim ? later : null };
    const result = checkTransition(review, to, { id: "me", role }, now, "because");
    const want = expected(from, to, role, ownClaim);
    if (want === "ok") expect(result).toMatchObject({ ok: true, transition: { from, to } });
    else expect(result).toMatchObject({ ok: false, status: want });
  });

  it("the table has exactly the seed's workflow plus reopen", () => {
    expect([...allowed].sort()).toEqual(
      ["blocked>failed", "blocked>in_progress", "completed>pending", "failed>pending", "in_progress>blocked", "in_progress>completed", "in_progress>failed", "in_progress>pending", "pending>in_progress"].sort(),
    );
  });

  it("someone else's live claim is named; an expired own claim asks to claim again", () => {
    const held = checkTransition({ state: "in_progress", claimedBy: "ann", claimExpiresAt: later }, "completed", { id: "me", role: "member" }, now);
    expect(held).toEqual({ ok: false, status: 409, reason: `claimed by ann until ${later.toISOString()}` });
    const expired = checkTransition({ state: "in_progress", claimedBy: "me", claimExpiresAt: earlier }, "completed", { id: "me", role: "member" }, now);
    expect(expired).toMatchObject({ ok: false, status: 409, reason: expect.stringMatching(/claim the review first/) });
  });

  it("block and fail need a reason; done does not", () => {
    const mine = { state: "in_progress", claimedBy: "me", claimExpiresAt: later };
    expect(checkTransition(mine, "blocked", { id: "me", role: "member" }, now, "  ")).toMatchObject({ ok: false, status: 400 });
    expect(checkTransition(mine, "failed", { id: "me", role: "member" }, now)).toMatchObject({ ok: false, status: 400 });
    expect(checkTransition(mine, "completed", { id: "me", role: "member" }, now)).toMatchObject({ ok: true, transition: { resolution: "done" } });
  });

  it("buttons: a viewer sees none, a member without the claim none, the holder the state's moves, an admin reopen", () => {
    const mine = { state: "in_progress", claimedBy: "me", claimExpiresAt: later };
    expect(availableTransitions(mine, { id: "me", role: "viewer" }, now)).toEqual([]);
    expect(availableTransitions(mine, { id: "other", role: "member" }, now)).toEqual([]);
    expect(availableTransitions(mine, { id: "me", role: "member" }, now).map((transition) => transition.to)).toEqual(["pending", "blocked", "completed", "failed"]);
    expect(availableTransitions({ state: "completed", claimedBy: null, claimExpiresAt: null }, { id: "a", role: "admin" }, now).map((transition) => transition.label)).toEqual(["Reopen"]);
    expect(availableTransitions({ state: "completed", claimedBy: null, claimExpiresAt: null }, { id: "m", role: "member" }, now)).toEqual([]);
  });
});

describe("other actions per role", () => {
  const table: [ReviewAction, TeamRole, boolean][] = (Object.keys(REVIEW_ACTIONS) as ReviewAction[]).flatMap((action) =>
    ROLES.map((role): [ReviewAction, TeamRole, boolean] => [action, role, role === "admin" || (role === "member" && action !== "forceRelease")]),
  );
  it.each(table)("%s by a %s: %s", (action, role, may) => {
    expect(roleMay(role, action)).toBe(may);
  });
});

describe("the claim rule", () => {
  it.each([
    ["free", { claimedBy: null, claimExpiresAt: null }, { kind: "free" }],
    ["own live claim: renewed", { claimedBy: "me", claimExpiresAt: later }, { kind: "renew" }],
    ["own expired claim: renewed", { claimedBy: "me", claimExpiresAt: earlier }, { kind: "renew" }],
    ["someone else's expired claim: taken over", { claimedBy: "ann", claimExpiresAt: earlier }, { kind: "take-over-expired", previous: "ann" }],
    ["expiring exactly now counts as expired", { claimedBy: "ann", claimExpiresAt: now }, { kind: "take-over-expired", previous: "ann" }],
    ["someone else's live claim: held", { claimedBy: "ann", claimExpiresAt: later }, { kind: "held", heldBy: "ann", claimExpiresAt: later }],
  ] as const)("%s", (_, review, decision) => {
    expect(decideClaim(review, "me", now)).toEqual(decision);
  });

  it("holdsClaim only for a live own claim", () => {
    expect(holdsClaim({ claimedBy: "me", claimExpiresAt: later }, "me", now)).toBe(true);
    expect(holdsClaim({ claimedBy: "me", claimExpiresAt: earlier }, "me", now)).toBe(false);
    expect(holdsClaim({ claimedBy: "ann", claimExpiresAt: later }, "me", now)).toBe(false);
  });

  it.each([
    [undefined, 900],
    ["60", 60],
    ["0", 900],
    ["-5", 900],
    ["1.5", 900],
    ["soon", 900],
  ])("lease from BATON_REVIEW_LEASE_SECONDS=%s: %i s", (value, seconds) => {
    expect(leaseSeconds({ BATON_REVIEW_LEASE_SECONDS: value })).toBe(seconds);
  });
});

describe("stale verdicts", () => {
  it.each([
    ["same content, same head", { blobSha: "a", branchHeadSha: "h1" }, { blobSha: "a", branchHeadSha: "h1" }, false],
    ["new content", { blobSha: "a", branchHeadSha: "h1" }, { blobSha: "b", branchHeadSha: "h1" }, true],
    ["new commits on the branch", { blobSha: "a", branchHeadSha: "h1" }, { blobSha: "a", branchHeadSha: "h2" }, true],
    ["branch unknown then", { blobSha: "a", branchHeadSha: null }, { blobSha: "a", branchHeadSha: "h2" }, false],
    ["branch unknown now", { blobSha: "a", branchHeadSha: "h1" }, { blobSha: "a", branchHeadSha: null }, false],
  ])("%s → stale %s", (_, verdict, current, stale) => {
    expect(isVerdictStale(verdict, current)).toBe(stale);
  });
});

describe("mentions", () => {
  it("finds @names, not e-mail addresses, once each", () => {
    expect(findMentions("@ann please check, cc @bob.smith. Mail me@example.com; @ann again")).toEqual(["ann", "bob.smith"]);
  });
  it("an attribute holding > and @name is left alone", () => {
    const html = '<p><a href="https://x" title="a>@bob y">@carol</a></p>';
    expect(highlightMentions(html)).toBe('<p><a href="https://x" title="a>@bob y"><span class="mention" data-mention="carol">@carol</span></a></p>');
  });
  it("highlights in text only, never inside a tag or code", () => {
    const html = '<p>hi @ann <a href="https://x/@bob">@carol</a> <code>@dave</code></p>';
    expect(highlightMentions(html)).toBe('<p>hi <span class="mention" data-mention="ann">@ann</span> <a href="https://x/@bob"><span class="mention" data-mention="carol">@carol</span></a> <code>@dave</code></p>');
  });
});

describe("anchors", () => {
  const content = "# Handoff\n\n## Goal\nShip it\n```\n# not a heading\n```\n## Next action\nRun tests\n";
  const sections = handoffSections(content);
  it("reads headings outside code fences as section keys", () => {
    expect(sections).toEqual([
      { key: "handoff", title: "Handoff", line: 1 },
      { key: "goal", title: "Goal", line: 3 },
      { key: "next-action", title: "Next action", line: 8 },
    ]);
    expect(sectionOfLine(sections, 9)?.key).toBe("next-action");
    expect(sectionOfLine(sections, 0)).toBeNull();
  });
  const current = { blobSha: "b1", lineCount: 10, sections };
  it.each([
    ["a line on this content", { section: null, line: 9, blobSha: "b1" }, { kind: "line", line: 9 }],
    ["a section on this content", { section: "goal", line: null, blobSha: "b1" }, { kind: "section", line: 3, key: "goal" }],
    ["no anchor", { section: null, line: null, blobSha: "b0" }, { kind: "general" }],
    ["a line on an earlier content", { section: null, line: 9, blobSha: "b0" }, { kind: "outdated" }],
    ["a line past the end", { section: null, line: 99, blobSha: "b1" }, { kind: "outdated" }],
    ["a section that is gone", { section: "risks", line: null, blobSha: "b1" }, { kind: "outdated" }],
  ] as const)("%s", (_, anchor, place) => {
    expect(placeComment(anchor, current)).toEqual(place);
  });
});
