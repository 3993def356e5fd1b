/**
 * Next runs register() once when a server process starts. On the team server (`baton serve --team`
 * sets BATON_TEAM=1) it plugs sign-in and tokens into requireAccess; single-user mode loads no auth code.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs" && process.env.BATON_TEAM === "1") {
    const { registerTeamAuth } = await import("./lib/server/auth/register");
    registerTeamAuth();
  }
}
