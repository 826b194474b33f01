import type { CustomerRecord } from "../frame/api";

/** Whether the record may be changed: not merged into another, and not erased. */
export function changeable(customer: CustomerRecord): boolean {
  return customer.mergedInto === null && customer.erasedAt === null;
}
