import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LayoutContext } from "../../../lib/layout";
import type { Layout as LayoutData } from "../../../lib/api-schema";
import { AdminApp } from "../frame/AdminApp";
import type { Insights } from "../frame/api";

const INSIGHTS: Insights = {
  days: 30,
  from: "2026-10-26",
  to: "2026-11-24",
  previousFrom: "2026-09-26",
  previousTo: "2026-10-25",
  counting: true,
  totals: { visitors: 120, pageViews: 340, bookings: 6, conversion: 0.05, bots: 900 },
  previous: { visitors: 100, pageViews: 340, bookings: 0, conversion: 0, bots: 800 },
  daily: [
    { day: "2026-11-23", visitors: 3, pageViews: 9, bots: 30 },
    { day: "2026-11-24", visitors: 12, pageViews: 30, bots: 10 },
  ],
  pages: [{ path: "/", pageViews: 100, visitors: 80 }],
  sources: [{ source: "www.google.com", visitors: 50, bookings: 2, conversion: 0.04 }],
  campaigns: [],
  devices: [
    { device: "phone", visitors: 70 },
    { device: "desktop", visitors: 30 },
  ],
  landingPages: [{ path: "/service-areas/aurora", visitors: 20, bookings: 2, conversion: 0.1 }],
  funnel: [
    { step: "opened", label: "Opened the booking dialog", visitors: 40 },
    { step: "time", label: "Chose a time", visitors: 12 },
    { step: "contact", label: "Saw the contact form", visitors: 20 },
    { step: "submitted", label: "Sent a request", visitors: 6 },
  ],
  openers: [{ page: "/service-areas/aurora", button: "Schedule Service in Aurora", opened: 5, submitted: 1 }],
  report: { on: true, email: true, canSend: true, recipients: ["owner@example.com"], lastSentWeek: "2026-11-16" },
  money: {
    quotesSent: 4,
    quotesApproved: 3,
    invoicesIssued: 2,
    averageTicket: 31792,
    daysToPaid: 2.5,
    byMonth: [{ name: "2026-11", received: 63584 }],
    byService: [{ name: "Repairs needed", received: 63584 }],
  },
  response: {
    emergencies: {
      requests: 2,
      promise: "30 minutes",
      promiseMinutes: 30,
      answered: { count: 2, medianMinutes: 12, p90Minutes: 25, late: 0 },
      waiting: { count: 0, longestMinutes: null, late: 0, minutesLeft: null },
      cancelledUnanswered: 0,
      said: [{ text: "2 answered: half within 12 min, 9 in 10 within 25 min (promise kept)", tone: "kept" }],
    },
    others: {
      requests: 9,
      promise: "1 business day",
      promiseMinutes: 560,
      answered: { count: 8, medianMinutes: 95, p90Minutes: 610, late: 1 },
      waiting: { count: 1, longestMinutes: 600, late: 1, minutesLeft: null },
      cancelledUnanswered: 0,
      said: [
        { text: "1 waiting past the promise, for 10 h", tone: "warning" },
        { text: "8 answered: half within 1 h 35 min, 9 in 10 within 10 h 10 min (1 past the promise)", tone: "late" },
      ],
    },
    people: [
      {
        name: "Ana Ruiz",
        emergencies: { count: 2, medianMinutes: 12, p90Minutes: 25, late: 0 },
        others: { count: 0, medianMinutes: null, p90Minutes: null, late: 0 },
      },
      {
        name: "owner@example.com",
        emergencies: { count: 0, medianMinutes: null, p90Minutes: null, late: 0 },
        others: { count: 8, medianMinutes: 95, p90Minutes: 610, late: 1 },
      },
    ],
  },
};

let insights: Insights;
const requests: string[] = [];

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  insights = INSIGHTS;
  requests.length = 0;
  vi.stubGlobal(
    "ResizeObserver",
    class {
      constructor(private readonly changed: ResizeObserverCallback) {}
      observe() {
        this.changed([{ contentRect: { width: 600 } } as ResizeObserverEntry], this as unknown as ResizeObserver);
      }
      disconnect() {}
    },
  );
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, location.origin), init);
      const { pathname, search } = new URL(request.url);
      const url = pathname + search;
      const body = request.method === "GET" ? "" : await request.text();
      requests.push(`${request.method} ${url}${body ? ` ${body}` : ""}`);
      if (url === "/api/admin/session") return answer({ user: { id: 1, email: "owner@example.com", role: "owner" }, csrfToken: "t" });
      if (url === "/api/admin/desk") return answer({ unanswered: 0, channels: ["email"], emailConfigured: true, backups: {} });
      if (url.startsWith("/api/admin/insights?")) return answer({ ...insights, days: Number(new URL(request.url).searchParams.get("days")) });
      if (url === "/api/admin/insights/report") return answer(JSON.parse(body));
      throw new Error(`unexpected ${url}`);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function showInsights() {
  render(
    <LayoutContext.Provider value={{ shortName: "Trailer Works", timeZone: "America/Denver" } as LayoutData}>
      <MemoryRouter initialEntries={["/dbadmin/insights"]}>
        <AdminApp />
      </MemoryRouter>
    </LayoutContext.Provider>,
  );
}

