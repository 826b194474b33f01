import { ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { BookingButton } from "./BookingButton";
import type { ServiceGroup } from "../lib/api-schema";
import { Icon } from "./Icon";

/** A service with its sub-services, shown when the card is expanded. */
export function ServiceCard({ service }: { service: ServiceGroup }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="rounded-2xl bg-white shadow-md ring-1 ring-slate-200">
      {/* The accordion pattern: the group's heading holds its button, the sub-services are h4s. */}
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-start gap-4 rounded-2xl p-6 text-left"
        >
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-orange-100 text-orange-700">
            <Icon name={service.icon} className="h-6 w-6" />
          </span>
          <span className="flex-1">
            <span className="block text-lg font-semibold text-slate-900">{service.title}</span>
            <span className="mt-1 block text-slate-600">{service.description}</span>
          </span>
          <ChevronDown aria-hidden="true" className={`mt-1 h-5 w-5 shrink-0 text-slate-500 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="border-t border-slate-200 px-6 pt-4 pb-6">
        <ul className="space-y-3">
          {service.items.map((item) => (
            <li key={item.title}>
              <h4 className="font-medium text-slate-900">{item.title}</h4>
              <p className="text-sm text-slate-600">{item.description}</p>
            </li>
          ))}
        </ul>
        <BookingButton
          presets={{ answers: service.chatAnswers, service: service.title }}
          className="mt-5 block w-full rounded-lg bg-orange-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-orange-800"
        >
          Get Quote for {service.title}
        </BookingButton>
      </div>
    </div>
  );
}
