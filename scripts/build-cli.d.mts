export function bundleRoot(root: string): string;
export function freshBundle(root: string): string | null;
export function buildCli(root: string, options?: { log?: (line: string) => void }): Promise<string>;
