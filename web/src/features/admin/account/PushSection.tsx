// 'Notifications on your devices': this browser subscribes to push notifications ('Notify this
// device'); every device is listed with when it was added and last got one, what it hears of,
// its quiet hours, a test and Remove. Where the browser cannot subscribe (an iPhone's Safari
// outside the Home Screen), the section says how, and the e-mails keep coming.
import { BellRing } from "lucide-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { adminApi, type DeviceSettings, type PushDevice } from "../frame/api";
import { ErrorNotice } from "../frame/ErrorNotice";
import { Loaded } from "../frame/Loaded";
import { keys } from "../frame/queries";
import { Field, PLAIN_BUTTON, PRIMARY_BUTTON, Section, failureMessage, fieldClass } from "../frame/form";
import { useShopClock } from "../frame/format";

/** Whether this browser can take push notifications at all. */
function canSubscribe(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/** An iPhone or iPad: push works there only once the admin is added to the Home Screen. */
function isAppleMobile(): boolean {
  return /iPhone|iPad|iPod/.test(navigator.userAgent);
}

/** The VAPID key as the browser takes it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  const text = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

async function thisSubscription(): Promise<PushSubscription | null> {
  if (!canSubscribe()) return null;
  const registration = await navigator.serviceWorker.getRegistration("/dbadmin");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

function DeviceRow({ device, current, onChanged }: { device: PushDevice; current: boolean; onChanged: () => void }) {
  const ids = useId();
  const { dateTime } = useShopClock();
  const [settings, setSettings] = useState<DeviceSettings>({
    name: device.name,
    notify: device.notify,
    customerChanges: device.customerChanges,
    quietFrom: device.quietFrom,
    quietTo: device.quietTo,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(what: () => Promise<unknown>, done: string) {
    setBusy(true);
    setFailure(null);
    setMessage(null);
    setErrors({});
    try {
      await what();
      setMessage(done);
    } catch (error) {
      const fields = (error as { fieldErrors?: Record<string, string[]> }).fieldErrors ?? {};
      if (Object.keys(fields).length > 0) setErrors(Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, list[0] ?? ""])));
      else setFailure(failureMessage(error));
    }
    setBusy(false);
  }

  function save(event: FormEvent) {
    event.preventDefault();
    void act(() => adminApi.updateDevice(device.id, settings).then(onChanged), "Saved.");
  }

  async function remove() {
    await act(async () => {
      await adminApi.removeDevice(device.id);
      if (current) await (await thisSubscription())?.unsubscribe();
      onChanged();
    }, "Removed.");
  }

  const quiet = settings.quietFrom !== null;
  return (
    <li className="py-4">
      <p className="font-medium text-slate-900">
        {device.name}
        {current && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>}
      </p>
      <p className="text-sm text-slate-700">
        Added {dateTime(device.createdAt)} · {device.lastPushAt ? `last notified ${dateTime(device.lastPushAt)}` : "no notification yet"}
      </p>
      <form onSubmit={save} className="mt-3 grid gap-3 sm:grid-cols-2">
        <Field id={`${ids}-name`} label="Name" error={errors.name}>
          <input
            id={`${ids}-name`}
            value={settings.name}
            maxLength={60}
            onChange={(event) => setSettings({ ...settings, name: event.target.value })}
            className={fieldClass(errors.name)}
          />
        </Field>
        <Field id={`${ids}-notify`} label="Tell it of" error={errors.notify}>
          <select
            id={`${ids}-notify`}
            value={settings.notify}
            onChange={(event) => setSettings({ ...settings, notify: event.target.value as DeviceSettings["notify"] })}
            className={fieldClass(errors.notify)}
          >
            <option value="all">Every new request</option>
            <option value="urgent">Emergencies and urgent requests only</option>
          </select>
        </Field>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={settings.customerChanges}
            onChange={(event) => setSettings({ ...settings, customerChanges: event.target.checked })}
            className="h-5 w-5 accent-orange-700"
          />
          Also when a customer picks another time or cancels
        </label>
        <label className="flex min-h-11 items-center gap-3 text-sm text-slate-800 sm:col-span-2">
          <input
            type="checkbox"
            checked={quiet}
            onChange={(event) => setSettings({ ...settings, quietFrom: event.target.checked ? "22:00" : null, quietTo: event.target.checked ? "06:00" : null })}
            className="h-5 w-5 accent-orange-700"
          />
          Quiet hours (emergencies still come through)
        </label>
        {quiet && (
          <>
            <Field id={`${ids}-from`} label="Quiet from" error={errors.quietFrom}>
              <input
                id={`${ids}-from`}
                type="time"
                required
                value={settings.quietFrom ?? ""}
                onChange={(event) => setSettings({ ...settings, quietFrom: event.target.value })}
                className={fieldClass(errors.quietFrom)}
              />
            </Field>
            <Field id={`${ids}-to`} label="until" error={errors.quietTo}>
              <input
                id={`${ids}-to`}
                type="time"
                required
                value={settings.quietTo ?? ""}
                onChange={(event) => setSettings({ ...settings, quietTo: event.target.value })}
                className={fieldClass(errors.quietTo)}
              />
            </Field>
          </>
        )}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
            Save
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void act(() => adminApi.testDevice(device.id), "A test notification is on its way.")}
            className={PLAIN_BUTTON}
          >
            Send a test
          </button>
          <button type="button" disabled={busy} onClick={() => void remove()} className={PLAIN_BUTTON}>
            Remove
          </button>
        </div>
      </form>
      {failure && <ErrorNotice className="mt-3">{failure}</ErrorNotice>}
      {message && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {message}
        </p>
      )}
    </li>
  );
}

export function PushSection() {
  const client = useQueryClient();
  const query = useQuery({ queryKey: keys.pushDevices, queryFn: adminApi.pushDevices });
  /** This browser's own subscription, which the server's list is compared with. */
  const [endpoint, setEndpoint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const readEndpoint = useCallback(() => {
    thisSubscription().then(
      (subscription) => setEndpoint(subscription?.endpoint ?? null),
      () => setEndpoint(null),
    );
  }, []);
  useEffect(readEndpoint, [readEndpoint]);
  const load = () => {
    void client.invalidateQueries({ queryKey: keys.pushDevices });
    readEndpoint();
  };
  const publicKey = query.data?.publicKey ?? "";

  async function subscribe() {
    setBusy(true);
    setFailure(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        setFailure("Notifications are blocked for this site. Allow them in the browser's site settings, then try again.");
      } else {
        const registration = await navigator.serviceWorker.ready;
        const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
        await adminApi.subscribePush(subscription);
        load();
      }
    } catch (error) {
      setFailure(failureMessage(error));
    }
    setBusy(false);
  }

  const subscribed = query.data?.devices.some((device) => device.endpoint === endpoint) ?? false;
  return (
    <Section title="Notifications on your devices">
      <p className="mt-2 text-sm text-slate-700">
        A notification the moment a request arrives, with its page one tap away. It never shows the customer's name or number on the lock screen. E-mails keep
        coming either way.
      </p>
      {!canSubscribe() ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200">
          {isAppleMobile()
            ? "On an iPhone or iPad, notifications need the admin on the Home Screen: in Safari, tap Share, then 'Add to Home Screen', open the admin from there and come back to this page."
            : "This browser cannot take notifications. Open the admin in Chrome, Edge, Firefox or Safari to get them."}
        </p>
      ) : (
        !subscribed && (
          <button
            type="button"
            disabled={busy || !publicKey}
            onClick={() => void subscribe()}
            className={`mt-4 inline-flex items-center gap-2 ${PRIMARY_BUTTON}`}
          >
            <BellRing aria-hidden="true" className="h-4 w-4" />
            {busy ? "Asking..." : "Notify this device"}
          </button>
        )
      )}
      {failure && <ErrorNotice className="mt-3">{failure}</ErrorNotice>}
      <Loaded query={query} what="Your devices" loading="Loading your devices">
        {({ devices }) =>
          devices.length === 0 ? (
            <p className="mt-4 text-sm text-slate-700">No device gets notifications yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200" aria-label="Devices that get notifications">
              {devices.map((device) => (
                <DeviceRow key={device.id} device={device} current={device.endpoint === endpoint} onChanged={load} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </Section>
  );
}
