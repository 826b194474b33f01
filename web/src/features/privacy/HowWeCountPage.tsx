import { Link } from "react-router";
import { PageHero } from "../../components/PageHero";
import { List, Part } from "./PolicyParts";

/** How the website counts visits, in plain words for the shop's customers. */
export function HowWeCountPage({ data }: { data: { counting: boolean; name: string } }) {
  return (
    <>
      <PageHero title="How we count visits" subtitle="What our website counts, how, and what it never keeps." />
      <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6 lg:px-8">
        {!data.counting && (
          <p className="mb-10 rounded-2xl bg-orange-50 p-6 text-lg text-slate-800 ring-1 ring-orange-200">
            Right now our website is not counting visits at all. If we turn counting on again, it works the way this page describes.
          </p>
        )}
        <p className="text-lg leading-relaxed text-slate-700">
          We're a family shop, and we like to know whether our website helps you: which pages people read, and whether our booking assistant is easy to get
          through. So the {data.name} website keeps a simple count of visits. It does that without cookies, without following anyone around, and without handing
          anything to anybody else.
        </p>
        <Part title="What we count">
          <List
            items={[
              "Which pages are viewed.",
              "The site that sent you here (a search engine, say), or the campaign tag in the link if you came from one of our ads or e-mails.",
              "Whether you're on a phone, a tablet or a computer.",
              "How far people get in the booking assistant, so we can tell when a question gets in the way.",
            ]}
          />
          <p>Bots, like search engines' crawlers, are counted separately and left out of these figures.</p>
        </Part>
        <Part title="Once a day, without cookies">
          <p>
            To tell one person reading three pages from three people reading one, the website makes a number from your internet address and your browser
            together with a random value. That random value is replaced every night at midnight and never saved anywhere.
          </p>
          <p>So the same visitor gets a new number each day: nobody can be followed from one day to the next, and the number can't be traced back to you.</p>
        </Part>
        <Part title="What we never store">
          <List
            items={[
              "Your internet address.",
              "The full description your browser sends about itself.",
              "Cookies, or anything else in your browser's storage, for counting.",
            ]}
          />
          <p>And nothing about your visit is sent to Google or any other company to be counted: the counting happens on our own server.</p>
        </Part>
        <Part title="If you'd rather not be counted">
          <p>
            If your browser is set to 'Do Not Track' or 'Global Privacy Control', your visits are not counted at all. Nothing else to do, and the site works
            just the same.
          </p>
        </Part>
        <Part title="The video on our home page">
          <p>
            Our home page shows a picture from our video, served by our own website. The video itself comes from YouTube (through its privacy-enhanced address,
            youtube-nocookie.com), and only when you press its play button: until then your browser asks nothing of YouTube. Once you press play, YouTube
            receives what any website you visit receives (your internet address and your browser's description), under Google's own privacy policy.
          </p>
        </Part>
        <Part title="What your browser keeps for us">
          <p>
            When you arrive, your browser notes for this tab the site that sent you here and any campaign tag in the link (in its session storage, not a
            cookie). If you send us a service request, it goes with the request, so we know which of our ads or pages brought it. The note is gone when you
            close the tab, and it is never used for counting visits.
          </p>
        </Part>
        <Part title="Texts">
          <p>
            If you ask us to text you about a service request, what we send and how to stop it is on{" "}
            <Link to="/sms-terms" className="font-semibold text-orange-800 underline hover:text-orange-900">
              our text message terms
            </Link>
            . Your number is used for your request only, and never shared with anyone for marketing.
          </p>
        </Part>
        <Part title="Who sees the figures">
          <p>
            Only we do. The figures stay on our own server and are seen by the shop and nobody else. Questions about any of this? We're happy to talk:{" "}
            <Link to="/contact" className="font-semibold text-orange-800 underline hover:text-orange-900">
              get in touch
            </Link>
            .
          </p>
        </Part>
      </section>
    </>
  );
}
