import { describe, expect, it } from "vitest";
import { isEmail, validateContact } from "./contactValidation";

describe("booking contact validation", () => {
  it("reports every missing field at once", () => {
    expect(validateContact({ name: " ", email: "", phone: "", details: "" })).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone number is required",
    });
  });

  it("checks the e-mail format like the server", () => {
    for (const good of ["a@b.co", "jamie.ortiz+trailer@mail.example.com"]) expect(isEmail(good)).toBe(true);
    for (const bad of ["jamie", "jamie@", "@example.com", "jamie@example", "ja mie@example.com", "a@b@c.com", "a@.com"]) {
      expect(isEmail(bad)).toBe(false);
    }
    expect(validateContact({ name: "J", email: "nope", phone: "1", details: "" })).toEqual({ email: "Invalid email format" });
  });

  it("needs no details and checks no phone format", () => {
    expect(validateContact({ name: "J", email: "j@example.com", phone: "call me", details: "" })).toEqual({});
  });
});
