// 'I've got it' from a notification: which notices offer it, and the words of the answer.

/** The action's name, as the notification's button reports it. */
export const TAKE = "take";

/** The request a notice opening `url` is about, when the server says it offers 'I've got it'
 * (`take`: a new urgent request, or its escalation). */
export function takeable(url: string, take: boolean): number | null {
  const id = /^\/dbadmin\/bookings\/(\d+)$/.exec(url)?.[1];
  return take && id !== undefined ? Number(id) : null;
}

/** What the phone shows once the request is taken: who has it (the first to take it keeps it). */
export function takenNotice(booking: number, by: string | undefined): { title: string; body: string } {
  return {
    title: `Request #${booking}: ${by ?? "a member"} has it`,
    body: "The rest of the team can see who has it, and nobody else is called about it.",
  };
}
