/**
 * Words that say "a credential follows" or "this is not a credential", for the label- and name-driven
 * detectors in `mask-secrets-labels.ts` and `mask-secrets-detectors.ts`. Data only.
 */

/**
 * `password`: people write human passwords after it, so a value that is not random can still be one.
 * `credential`: keys and tokens are generated, so only a random-looking value counts.
 */
export type LabelKind = "password" | "credential";

/**
 * Phrases that announce a credential in prose, table cells and table headers, lower case. Inside a
 * phrase a space matches a space, `_`, `-` or nothing (`api key`, `api_key`, `API-Key`, `apikey`).
 * English, Portuguese, Spanish, German, French. Plain `key` is not here: "key decisions", "key: value"
 * tables and "idempotency key" make it a word for other things; names ending in `key` are handled by
 * the assignment detector, which asks for a random value.
 */
export const SECRET_LABELS: readonly { phrase: string; kind: LabelKind }[] = [
  // English
  { phrase: "api key", kind: "credential" },
  { phrase: "api keys", kind: "credential" },
  { phrase: "api token", kind: "credential" },
  { phrase: "api secret", kind: "credential" },
  { phrase: "access key", kind: "credential" },
  { phrase: "access token", kind: "credential" },
  { phrase: "refresh token", kind: "credential" },
  { phrase: "session token", kind: "credential" },
  { phrase: "auth token", kind: "credential" },
  { phrase: "auth key", kind: "credential" },
  { phrase: "secret key", kind: "credential" },
  { phrase: "client secret", kind: "credential" },
  { phrase: "private key", kind: "credential" },
  { phrase: "signing key", kind: "credential" },
  { phrase: "signing secret", kind: "credential" },
  { phrase: "webhook secret", kind: "credential" },
  { phrase: "encryption key", kind: "credential" },
  { phrase: "master key", kind: "credential" },
  { phrase: "service key", kind: "credential" },
  { phrase: "service role key", kind: "credential" },
  { phrase: "deploy key", kind: "credential" },
  { phrase: "license key", kind: "credential" },
  { phrase: "secret", kind: "credential" },
  { phrase: "token", kind: "credential" },
  { phrase: "credential", kind: "credential" },
  { phrase: "credentials", kind: "credential" },
  { phrase: "bearer", kind: "credential" },
  { phrase: "auth", kind: "credential" },
  { phrase: "authorization", kind: "credential" },
  { phrase: "password", kind: "password" },
  { phrase: "passwd", kind: "password" },
  { phrase: "pwd", kind: "password" },
  { phrase: "passphrase", kind: "password" },
  // Portuguese
  { phrase: "chave de api", kind: "credential" },
  { phrase: "chave da api", kind: "credential" },
  { phrase: "chave secreta", kind: "credential" },
  { phrase: "chave de acesso", kind: "credential" },
  { phrase: "token de acesso", kind: "credential" },
  { phrase: "segredo", kind: "credential" },
  { phrase: "credencial", kind: "credential" },
  { phrase: "credenciais", kind: "credential" },
  { phrase: "senha", kind: "password" },
  // Spanish
  { phrase: "clave de api", kind: "credential" },
  { phrase: "clave api", kind: "credential" },
  { phrase: "clave secreta", kind: "credential" },
  { phrase: "clave de acceso", kind: "credential" },
  { phrase: "token de acceso", kind: "credential" },
  { phrase: "secreto", kind: "credential" },
  { phrase: "credenciales", kind: "credential" },
  { phrase: "contraseña", kind: "password" },
  // German
  { phrase: "api schlüssel", kind: "credential" },
  { phrase: "zugangsschlüssel", kind: "credential" },
  { phrase: "geheimer schlüssel", kind: "credential" },
  { phrase: "zugangstoken", kind: "credential" },
  { phrase: "zugangsdaten", kind: "credential" },
  { phrase: "geheimnis", kind: "credential" },
  { phrase: "passwort", kind: "password" },
  { phrase: "kennwort", kind: "password" },
  // French
  { phrase: "clé api", kind: "credential" },
  { phrase: "clé d'api", kind: "credential" },
  { phrase: "clé secrète", kind: "credential" },
  { phrase: "clé d'accès", kind: "credential" },
  { phrase: "jeton", kind: "credential" },
  { phrase: "jeton d'accès", kind: "credential" },
  { phrase: "identifiants", kind: "credential" },
  { phrase: "mot de passe", kind: "password" },
];

/**
 * Words between a label and its value that only link them ("the password is …", "a senha é …"): the
 * value counts as right after the label. Other words in between make the evidence weaker.
 */
export const LABEL_COPULAS: ReadonlySet<string> = new Set([
  "is", "was", "are", "were", "=", "é", "era", "es", "ist", "war", "est", "était", "sont",
]);

/**
 * Variable and key names that hold credentials, matched on whole `_`-separated words of the name
 * after camelCase is split (`apiKey` → `api_key`), so `tokens` (a count) and `tokenizer` do not match.
 */
