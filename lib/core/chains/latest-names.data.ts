/**
 * Words in a handoff's file name that say it is the current one (`HANDOFF_CURRENT.md`, `aktuell.md`,
 * `latest-session.md`): a hint for the latest handoff (handoff-order.ts `nameSaysCurrent`), never more
 * than a hint. Compared lower-cased, as whole words of the name (split at `-`, `_`, `.` and case changes).
 */
export const CURRENT_NAME_WORDS = ["current", "latest", "aktuell", "aktuelle", "actual", "atual", "actuel", "corrente", "terkini", "最新", "現在", "当前", "當前", "현재", "최신"];
