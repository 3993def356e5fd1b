import type { SectionKey, StateStatus } from "./types";

/** What a heading or label title means. "other" is a known non-protocol section that stops inheritance. */
export type TitleClass = { key: SectionKey | "other"; status: StateStatus | null; isConstraints: boolean };

/**
 * Titles with numbering, emoji, markdown and trailing colons removed: "## 3. ✅ State:" → "state".
 * Agents decorate headings freely; the words are what carry the meaning.
 */
export function normaliseTitle(title: string): string {
  return title
    .replace(/[*_`~]/g, "")
    .replace(/&/g, " and ")
    .replace(/[/|+]/g, " / ")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(/^(?:step|phase|part|section)?\s*(?:\d+|[ivx]+)(?:\.\d+)*\s*(?:[.):\-–—]\s*)+/i, "")
    .replace(/^[^\p{L}\p{N}]+/u, "")
    .replace(/[\s:：.\-–—]+$/u, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

const RULES: { pattern: RegExp; key: SectionKey | "other" }[] = [
  // Archived material first: "Historical Recommended Next Task" is history, not the next task.
  { pattern: /\b(?:historical|history|archived?|previous sessions?|session log|changelog)\b/, key: "other" },
  // "Environment State" and "Files Modified" mention state words but are context, not the State section.
  { pattern: /\benvironment\b|\bfiles? (?:modified|changed|touched)\b|\bcritical files\b/, key: "other" },
  { pattern: /\bresume command\b|\bhow to resume\b|\bresum(?:e|ing) (?:instructions|prompt)\b|^to resume\b|\bresume with\b/, key: "resume-command" },
  {
    pattern:
      /\bnext (?:actions?|steps?|tasks?|moves?|things?)\b|\bimmediate next\b|\bwhat to do next\b|^next$|\bresume here\b|\brecommended next\b|\bstart here\b|\bnext up\b|^todo next\b/,
    key: "next-action",
  },
  {
    pattern:
      /\bverif(?:y|ication)\b|\bvalidation\b|\btest (?:status|baselines?|results?|commands?)\b|\bground truth\b|^checks?$|\bhow to (?:test|check)\b|\bcommands\b|\bsanity checks?\b|\blast known[- ]good\b/,
    key: "verification",
  },
  { pattern: /\bdecisions?\b|\bdesign summary\b|\bdecided\b|\btrade-?offs?\b|\bchoices made\b/, key: "decisions" },
  {
    pattern:
      /^resume(?: pointers?| info(?:rmation)?)?$|^resuming$|\bhandoff chain\b|\bpointers?\b|\bprevious handoffs?\b|\bchain\b|\bcontinues from\b/,
    key: "resume-pointer",
  },
  {
    pattern:
      /\bidentity\b|\bsession (?:metadata|info(?:rmation)?|details|data)\b|^metadata$|^session$|\bhandoff metadata\b|^agent(?: info(?:rmation)?)?$|^runtime$/,
    key: "identity",
  },
  {
    pattern:
      /^(?:the )?(?:goals?|objectives?|mission|task|request|ask|aim|purpose)\b|\bgoals?\b|\bobjectives?\b|\boriginal (?:user )?request\b|\buser request\b|\bconstraints?\b|\buser instructions\b/,
    key: "goal",
  },
  {
    pattern:
      /^(?:the |current |project |overall |implementation |work |task |repo(?:sitory)? |git |handoff )?(?:state|status|progress)\b|\bin[ -]progress\b|\bongoing\b|\bwhat'?s left\b|\bcompleted\b|\bdone\b|\bnot started\b|\bpending\b|\bremaining\b|\btodos?\b|\bto do\b|\bwip\b|\bfinished\b|\bbacklog\b|\bdeferred\b|\bexit criteria\b|\bacceptance criteria\b|\bwhat was (?:implemented|done|built|changed)\b|\bimplemented\b|\bblocked\b/,
    key: "state",
  },
  {
    pattern:
      /\bblockers?\b|\bquestions?\b|\brisks?\b|\bgotchas?\b|\bassumptions?\b|\bnotes?\b|\bresources?\b|\bfiles?\b|\barchitecture\b|\bcontext\b|\bsummary\b|\benvironment\b|\bpatterns?\b|\bknown issues\b|\bedge cases\b|\bout of scope\b|\btable of contents\b|\bcodebase\b|\breferences?\b|\blinks?\b|\bbackground\b|\bappendix\b|\bglossary\b|\bcommits\b/,
    key: "other",
  },
];

const STATUS_RULES: { pattern: RegExp; status: StateStatus }[] = [
  { pattern: /\bnot (?:yet )?started\b|\btodos?\b|\bto do\b|\bpending\b|\bremaining\b|\bbacklog\b|\bdeferred\b|\bblocked\b|\bnot done\b|\bopen\b|\bwhat'?s left\b|\bexit criteria\b|\bacceptance criteria\b/, status: "not-started" },
  { pattern: /\bin[ -]progress\b|\bwip\b|\bongoing\b|\bpartial(?:ly)?\b|\bcurrently\b|\bunder way\b|\bmid[- ]/, status: "in-progress" },
  { pattern: /\bdone\b|\bcompleted?\b|\bfinished\b|\bimplemented\b|\bshipped\b|\blanded\b|\bwhat was (?:implemented|done|built|changed)\b/, status: "done" },
];

export function classifyTitle(title: string): TitleClass | null {
  const normalised = normaliseTitle(title);
  if (normalised === "" || normalised.length > 80) return null;
  for (const rule of RULES) {
    if (rule.pattern.test(normalised)) {
      return {
        key: rule.key,
        status: rule.key === "state" ? statusFromTitle(normalised) : null,
        // "Goal & constraints" is the goal; a section titled only "Constraints" holds nothing else.
        isConstraints: rule.key === "goal" && /\bconstraints?\b|\binstructions\b/.test(normalised) && !/\bgoals?\b|\bobjectives?\b|\brequest\b/.test(normalised),
      };
    }
  }
  return null;
}

export function statusFromTitle(title: string): StateStatus | null {
  const normalised = normaliseTitle(title);
  for (const rule of STATUS_RULES) if (rule.pattern.test(normalised)) return rule.status;
  return null;
}

/**
 * Titles accepted from a label (`**Next action:**`, `DONE:`) rather than a heading. Labels are also how
 * agents write ordinary key-value pairs and bold lead-ins ("**Verify guardrails**: …"), so only these
 * exact titles open a section.
 */
const LABEL_TITLES: Record<SectionKey, readonly string[]> = {
  identity: ["session identity", "identity", "session metadata", "session info", "session information", "handoff metadata"],
  goal: [
    "goal", "goals", "the goal", "objective", "objectives", "task", "the task", "original request", "user request",
    "request", "mission", "constraints", "user constraints", "goal and constraints", "goals and constraints",
  ],
  decisions: ["key decisions", "decisions", "decisions made", "design decisions", "decision", "decided"],
  state: [
    "state", "current state", "status", "current status", "progress", "done", "completed", "complete", "finished",
    "in progress", "wip", "ongoing", "not started", "todo", "to do", "pending", "remaining", "blocked", "deferred",
    "what's left", "whats left", "work completed", "tasks finished", "not done",
  ],
  "next-action": [
    "next action", "next actions", "next step", "next steps", "next", "next task", "immediate next step",
    "immediate next steps", "immediate next action", "immediate next task", "recommended next step",
    "recommended next task", "what to do next", "start here", "resume here", "next up", "single next step",
  ],
  verification: [
    "verification", "verification commands", "verify", "validation", "validation commands", "checks", "tests",
    "test commands", "how to verify", "commands", "last known good", "verification status", "ground truth",
  ],
  "resume-pointer": ["resume pointer", "resume pointers", "pointers", "handoff chain", "chain", "previous handoff"],
  "resume-command": ["resume command", "resume", "how to resume", "to resume", "resume with", "resume prompt"],
};

export function classifyLabel(labelText: string): (TitleClass & { key: SectionKey }) | null {
  const normalised = normaliseTitle(labelText);
  for (const [key, titles] of Object.entries(LABEL_TITLES) as [SectionKey, readonly string[]][]) {
    if (titles.includes(normalised)) {
      return {
        key,
        status: key === "state" ? statusFromTitle(normalised) : null,
        isConstraints: key === "goal" && /constraints/.test(normalised) && !/goal/.test(normalised),
      };
    }
  }
  return null;
}
