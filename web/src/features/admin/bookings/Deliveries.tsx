// How each message about a request went out, in the owner's words: the list on the request's
// page and the sentence for one delivery.
import { type Booking, type Delivery } from "../frame/api";
import { useShopClock } from "../frame/format";

/** The mark beside a delivery's sentence, by its state. */
const DELIVERY_MARK: Record<Delivery["state"], string> = {
  sent: "bg-green-600",
  pending: "bg-slate-400",
  retrying: "bg-amber-500",
  dead: "bg-red-600",
  cancelled: "bg-slate-300",
};

/** What each delivery channel is, in the owner's words. */
const CHANNEL_NAMES: Record<Delivery["channel"], string> = {
  email: "the e-mail to the shop",
  webhook: "the webhook",
  confirmation: "the visitor's confirmation",
  push: "the notification",
  text: "the text to the visitor",
};

/** What each later message is, by its purpose without the time's version ("time-2": "time"). */
const PURPOSE_NAMES: Record<string, string> = {
  time: "the visitor's confirmed time",
  reminder: "the visitor's reminder",
  changed: "the notice of a new time asked for",
  cancelled: "the notice of the visitor's cancellation",
  review: "the visitor's review request",
  text: "the text written on this page",
  escalate: "the escalation's alert",
};

/** "the e-mail to the shop", "the notification to Pixel 8", or for a later message to the shop "the
 * notice of a new time asked for, by e-mail to the shop". */
function deliveryName({ channel, purpose, device, to }: Delivery): string {
  if (purpose.startsWith("page-")) return `the escalation's ${channel === "text" ? "text" : "e-mail"} to ${to ?? "a member of the team"}`;
  const channelName = device ? `the notification to ${device}` : CHANNEL_NAMES[channel];
  if (purpose === "request") return channelName;
  const purposeName = PURPOSE_NAMES[purpose.replace(/-\d+$/, "")] ?? purpose;
  const itself = channel === "confirmation" || purpose.startsWith("text-");
  return itself ? purposeName : `${purposeName}, by ${channelName.replace(/^the /, "")}`;
}

/** A delivery in a sentence: "The visitor's reminder was not sent: replaced by a later change." */
export function deliverySentence(delivery: Delivery, dateTime: (timestamp: string) => string): string {
  const name = deliveryName(delivery);
  const subject = name.charAt(0).toUpperCase() + name.slice(1);
  const tries = `${delivery.attempts} ${delivery.attempts === 1 ? "try" : "tries"}`;
  const reason = delivery.lastError ? delivery.lastError.charAt(0).toLowerCase() + delivery.lastError.slice(1) : "";
  switch (delivery.state) {
    case "sent":
      return delivery.sentAt ? `${subject} was sent ${dateTime(delivery.sentAt)}.` : `${subject} was sent.`;
    case "pending":
      return delivery.nextAttemptAt && delivery.attempts === 0 && new Date(delivery.nextAttemptAt).getTime() > Date.now()
        ? `${subject} goes out ${dateTime(delivery.nextAttemptAt)}.`
        : `${subject} is on its way.`;
    case "retrying":
      return `${subject} is being tried again (${tries} so far)${reason ? `; the last error: ${reason}` : ""}.`;
    case "dead":
      return `${subject} could not be sent after ${tries}${reason ? `: ${reason}` : ""}.`;
    case "cancelled":
      return `${subject} was not sent${reason ? `: ${reason}` : ""}.`;
    default:
      return `${subject}: ${delivery.state}.`;
  }
}

function DeliveryBadge({ delivery }: { delivery: Delivery }) {
  const { dateTime } = useShopClock();
  return (
    <li className="flex items-start gap-2 text-sm text-slate-800">
      <span aria-hidden="true" className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${DELIVERY_MARK[delivery.state] ?? "bg-slate-400"}`} />
      <span>{deliverySentence(delivery, dateTime)}</span>
    </li>
  );
}

/** How each message about the request went out. */
export function DeliveryList({ booking }: { booking: Booking }) {
  return (
    <ul className="mt-3 flex flex-col gap-1" aria-label="Deliveries">
      {booking.deliveries.length === 0 ? (
        <li className="text-sm text-slate-600">Not sent anywhere: no notification was set up when it arrived.</li>
      ) : (
        booking.deliveries.map((delivery) => <DeliveryBadge key={`${delivery.channel}-${delivery.device ?? ""}-${delivery.purpose}`} delivery={delivery} />)
      )}
    </ul>
  );
}