export const SECRET_NAME_WORDS =
  /(?:^|_)(?:api_?key|secret|token|password|passwd|passphrase|pwd|pass|pat|private_?key|access_?key|auth_?key|credentials?|bearer|authorization|signing_?key|encryption_?key|session_?key|service_?role_?key|client_?secret|senha|contrasena|passwort|kennwort|mot_?de_?passe|segredo|secreto|geheimnis)(?:_|$)/;

/** A name ending in plain `key` (`SUPABASE_KEY`, `key:`) is often a credential, but only a random-looking value says so. */
export const WEAK_SECRET_NAME = /(?:^|_)key$/;

/** Last words that make a name about something else: a count, a path, a url, a limit, an id. */
export const NOT_SECRET_LAST_WORDS: ReadonlySet<string> = new Set([
  "url", "uri", "file", "path", "dir", "name", "names", "id", "ids", "uuid", "count", "counts", "limit", "limits", "ttl",
  "expiry", "expires", "budget", "type", "length", "len", "header", "headers", "env", "version", "hash", "usage",
  "format", "endpoint", "host", "port", "user", "username", "prefix", "scope", "scopes", "mode", "provider", "source",
  "location", "ref", "field", "kind", "policy", "rotation", "store", "manager", "at", "date", "time", "days", "age",
  "size", "regex", "pattern", "rule", "rules", "fingerprint", "digest", "checksum", "sha", "commit", "index", "hint",
  "window", "cost", "price", "rate", "balance", "variable", "var", "column", "total", "totals", "estimate", "helper",
]);

/** Words anywhere in a name that make it a non-credential: keys of a table, a cache, a request, a public key. */
export const NOT_SECRET_NAME_WORDS: ReadonlySet<string> = new Set([
  "public", "publishable", "idempotency", "idempotent", "correlation", "trace", "primary", "foreign", "sort",
  "partition", "cache", "dedup", "dedupe", "lookup", "composite", "unique", "hotkey", "shortcut", "keyboard",
]);

/**
 * Words right after a label in prose that say the value is something else ("token count", "API key
 * name", "secret rotation", "the token's commit"): the label is skipped.
 */
export const PROSE_STOP_WORDS: ReadonlySet<string> = new Set([
  ...NOT_SECRET_LAST_WORDS,
  "tokens", "budgets", "sha", "shas", "hashes", "commits", "uuids", "variables", "vars", "names", "files", "paths",
  "urls", "env", "environment", "handling", "management", "scanner", "scanning", "detection", "leak", "leaks",
]);

/** Values that are words for a state or a mode, not credentials (`git_credentials=read_write`). */
export const NON_SECRET_WORDS: ReadonlySet<string> = new Set([
  "true", "false", "null", "none", "nil", "undefined", "required", "optional", "unset", "empty", "string",
  "redacted", "masked", "hidden", "secret", "password", "token", "changeme", "change_me", "changeit",
  "example", "placeholder", "dummy", "test", "testing", "default", "n/a", "tbd", "todo", "yes", "no", "on", "off",
  "enabled", "disabled", "read", "write", "read_write", "read-write", "readwrite", "read_only", "read-only",
  "readonly", "write_only", "write-only", "writeonly", "rw", "ro", "admin", "owner", "inherit", "store", "cache",
  "manager", "keychain", "osxkeychain", "libsecret", "wincred", "present", "missing", "set", "rotated", "revoked",
  "expired", "valid", "invalid", "bearer", "basic", "oauth", "oauth2",
]);

/** Values that point at a secret stored elsewhere (an env var, a vault, a file) instead of being one. */
export const REFERENCE_PREFIX =
  /^(?:\$|%|process\.env|import\.meta\.env|env\.|env\(|os\.environ|os\.getenv|secrets\.|vars\.|vault:|op:\/\/|ssm:|arn:|!|\{\{|<|@)/i;

/**
 * Fill-in words in otherwise well-formed tokens (`ghp_your_token_here`), matched only between
 * separators, and only words of 4+ letters: a random base64url token holds `_my_` often enough by
 * chance (fast-check found one) that a 2-letter word would leak real keys.
 */
export const PLACEHOLDER_WORDS =
  /(?:^|[_\-.])(?:your|example|placeholder|dummy|redacted|changeme|change|replace|insert|fake|sample|here|todo)(?:[_\-.]|$)/i;

/**
 * Words for "password" and "secret" in the languages above: a URL password that is only such a word,
 * alone or after a possessive ("SENHA", "contraseña", "YourPassword", "SuaSenha"), is a fill-in, not a
 * credential. Compared lower-cased with `_`, `-` and blanks removed, and only on values of letters alone
 * (`Senha2026!` is a password).
 */
export const PASSWORD_WORDS: readonly string[] = [
  "password", "passwd", "passphrase", "secret", "token", "senha", "segredo", "contraseña", "contrasena", "clave",
  "secreto", "passwort", "kennwort", "geheimnis", "motdepasse", "secrète", "katasandi", "비밀번호", "パスワード", "密码", "密碼",
];
