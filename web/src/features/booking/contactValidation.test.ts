import { describe, expect, it } from "vitest";
import { characters, isEmail, isUsPhone, validateContact } from "./contactValidation";

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
    expect(validateContact({ name: "J", email: "nope", phone: "303-555-0100", details: "" })).toEqual({ email: "Invalid email format" });
  });

  it("takes a US phone number with its area code, however it is typed, like the server", () => {
    const good = [
      "303-555-0100",
      "(303) 555-0100",
      "303.555.0100",
      "3035550100",
      "+1 303 555 0100",
      "+1 (303) 555-0100",
      "1-303-555-0100",
      "13035550100",
      "303-555-0100 x12",
      "303-555-0100 ext. 4",
      "303-555-0100, extension 123456",
      "(303) 555-0100 #7",
    ];
    for (const phone of good) expect(isUsPhone(phone), phone).toBe(true);
    const bad = [
      "12",
      "555-0100",
      "call me maybe",
      "303-555-01000",
      "+44 20 7946 0958",
      "2-303-555-0100",
      "303-555-0100 x",
      "303-555-0100 x1234567",
      "303/555/0100",
      "+303-555-0100",
    ];
    for (const phone of bad) expect(isUsPhone(phone), phone).toBe(false);
    expect(validateContact({ name: "J", email: "j@example.com", phone: "12", details: "" })).toEqual({ phone: "Enter a phone number with area code" });
  });

  it("needs no details", () => {
    expect(validateContact({ name: "J", email: "j@example.com", phone: "303-555-0100", details: "" })).toEqual({});
  });

  it("refuses details over 2,000 characters, counted as the server counts them", () => {
    const base = { name: "Sam", email: "sam@example.com", phone: "303-555-0177" };
    expect(validateContact({ ...base, details: "x".repeat(2000) })).toEqual({});
    expect(validateContact({ ...base, details: "x".repeat(2001) })).toEqual({ details: "Additional details must be at most 2,000 characters" });
    expect(characters("🚚".repeat(3))).toBe(3);
  });
});
