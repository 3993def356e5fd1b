import { parseArgs } from "node:util";
import { PUSH_BATCH_BYTES, type PushResponse } from "../../lib/core/push/push-payload";
import { openBulkWriter } from "../../lib/server/db/bulk";
import { resolveDatabaseUrl } from "../../lib/server/db/database-url";
import { ensureDatabase } from "../../lib/server/db/ensure-database";
import { batchSessions, collectPushSessions } from "../../lib/server/push/collect-push-sessions";
import { scanSessions } from "../../lib/server/sessions/scan-sessions";
import { agentHomeDir } from "../../lib/server/sessions/session-ids";
import { requireServerCredential, serverRequest } from "../credentials";
import { printJson, progressLine, UsageError, type Io } from "../io";
import { readPushCursor, writePushCursor } from "../push-cursor";

/**
 * `baton push [--server URL] [--no-scan] [--json]`: scans the agent logs (unless --no-scan), then
 * uploads to the team server the sessions whose summary or samples changed since the last push to it
 * (never transcript text), with the stored token. The server stores them as the token's user's.
 */
export async function pushCommand(argv: string[], io: Io, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { server: { type: "string" }, json: { type: "boolean", default: false }, "no-scan": { type: "boolean", default: false } },
  });
  if (positionals.length > 0) throw new UsageError(`push takes no paths (got ${positionals.join(" ")}): it sends the agent sessions the local scan stored`);
  const credential = requireServerCredential(values.server, env);
  const target = resolveDatabaseUrl(env);
  await ensureDatabase(target);
  const progress = progressLine(io);
  const bulk = openBulkWriter(target);
  try {
    if (!values["no-scan"]) {
      progress.update("agent logs: scanning");
      await scanSessions({ bulk, repos: [], agents: { env, homeDir: agentHomeDir(env) } });
    }
    progress.update("collecting sessions");
    // The demo workspace's sessions (registered by `npm start`) are made up: they never leave this machine.
    const { demoDirectory } = await import("../../lib/server/demo/demo-workspace");
    const { sessions, leftOut } = await collectPushSessions(bulk, { leaveOut: [demoDirectory(env)] });
    const cursor = readPushCursor(credential.server, env);
    const changed = sessions.filter((session) => cursor[session.localId] !== session.fingerprint);
    const stored: PushResponse["stored"] = [];
    const findings: string[] = [];
    let sent = 0;
    for (const batch of batchSessions(changed, PUSH_BATCH_BYTES)) {
      progress.update(`pushing ${sent + batch.length}/${changed.length} sessions to ${credential.server}`);
      const { status, data } = await serverRequest<PushResponse & { error?: string }>(credential, "POST", "/api/push", { sessions: batch.map((session) => session.payload) });
      if (status !== 200) throw new UsageError(`${credential.server} refused the push (${status}): ${data?.error ?? "no reason given"}`);
      stored.push(...data.stored);
      findings.push(...data.findings);
      for (const session of batch) cursor[session.localId] = session.fingerprint;
      // The cursor moves with each acknowledged batch: an interrupted push resumes where it stopped.
      writePushCursor(credential.server, cursor, env);
      sent += batch.length;
    }
    progress.done();
    const summary = { server: credential.server, pushed: sent, unchanged: sessions.length - changed.length, demoLeftOut: leftOut, sessions: stored, findings };
    if (values.json) printJson(io, summary);
    else {
      io.out(sent === 0 ? `nothing to push to ${credential.server}: ${sessions.length} sessions unchanged since the last push` : `pushed ${sent} sessions to ${credential.server} (${summary.unchanged} unchanged)`);
      if (leftOut > 0) io.out(`left out ${leftOut} demo sessions (the demo workspace's made-up sessions never leave this machine)`);
      for (const finding of findings.slice(0, 10)) io.out(`! ${finding}`);
    }
    return 0;
  } finally {
    progress.done();
    await bulk.close();
  }
}
