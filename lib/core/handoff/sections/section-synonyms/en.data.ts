import type { LanguageSynonyms } from "./types";

export const english: LanguageSynonyms = {
  language: "en",
  name: "English",
  history: [
    "historical", "history", "archive(d)", "previous session(s)", "past session(s)", "older session(s)", "session log",
    "changelog", "change log", "work log", "superseded", "deprecated",
  ],
  context: [
    "environment", "file(s) modified", "file(s) changed", "file(s) touched", "file(s) created", "modified file(s)",
    "changed file(s)", "critical file(s)", "key file(s)", "relevant file(s)", "open question(s)", "proof of concept",
    "test data", "test account(s)", "test user(s)", "test fixture(s)", "check(s) out", "checked out", "checking out",
    "required reading", "read first", "reading list",
  ],
  resumeCommand: [
    "resume command", "command to resume", "how to resume", "resume instructions", "resuming instructions",
    "resume prompt", "resuming prompt", "^to resume", "resume with", "continuation prompt", "opening prompt",
    "kickoff prompt", "starter prompt", "start prompt",
  ],
  nextAction: [
    "next … step(s)", "next … action(s)", "next … task(s)", "next move(s)", "next thing(s)", "next … work",
    "next session", "next phase", "next priority", "next priorities", "next agent", "next up", "up next", "=next",
    "^todo next", "immediate next", "what to do next", "what's next", "what is next", "where to start", "start here",
    "resume here", "pick up here", "recommended next", "suggested next",
  ],
  verification: [
    "verify", "verification", "verified", "verifying", "validate", "validation", "validated", "test(s)", "testing",
    "tested", "proof(s)", "prove", "check(s)", "checked", "checking", "ground truth", "last known good", "evidence",
    "quality gate(s)", "commands", "build status", "ci status", "qa",
  ],
  decisions: ["decision(s)", "decided", "design summary", "trade off(s)", "tradeoff(s)", "choices made", "rationale"],
  resumePointer: [
    "=resume", "=resume pointer(s)", "=resume info(rmation)", "=resuming", "resume pointer(s)", "pointer(s)",
    "handoff chain", "chain", "previous handoff(s)", "continues from", "resumed from", "picked up from", "predecessor",
  ],
  identity: [
    "identity", "session metadata", "session info(rmation)", "session details", "session data", "handoff metadata",
    "=metadata", "=session", "=agent", "=agent info(rmation)", "=runtime",
  ],
  goal: [
    "goal(s)", "objective(s)", "^mission", "^task", "^the task", "^request", "^ask", "^the ask", "^aim", "^purpose",
    "original request", "original user request", "user request",
  ],
  constraints: ["constraint(s)", "user instructions", "guardrails"],
  state: [
    "^(the |current |project |overall |implementation |work |repo |repository |git |handoff )state",
    "^(the |current |project |overall |implementation |work |repo |repository |git |handoff )status",
    "^(the |current |project |overall |implementation |work |repo |repository |git |handoff )progress",
    "where we are", "where things stand", "current snapshot", "what's working", "what works", "done", "completed",
    "finished", "implemented", "what was done", "what was built", "what was changed", "what changed", "changes made",
    "what i did", "what i changed", "recent change(s)", "recent work", "accomplished", "accomplishments", "in progress", "ongoing",
    "wip", "not started", "pending", "remaining", "backlog", "deferred", "blocked", "exit criteria",
    "acceptance criteria",
  ],
  remaining: [
    "remaining … work", "remaining … task(s)", "residual … work", "residual … task(s)", "remaining … step(s)", "remaining … item(s)", "work remaining", "what's left", "whats left",
    "what is left", "what remains", "left to do", "still to do", "to do", "todo(s)", "open item(s)", "open task(s)",
    "outstanding work", "outstanding task(s)", "outstanding item(s)", "pending work", "pending task(s)",
  ],
  status: {
    done: [
      "done", "complete(d)", "finished", "implemented", "shipped", "landed", "merged", "fixed", "resolved",
      "delivered", "accomplished", "accomplishments", "achieved", "what was done", "what was built",
      "what was changed", "what changed", "changes made", "what i did", "what i changed", "what works", "what's working",
      "recent change(s)", "recent work",
    ],
    inProgress: [
      "in progress", "wip", "ongoing", "partial(ly)", "currently", "under way", "underway", "in flight", "mid",
      "half done", "active",
    ],
    notStarted: [
      "not (yet )started", "not done", "not yet done", "todo(s)", "to do", "pending", "remaining", "backlog",
      "deferred", "blocked", "open", "what's left", "what is left", "what remains", "left to do", "outstanding",
      "incomplete", "planned", "upcoming", "exit criteria", "acceptance criteria", "residual",
    ],
  },
  other: [
    "blocker(s)", "question(s)", "risk(s)", "gotcha(s)", "pitfall(s)", "caveat(s)", "warning(s)", "assumption(s)",
    "note(s)", "hint(s)", "resource(s)", "file(s)", "architecture", "context", "summary", "overview", "tl dr", "environment",
    "pattern(s)", "known issue(s)", "edge case(s)", "out of scope", "table of contents", "codebase", "reference(s)",
    "link(s)", "background", "appendix", "glossary", "commit(s)", "lesson(s) learned", "learnings",
    "troubleshooting", "faq",
  ],
  labels: {
    identity: ["session identity", "identity", "session metadata", "session info(rmation)", "handoff metadata"],
    goal: [
      "goal(s)", "the goal", "objective(s)", "task", "the task", "original request", "user request", "request",
      "mission", "constraints", "user constraints", "goal(s) and constraints",
    ],
    decisions: ["key decisions", "decision(s)", "decisions made", "design decisions", "decided"],
    state: [
      "state", "current state", "status", "current status", "progress", "done", "complete(d)", "finished",
      "in progress", "wip", "ongoing", "not started", "todo", "to do", "pending", "remaining", "blocked", "deferred",
      "what's left", "whats left", "work completed", "tasks finished", "not done",
    ],
    nextAction: [
      "next action(s)", "next step(s)", "next", "next task", "immediate next step(s)", "immediate next action",
      "immediate next task", "recommended next step", "recommended next task", "what to do next", "start here",
      "resume here", "next up", "single next step",
    ],
    verification: [
      "verification", "verification commands", "verify", "validation", "validation commands", "checks", "tests",
      "test commands", "how to verify", "commands", "last known good", "verification status", "ground truth",
    ],
    resumePointer: ["resume pointer(s)", "pointers", "handoff chain", "chain", "previous handoff"],
    resumeCommand: ["resume command", "resume", "how to resume", "to resume", "resume with", "resume prompt"],
  },
};
