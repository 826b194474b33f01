import { Link } from "react-router";
import type { SmsTermsData } from "../../lib/api-schema";
import { PageHero } from "../../components/PageHero";
import { useLayout } from "../../lib/layout";
import { List, Part } from "./PolicyParts";

const LINK = "font-semibold text-orange-800 underline hover:text-orange-900";

/** What the shop texts about a service request, how often, and how to stop: the policy carriers ask for. */
export function SmsTermsPage({ data }: { data: SmsTermsData }) {
  const layout = useLayout();
  return (
    <>
      <PageHero title="Text message terms" subtitle={`What ${data.name} texts you about, how often, and how to stop.`} />
      <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        {!data.texting && (
          <p className="mb-10 rounded-2xl bg-orange-50 p-6 text-lg text-slate-800 ring-1 ring-orange-200">
            Right now we are not sending texts at all. When we do, they work the way this page describes.
          </p>
        )}
        <Part title="Only if you ask">
          <p>
            When you send us a service request, you can tick a box to get texts about it. It is never ticked for you, and you don't need it to book: we answer
            every request by phone or e-mail either way. The box says:
          </p>
          <blockquote className="border-l-4 border-orange-600 pl-4 italic">{data.wording}</blockquote>
        </Part>
        <Part title="What we text">
          <List
            items={[
              "That we got your request, with its number and a link to see or change it.",
              "Your appointment time when we confirm or move it, and a reminder the day before.",
              "A note when we are on our way to you, and messages from the shop about your request.",
              "Once the work is done, a thank-you with a link to leave a review.",
            ]}
          />
          <p>
            {`About 1 to 5 texts a request, and never more than ${data.dailyLimit} in a day. Texts that are not about an emergency are sent between 8 AM and 9 PM our time. No marketing, ever.`}
          </p>
        </Part>
        <Part title="Stopping, and help">
          <p>
            Reply <strong>STOP</strong> to any text and we stop texting your number at once, about every request; we send one text to confirm it. Other stop
            words work too (STOPALL, UNSUBSCRIBE, END, QUIT, REVOKE, OPTOUT), and so does simply asking us in your own words. Reply <strong>START</strong> to
            get texts again, and <strong>HELP</strong> for help. You can also stop texts from your request's page.
          </p>
          <p>
            To change or cancel an appointment, use the link in your texts or e-mails, or call us: a reply of CANCEL is read by the phone companies as a wish to
            stop all texts.
          </p>
        </Part>
        <Part title="Costs and carriers">
          <p>Message and data rates may apply, as your phone plan sets them. Carriers are not liable for delayed or undelivered messages.</p>
        </Part>
        <Part title="Your number">
          <p>
            We use your number for your request only. It is not sold, rented or shared with anyone for marketing, and your agreement to get texts is not shared
            with anyone either. How our website counts visits is on{" "}
            <Link to="/how-we-count-visits" className={LINK}>
              how we count visits
            </Link>
            .
          </p>
        </Part>
        <Part title="Questions">
          <p>
            {layout.phone && layout.phoneHref && (
              <>
                Call us at{" "}
                <a href={layout.phoneHref} className={LINK}>
                  {layout.phone}
                </a>
                {layout.email ? " or e-mail " : "."}
              </>
            )}
            {layout.email && (
              <>
                {!layout.phone && "E-mail us at "}
                <a href={`mailto:${layout.email}`} className={LINK}>
                  {layout.email}
                </a>
                .
              </>
            )}
            {!layout.phone && !layout.email && "Reply HELP to any of our texts."}
          </p>
        </Part>
      </section>
    </>
  );
}
