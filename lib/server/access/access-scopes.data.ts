/**
 * What each guarded operation is, as data: `mutates` decides whether the request's Origin is checked
 * (a change) or only its Host (a read); `roles` are the team roles that hold the scope on the team
 * server (single-user mode has one local user, who holds every scope). A token created with a list of
 * scopes holds only those (and never more than its user's role).
 */
import type { TeamRole } from "../../core/access/actor";

const ALL: readonly TeamRole[] = ["admin", "member", "viewer"];
const WRITERS: readonly TeamRole[] = ["admin", "member"];
const ADMINS: readonly TeamRole[] = ["admin"];

export const ACCESS_SCOPES = {
  "health:read": { mutates: false, roles: ALL, public: true },
  /** better-auth's own routes (/api/auth/*: sign-in, sign-out, OAuth callback) and accepting an invitation. */
  "auth:read": { mutates: false, roles: ALL, public: true },
  "auth:write": { mutates: true, roles: ALL, public: true },
  "handoffs:read": { mutates: false, roles: ALL, public: false },
  "sessions:read": { mutates: false, roles: ALL, public: false },
  "events:read": { mutates: false, roles: ALL, public: false },
  "reviews:read": { mutates: false, roles: ALL, public: false },
  /** Claim, release, transition one's own claim, assign, verdicts, comments. */
  "reviews:write": { mutates: true, roles: WRITERS, public: false },
  /** Force-release another's claim, reopen a closed review. */
  "reviews:admin": { mutates: true, roles: ADMINS, public: false },
  "scan:run": { mutates: true, roles: WRITERS, public: false },
  "sessions:write": { mutates: true, roles: WRITERS, public: false },
  /** Push session logs and OTLP telemetry to the team server. */
  "ingest:push": { mutates: true, roles: WRITERS, public: false },
  "remotes:read": { mutates: false, roles: ALL, public: false },
  /** A git host's push webhook (`/api/hooks/*`): no session; the route checks the delivery's HMAC signature itself. */
  "hooks:deliver": { mutates: true, roles: ALL, public: true },
  /** Add, change, remove remote repositories; refresh one at once. */
  "remotes:admin": { mutates: true, roles: ADMINS, public: false },
  "remotes:refresh": { mutates: true, roles: WRITERS, public: false },
  /**
   * Who one is (GET /api/auth-check, `baton login`) and one's own tokens: every signed-in user and
   * every valid token holds it, whatever scopes the token was limited to.
   */
  "account:read": { mutates: false, roles: ALL, public: false, everyToken: true },
  /** One's own API tokens. */
  "tokens:write": { mutates: true, roles: ALL, public: false },
  "users:admin": { mutates: true, roles: ADMINS, public: false },
} as const satisfies Record<string, { mutates: boolean; roles: readonly TeamRole[]; public: boolean; everyToken?: boolean }>;

export type AccessScope = keyof typeof ACCESS_SCOPES;

export function isAccessScope(value: string): value is AccessScope {
  return Object.hasOwn(ACCESS_SCOPES, value);
}

/** Whether a token limited to some scopes still holds this one (see account:read). */
export function everyTokenHolds(scope: AccessScope): boolean {
  return "everyToken" in ACCESS_SCOPES[scope] && ACCESS_SCOPES[scope].everyToken === true;
}

/** Whether a role holds a scope. */
export function roleHolds(role: TeamRole, scope: AccessScope): boolean {
  return (ACCESS_SCOPES[scope].roles as readonly TeamRole[]).includes(role);
}
