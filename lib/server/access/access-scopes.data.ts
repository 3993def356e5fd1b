/**
 * What each guarded operation is, as data: `mutates` decides whether the request's Origin is checked
 * (a change) or only its Host (a read). The team server (issue 16) adds the roles that hold each scope.
 */
export const ACCESS_SCOPES = {
  "health:read": { mutates: false },
  "handoffs:read": { mutates: false },
  "scan:run": { mutates: true },
  "sessions:write": { mutates: true },
} as const satisfies Record<string, { mutates: boolean }>;

export type AccessScope = keyof typeof ACCESS_SCOPES;
