import { describe, expect, it } from "vitest";
import { buttonLabel, landingFrom } from "./bookingSource";

describe("landingFrom", () => {
  it("keeps another site's host and the UTM tags", () => {
    expect(landingFrom("https://trailers.example.com/service-areas/aurora?utm_source=flyer&utm_campaign=spring", "https://www.google.com/search?q=x")).toEqual({
      referrer: "www.google.com",
      utmSource: "flyer",
      utmCampaign: "spring",
    });
  });

  it("leaves out this site, a missing referrer and empty tags", () => {
    expect(landingFrom("https://trailers.example.com/?utm_source=", "https://trailers.example.com/blog")).toEqual({});
    expect(landingFrom("https://trailers.example.com/", "")).toEqual({});
    expect(landingFrom("https://trailers.example.com/", "not a url")).toEqual({});
  });
});

describe("buttonLabel", () => {
  it("is the aria-label or the text on one line", () => {
    const button = document.createElement("button");
    button.innerHTML = "<svg></svg> Schedule\n   Service  in Aurora ";
    expect(buttonLabel(button)).toBe("Schedule Service in Aurora");
    button.setAttribute("aria-label", "Book now");
    expect(buttonLabel(button)).toBe("Book now");
  });
});
