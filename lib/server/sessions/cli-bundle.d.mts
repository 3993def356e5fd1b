export const MANIFEST_VERSION: number;
export function bundleRoot(root: string): string;
export function fingerprint(file: string): string;
export function freshBundle(root: string): string | null;
