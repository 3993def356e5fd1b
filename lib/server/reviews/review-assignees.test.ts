import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUser } from "../auth/users";
import { createDb, type Db } from "../db/client";
import { testProviders, type TestDatabase } from "../test-support/test-database";
import { listAssignees, resolveAssignee } from "./review-assignees";

const PASSWORD = "correct horse battery";

for (const provider of testProviders) {
  describe.skipIf(provider.skip)(`review assignees on ${provider.name}`, () => {
    let database: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      database = await provider.create();
      db = createDb(database.target);
    });
    afterAll(async () => {
      await db?.$disconnect();
      await database?.drop();
    });
    afterEach(() => vi.unstubAllEnvs());

    it("single-user mode: only the local user, and the name as given", async () => {
      expect(await listAssignees(db, { id: "local", name: "you" })).toEqual([{ id: "local", name: "you" }]);
      await expect(resolveAssignee(db, "local", "you")).resolves.toBe("you");
    });

    it("team server: every admin and member, never a viewer; a forged id or a viewer is refused and the stored name is the user's", async () => {
      vi.stubEnv("BATON_TEAM", "1");
      const ada = await createUser(db, { email: "ada@example.com", name: "Ada", password: PASSWORD });
      const bob = await createUser(db, { email: "bob@example.com", name: "Bob", password: PASSWORD, role: "member" });
      const vic = await createUser(db, { email: "vic@example.com", name: "Vic", password: PASSWORD, role: "viewer" });
      expect(await listAssignees(db, { id: ada.id, name: "Ada" })).toEqual([
        { id: ada.id, name: "Ada" },
        { id: bob.id, name: "Bob" },
      ]);
      await expect(resolveAssignee(db, bob.id, "Mallory")).resolves.toBe("Bob");
      await expect(resolveAssignee(db, vic.id, "Vic")).rejects.toMatchObject({ status: 400 });
      await expect(resolveAssignee(db, "no-such-user", "Ghost")).rejects.toMatchObject({ status: 400 });
    });
  });
}
