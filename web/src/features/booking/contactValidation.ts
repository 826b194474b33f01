// The booking contact form's rules, with the same messages as the server (docs/product.md section 5).

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  details: string;
}

export const EMPTY_CONTACT: ContactFields = { name: "", email: "", phone: "", details: "" };

export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

/** The most characters Additional Details takes (the server's limit). */
export const MAX_DETAILS = 2000;

/** Characters as the server counts them (a letter outside the basic plane is one). */
export function characters(text: string): number {
  return [...text].length;
}

/** local@host.tld without spaces: the same rule as the server's EmailAddress. */
export function isEmail(value: string): boolean {
  const [local, domain, ...rest] = value.split("@");
  if (rest.length > 0 || !local || !domain || /\s/.test(value) || value.length > 254) return false;
  const dot = domain.indexOf(".");
  return dot > 0 && dot < domain.length - 1;
}

/**
 * A US phone number with its area code: ten digits once spaces, dashes, dots and brackets and a
 * leading +1 or 1 are taken out, optionally with an extension ("x12", "ext. 12", "#12"). The
 * same rule as the server's Phone.
 */
export function isUsPhone(value: string): boolean {
  const match = /^(.*?)(?:,|;)?\s*(?:extension|ext\.?|x|#)\s*(\d{1,6})$/i.exec(value.trim());
  let number = (match ? match[1]! : value).trim();
  if (match && !/\S/.test(number)) return false;
  if (number.startsWith("+")) {
    if (!number.startsWith("+1")) return false;
    number = number.slice(2);
  }
  if (!/^[\d\s\-.()]+$/.test(number)) return false;
  const digits = number.replace(/\D/g, "");
  return digits.length === 10 || (digits.length === 11 && digits.startsWith("1"));
}

/** Every problem at once; an empty object when the form can be sent. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  if (!fields.name.trim()) errors.name = "Name is required";
  const email = fields.email.trim();
  if (!email) errors.email = "Email is required";
  else if (!isEmail(email)) errors.email = "Invalid email format";
  if (!fields.phone.trim()) errors.phone = "Phone number is required";
  else if (!isUsPhone(fields.phone)) errors.phone = "Enter a phone number with area code";
  if (characters(fields.details) > MAX_DETAILS) errors.details = `Additional details must be at most ${MAX_DETAILS.toLocaleString("en-US")} characters`;
  return errors;
}
