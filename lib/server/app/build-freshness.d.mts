export const SOURCE_ENTRIES: string[];
export function buildIsStale(root: string): boolean;
