import { describe, expect, it } from "vitest";
import { takeable, takenNotice } from "./takeAction";

describe("'I've got it' on a notification", () => {
  it("is offered where the server says, on a request's page only", () => {
    expect(takeable("/dbadmin/bookings/12", true)).toBe(12);
    expect(takeable("/dbadmin/bookings/12", false)).toBeNull();
    expect(takeable("/dbadmin/account", true)).toBeNull();
    expect(takeable("/dbadmin/bookings/12/extra", true)).toBeNull();
  });

  it("says who has the request", () => {
    expect(takenNotice(12, "Ana Ruiz").title).toBe("Request #12: Ana Ruiz has it");
    expect(takenNotice(12, undefined).title).toBe("Request #12: a member has it");
  });
});
