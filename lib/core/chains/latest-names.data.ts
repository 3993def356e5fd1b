/**
 * Words in a handoff's file name that say it is the current one (`HANDOFF_CURRENT.md`, `aktuell.md`,
 * `latest-session.md`): a hint for the latest handoff (handoff-order.ts `nameSaysCurrent`), never more
 * than a hint. Compared lower-cased, as whole words of the name (split at `-`, `_`, `.` and case changes).
 */
export const CURRENT_NAME_WORDS = ["current", "latest", "aktuell", "aktuelle", "actual", "atual", "actuel", "corrente", "terkini", "最新", "現在", "当前", "當前", "현재", "최신"];

/**
 * Words in a file name that say it is a log of entries kept beside the handoff (`HANDOFF_LOG.md` beside
 * `HANDOFF.md`, `handoff-history.md`): where times cannot tell the two apart (one commit changes both), the
 * file that is not the log is the one to resume from (handoff-order.ts `nameSaysLog`).
 */
export const LOG_NAME_WORDS = ["log", "logs", "history", "journal", "changelog", "verlauf", "protokoll", "bitacora", "bitácora", "historico", "histórico", "historial", "journal", "ログ", "履歴", "日志", "記錄", "记录", "기록", "로그"];