describe("the Insights page", () => {
  it("shows the period's figures against the period before, each chart with its table", async () => {
    showInsights();
    expect(await screen.findByRole("heading", { name: "Insights", level: 1 })).toBeInTheDocument();
    expect(await screen.findByText("+20% vs previous 30 days")).toBeInTheDocument();
    expect(screen.getByText("no change")).toBeInTheDocument();
    expect(screen.getByText("new")).toBeInTheDocument();
    expect(screen.getByText("+5 points vs previous 30 days")).toBeInTheDocument();
    expect(screen.getByText(/900 bot requests left out/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Last 30 days" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("link", { name: "How we count visits" })).toHaveAttribute("href", "/how-we-count-visits");

    expect(
      screen.getByRole("img", { name: /^Line chart of visitors and page views per day, Nov 23 - Nov 24\. Most visitors: 12 on Nov 24/ }),
    ).toBeInTheDocument();
    const daily = screen.getByRole("table", { name: "Visitors and page views per day, Oct 26 - Nov 24" });
    expect(within(daily).getByRole("rowheader", { name: "Nov 24" })).toBeInTheDocument();

    expect(screen.getByRole("img", { name: /from Opened the booking dialog \(40\) to Sent a request \(6\): 15%/ })).toBeInTheDocument();
    const funnel = screen.getByRole("table", { name: /Visitors at each step of the booking assistant/ });
    expect(within(funnel).getByRole("row", { name: "Saw the contact form 20 +8 (66.7%)" })).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "The pages viewed most" })).toHaveAttribute("tabindex", "0");
    expect(screen.getByRole("rowheader", { name: "Phone" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Campaigns (UTM)" })).not.toBeInTheDocument();
    expect(screen.getByText("Goes to owner@example.com")).toBeInTheDocument();
    expect(screen.getByText("Last sent for the week of Nov 16.")).toBeInTheDocument();

    const people = screen.getByRole("table", { name: "Who answered first" });
    expect(within(people).getByRole("row", { name: "Ana Ruiz 2, half within 12 min None" })).toBeInTheDocument();
    expect(within(people).getByRole("row", { name: "owner@example.com None 8, half within 1 h 35 min (1 late)" })).toBeInTheDocument();
  });

  it("shows the period's money: quotes approved, the average ticket and what was received", async () => {
    showInsights();
    const money = within(await screen.findByRole("region", { name: "Money" }));
    expect(money.getByText("3 of 4 (75%)")).toBeTruthy();
    expect(money.getByText("$317.92")).toBeTruthy();
    expect(money.getByText("2.5 days")).toBeTruthy();
    expect(money.getAllByText("$635.84").length).toBeGreaterThan(0);
  });

  it("asks for another period when one is chosen", async () => {
    showInsights();
    fireEvent.click(await screen.findByRole("button", { name: "Last 7 days" }));
    expect(await screen.findByText("+20% vs previous 7 days")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Last 7 days" })).toHaveAttribute("aria-pressed", "true");
    expect(requests).toContain("GET /api/admin/insights?days=7");
  });

  it("says why a conversion passes 100%, and only then", async () => {
    showInsights();
    expect(await screen.findByText(/Conversion is bookings per visitor/)).toBeInTheDocument();
    expect(screen.queryByText(/passes 100%/)).not.toBeInTheDocument();
    cleanup();
    insights = { ...INSIGHTS, landingPages: [{ path: "/contact", visitors: 2, bookings: 3, conversion: 1.5 }] };
    showInsights();
    expect(await screen.findByText(/It passes 100% where visitors sent more than one request each/)).toBeInTheDocument();
  });

  it("says so when nothing was counted, and when counting is off", async () => {
    const none = { visitors: 0, pageViews: 0, bookings: 0, conversion: 0, bots: 0 };
    insights = { ...INSIGHTS, counting: false, totals: none, previous: none };
    showInsights();
    expect(await screen.findByText("No visits counted in the last 30 days yet.")).toBeInTheDocument();
    expect(screen.getByText(/the server runs with counting off/)).toBeInTheDocument();
    // No visit has a table; the requests' response figures still name who answered, and the money
    // is the shop's own.
    expect(screen.getAllByRole("table").map((table) => table.querySelector("caption")?.textContent)).toEqual([
      "Who answered first",
      "Money received by month",
      "Money received by the service asked for",
    ]);
  });

  it("saves the weekly report's switch at once and says what it did", async () => {
    insights = { ...INSIGHTS, report: { on: true, email: false, canSend: false, recipients: [], lastSentWeek: null } };
    showInsights();
    expect(await screen.findByText(/This server has no e-mail settings yet/)).toBeInTheDocument();
    const box = await screen.findByRole("checkbox", { name: "E-mail me a weekly report every Monday at 7:00 AM" });
    expect(within(screen.getByRole("main")).getByRole("link", { name: "Notifications" })).toHaveAttribute("href", "/dbadmin/notifications");
    expect(screen.getByText("Not sent yet.")).toBeInTheDocument();
    fireEvent.click(box);
    expect(await screen.findByText("Weekly report off.")).toHaveAttribute("role", "status");
    expect(box).not.toBeChecked();
    expect(requests).toContain('PUT /api/admin/insights/report {"on":false}');
  });
});
