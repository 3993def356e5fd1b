import { describe, expect, it } from "vitest";
import { BATON_EVENT_KINDS } from "./baton-event";
import { liveInvalidation } from "./live-query-keys";

describe("liveInvalidation", () => {
  it.each([
    [{ kind: "review", id: "r1", version: 3 }, [["reviews"], ["review", "r1"]]],
    [{ kind: "comment", id: "r1", version: 1 }, [["review", "r1"]]],
    [{ kind: "handoff", id: "h1", version: 0 }, [["handoffs"], ["reviews"]]],
    [{ kind: "scan", id: "s1", version: 4 }, [["handoffs"], ["reviews"]]],
    [{ kind: "session", id: "x", version: 0 }, [["sessions"], ["session", "x"]]],
    [{ kind: "session", id: "", version: 0 }, [["sessions"], ["session"]]],
  ] as const)("%o invalidates %o", (event, keys) => {
    expect(liveInvalidation(event).keys).toEqual(keys);
  });

  it("has an answer for every kind, and refreshes server-rendered pages for each a client is sent", () => {
    for (const kind of BATON_EVENT_KINDS.filter((each) => each !== "access")) expect(liveInvalidation({ kind, id: "a", version: 0 })).toMatchObject({ refresh: true });
    // `access` is the server's own (a revoked credential); the stream never forwards it.
    expect(liveInvalidation({ kind: "access", id: "a", version: 0 })).toEqual({ keys: [], refresh: false });
  });
});
