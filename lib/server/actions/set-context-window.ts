"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { getDb } from "../db/client";
import { setUserContextWindow } from "../queries/sessions";
import { serverAction } from "../route";

const inputSchema = z.object({
  sessionId: z.string().min(1),
  tokens: z
    .string()
    .trim()
    .transform((value) => (value === "" ? null : Number(value.replace(/[_,\s]/g, ""))))
    .pipe(z.number().int().min(1_000).max(100_000_000).nullable()),
});

export interface SetContextWindowState {
  error: string | null;
  saved: boolean;
}

/**
 * Overrides (or clears, when empty) the context window Baton uses for a session. A viewer or a token
 * without `sessions:write` is refused with 403 (401 signed out), not a crash (lib/server/route.ts).
 * Input the form cannot take answers in the form's state, where the field shows it.
 */
export const setContextWindowAction = serverAction("sessions:write", async (_actor, _previous: SetContextWindowState, form: FormData): Promise<SetContextWindowState> => {
  const parsed = inputSchema.safeParse({ sessionId: form.get("sessionId"), tokens: form.get("tokens") ?? "" });
  if (!parsed.success) return { error: "Enter a whole number of tokens between 1,000 and 100,000,000, or leave it empty to clear.", saved: false };
  await setUserContextWindow(getDb(), parsed.data.sessionId, parsed.data.tokens);
  revalidatePath(`/sessions/${parsed.data.sessionId}`);
  revalidatePath("/sessions");
  return { error: null, saved: true };
});
