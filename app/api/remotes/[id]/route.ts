import { getDb } from "@/lib/server/db/client";
import { removeRemote } from "@/lib/server/remotes/remote-store";
import { route } from "@/lib/server/route";

export const dynamic = "force-dynamic";

/** DELETE /api/remotes/:id (admins): the remote, its mirror and everything scanned from it. */
export const DELETE = route("remotes:admin", {}, async ({ params }) => ({ removed: await removeRemote(getDb(), params.id!) }));
