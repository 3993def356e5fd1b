/**
 * What the server prints never holds a credential: a log line passes through `redactLogText` before it
 * is written (lib/server/web/log-redaction.ts wraps the console of the server process, so Next's own
 * messages are covered too). Replaced: Baton API tokens (`btn_…`), the token segment of an OTLP address
 * (`/otlp/<token>/v1/logs`), a `Bearer` credential, and a password or token written in a URL
 * (`https://user:secret@host`).
 */
const API_TOKEN = /\bbtn_[A-Za-z0-9_-]{8,}/g;
const OTLP_PATH_TOKEN = /\/otlp\/[^/\s?#"'<>]+\//g;
const BEARER = /\b(Bearer\s+)[^\s"',;]+/gi;
const URL_CREDENTIAL = /(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"'<>]*:[^/\s@"'<>]+@/gi;

export const REDACTED = "[redacted]";

export function redactLogText(text: string): string {
  if (!/btn_|\/otlp\/|bearer|:\/\//i.test(text)) return text;
  return text
    .replace(OTLP_PATH_TOKEN, `/otlp/${REDACTED}/`)
    .replace(API_TOKEN, `btn_${REDACTED}`)
    .replace(BEARER, `$1${REDACTED}`)
    .replace(URL_CREDENTIAL, `$1${REDACTED}@`);
}
