/**
 * Whether git can make a remote-tracking ref the upstream of a new branch. `git checkout -b x --track
 * upstream/x` asks every configured remote whether one of its fetch refspecs writes into
 * `refs/remotes/upstream/x`; when none does (the remote was removed after fetching, the refs were
 * copied from a mirror, a hand-made ref) git stops with "cannot set up tracking information; starting
 * point 'upstream/x' is not a branch". This is the same question, answered from the remotes' fetch
 * refspecs (`git config --get-regexp '^remote\..*\.fetch$'`), so the resume command can avoid it.
 */

export interface RemoteFetchSpec {
  remote: string;
  /** As configured: `+refs/heads/*:refs/remotes/origin/*`, `+refs/*:refs/*` (mirror), `^refs/heads/tmp/*` (negative). */
  spec: string;
}

/** Output of `git config -z --get-regexp '^remote\..*\.fetch$'`: entries `key\nvalue\0`. */
export function parseRemoteFetchConfig(output: string): RemoteFetchSpec[] {
  const specs: RemoteFetchSpec[] = [];
  for (const entry of output.split("\0")) {
    const newline = entry.indexOf("\n");
    if (newline === -1) continue;
    const key = entry.slice(0, newline);
    const match = /^remote\.(.+)\.fetch$/i.exec(key);
    if (match) specs.push({ remote: match[1]!, spec: entry.slice(newline + 1).trim() });
  }
  return specs;
}

/**
 * True when some remote's fetch refspec has `fullRef` (`refs/remotes/upstream/x`) as a destination:
 * git's own test before it sets up tracking. A pattern refspec has one `*` on each side, matching
 * any run of characters (slashes included); negative (`^…`) and destination-less refspecs map nothing.
 */
export function isFetchedByARemote(fullRef: string, specs: readonly RemoteFetchSpec[]): boolean {
  return specs.some(({ spec }) => {
    const value = spec.replace(/^\+/, "");
    if (value.startsWith("^")) return false;
    const colon = value.indexOf(":");
    if (colon === -1) return false;
    const destination = value.slice(colon + 1);
    const star = destination.indexOf("*");
    if (star === -1) return destination === fullRef;
    const prefix = destination.slice(0, star);
    const suffix = destination.slice(star + 1);
    return fullRef.length >= prefix.length + suffix.length && fullRef.startsWith(prefix) && fullRef.endsWith(suffix);
  });
}
