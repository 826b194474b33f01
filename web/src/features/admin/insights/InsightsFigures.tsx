// The period's figures below the summary: the daily chart, where visitors come from and land,
// their devices, and how far they get in the booking assistant.
import { Section } from "../frame/form";
import type { CampaignFigures, DailyVisits, DeviceFigures, Insights, LandingPageFigures, OpenerFigures, PageFigures, SourceFigures } from "../frame/api";
import { DailyChart } from "./DailyChart";
import { FigureTable, type Column } from "./FigureTable";
import { count, dayLabel, dayRange, deviceName, funnelRows, percent, type FunnelRow } from "./figures";
import { FunnelChart } from "./FunnelChart";

const number = <R,>(label: string, value: (row: R) => number): Column<R> => ({ label, numeric: true, cell: (row) => count(value(row)) });
const conversion = <R extends { conversion: number }>(): Column<R> => ({ label: "Conversion", numeric: true, cell: (row) => percent(row.conversion) });
/** An empty UTM tag. */
const NONE = <span className="text-slate-600">none</span>;

const PAGES: Column<PageFigures>[] = [
  { label: "Page", cell: (row) => row.path },
  number("Page views", (row) => row.pageViews),
  number("Visitors", (row) => row.visitors),
];
const SOURCES: Column<SourceFigures>[] = [
  { label: "Source", cell: (row) => row.source },
  number("Visitors", (row) => row.visitors),
  number("Bookings", (row) => row.bookings),
  conversion(),
];
const CAMPAIGNS: Column<CampaignFigures>[] = [
  { label: "Source", cell: (row) => row.source },
  { label: "Medium", cell: (row) => row.medium || NONE },
  { label: "Campaign", cell: (row) => row.campaign || NONE },
  number("Visitors", (row) => row.visitors),
  number("Bookings", (row) => row.bookings),
  conversion(),
];
const LANDING_PAGES: Column<LandingPageFigures>[] = [
  { label: "Page", cell: (row) => row.path },
  number("Visitors", (row) => row.visitors),
  number("Bookings", (row) => row.bookings),
  conversion(),
];
const OPENERS: Column<OpenerFigures>[] = [
  { label: "Page", cell: (row) => row.page },
  { label: "Button", cell: (row) => row.button },
  number("Opened", (row) => row.opened),
  number("Sent", (row) => row.submitted),
];
const DAILY: Column<DailyVisits>[] = [
  { label: "Day", cell: (row) => dayLabel(row.day) },
  number("Visitors", (row) => row.visitors),
  number("Page views", (row) => row.pageViews),
];
const FUNNEL: Column<FunnelRow>[] = [
  { label: "Step", cell: (row) => row.label },
  number("Visitors", (row) => row.visitors),
  { label: "Change", numeric: true, cell: (row) => row.change ?? "" },
];
const BOOKINGS_NOTE = "Bookings here are the requests sent during counted visits, so they can add up to less than the total above.";

function Empty({ children }: { children: string }) {
  return <p className="mt-3 text-sm text-slate-600">{children}</p>;
}

export function InsightsFigures({ insights }: { insights: Insights }) {
  const range = dayRange(insights.from, insights.to);
  const devicesTotal = insights.devices.reduce((sum, row) => sum + row.visitors, 0);
  const devices: Column<DeviceFigures>[] = [
    { label: "Device", cell: (row) => deviceName(row.device) },
    number("Visitors", (row) => row.visitors),
    { label: "Share", numeric: true, cell: (row) => percent(devicesTotal ? row.visitors / devicesTotal : 0) },
  ];
  const funnel = funnelRows(insights.funnel);
  const funnelUsed = (funnel[0]?.visitors ?? 0) > 0;

  return (
    <>
      <Section title="Visitors and page views per day">
        <DailyChart daily={insights.daily} />
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-semibold text-orange-800 hover:underline">Show the figures as a table</summary>
          <FigureTable
            caption={`Visitors and page views per day, ${range}`}
            columns={DAILY}
            rows={insights.daily}
            rowKey={(row) => row.day}
            newestFirstOnPhone
          />
        </details>
      </Section>
      <div className="grid grid-cols-1 gap-x-6 lg:grid-cols-2">
        <Section title="Top pages">
          <FigureTable caption="The pages viewed most" columns={PAGES} rows={insights.pages} rowKey={(row) => row.path} />
        </Section>
        <Section title="Sources">
          <FigureTable caption={`Where visitors came from. ${BOOKINGS_NOTE}`} columns={SOURCES} rows={insights.sources} rowKey={(row) => row.source} />
        </Section>
        <Section title="Landing pages">
          <FigureTable
            caption={`The first page of each visit. ${BOOKINGS_NOTE}`}
            columns={LANDING_PAGES}
            rows={insights.landingPages}
            rowKey={(row) => row.path}
          />
        </Section>
        <Section title="Devices">
          <FigureTable caption="Visitors by the kind of device they used" columns={devices} rows={insights.devices} rowKey={(row) => row.device} />
        </Section>
      </div>
      {insights.campaigns.length > 0 && (
        <Section title="Campaigns (UTM)">
          <FigureTable
            caption="Visits whose link carried campaign tags (utm_source, utm_medium, utm_campaign)"
            columns={CAMPAIGNS}
            rows={insights.campaigns}
            rowKey={(row) => `${row.source}\n${row.medium}\n${row.campaign}`}
          />
        </Section>
      )}
      <Section title="Booking assistant">
        {funnelUsed ? (
          <>
            <p className="mt-1 text-sm text-slate-600">How many visitors reached each step, from opening the booking dialog to sending a request.</p>
            <FunnelChart rows={funnel} />
            <FigureTable
              caption={`Visitors at each step of the booking assistant and the change from the step before, ${range}`}
              columns={FUNNEL}
              rows={funnel}
              rowKey={(row) => row.step}
            />
            {funnel.some((row) => (row.difference ?? 0) > 0) && (
              <p className="mt-3 text-sm text-slate-600">
                A step can count more visitors than the one before it when the one before is only met by some: 'Chose a time' comes only when the answers lead
                to a time.
              </p>
            )}
          </>
        ) : (
          <Empty>Nobody opened the booking dialog in these days.</Empty>
        )}
      </Section>
      <Section title="Where the booking dialog was opened">
        {insights.openers.length > 0 ? (
          <FigureTable
            caption="The page and button each booking dialog was opened from, and the requests sent from it"
            columns={OPENERS}
            rows={insights.openers}
            rowKey={(row) => `${row.page}\n${row.button}`}
          />
        ) : (
          <Empty>Nobody opened the booking dialog in these days.</Empty>
        )}
      </Section>
    </>
  );
}
