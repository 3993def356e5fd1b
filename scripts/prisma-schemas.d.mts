export function writePostgresSchema(): string;
