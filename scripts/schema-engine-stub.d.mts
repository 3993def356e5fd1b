export function ensureSchemaEngineStub(): void;
