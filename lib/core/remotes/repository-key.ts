/**
 * A key that names a repository whatever URL form is used: `https://github.com/o/r.git`,
 * `git@github.com:o/r.git`, `ssh://git@github.com/o/r` and `git://github.com/o/r` all give
 * `github.com/o/r`. A push webhook names its repository by its clone, SSH and HTML URLs; this finds the
 * remote whichever of them it was added with. Case is kept in the path (some hosts are case-sensitive)
 * but the host is lower-cased; credentials and ports are dropped.
 */
export function repositoryKey(url: string): string | null {
  const text = url.trim();
  let host: string;
  let repoPath: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(\/.*)?$/i.exec(text);
  if (scheme) {
    const authority = scheme[2]!.slice(scheme[2]!.lastIndexOf("@") + 1);
    host = authority.replace(/:\d+$/, "");
    repoPath = scheme[3] ?? "";
  } else {
    const scp = /^(?:[^@/]+@)?(\[[^\]/]+\]|[^:/@]+):(.+)$/.exec(text);
    if (!scp) return null;
    host = scp[1]!;
    repoPath = scp[2]!;
  }
  const cleanPath = repoPath.replace(/^\/+/, "").replace(/\/+$/, "").replace(/\.git$/, "");
  if (!host || !cleanPath) return null;
  return `${host.toLowerCase()}/${cleanPath}`;
}
