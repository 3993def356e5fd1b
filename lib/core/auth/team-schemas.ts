/** The team routes' shared field schemas (zod), next to the role table they check against. */
import { z } from "../zod";
import { isTeamRole } from "./api-token";
import type { TeamRole } from "../access/actor";

/** A team role; anything else is refused with the sentence the routes have always answered. */
export const teamRoleSchema = z.custom<TeamRole>((value) => isTeamRole(value), { message: 'role must be "admin", "member" or "viewer"' });
