export declare const REALCLI_PACKAGES: Record<"claude" | "codex" | "gemini", { name: string; version: string }>;
export declare function realcliDir(env?: NodeJS.ProcessEnv): string;
export declare function installRealCli(env?: NodeJS.ProcessEnv): Promise<{ dir: string; clis: Record<"claude" | "codex" | "gemini", { bin: string; version: string } | { skip: string }> }>;
