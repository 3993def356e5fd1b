import { describe, expect, it } from "vitest";
import { displayNameProblem, personName } from "./display-name";

describe("display names", () => {
  it.each(["You", "you", " YOU ", "me", "Me.", "myself"])("refuses %j, which every teammate would read as themselves", (name) => {
    expect(displayNameProblem(name)).toMatch(/reads as the person looking at the page/);
    expect(personName(name)).toBe(`“${name.trim()}” (a teammate)`);
  });
  it.each(["Ada Lovelace", "Yousef", "Youssef Amrani", "Ben"])("takes %j as it is", (name) => {
    expect(displayNameProblem(name)).toBeNull();
    expect(personName(name)).toBe(name);
  });
});
