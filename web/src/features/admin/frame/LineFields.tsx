// A priced line's four fields, as a common job and a quote both write them: its kind, what it is
// for, its quantity (hours for labour) and its price each (blank on labour for the hourly rate).
// The price takes the full keyboard: a phone's decimal pad has no minus for a discount.
import { useId } from "react";
import type { LineKind } from "./api";
import { KIND_LINE, TYPED_KINDS } from "./billingWords";
import { describedBy, Field, fieldClass, Input } from "./form";
import type { TypedLine } from "./typedLine";

export function LineFields({
  line,
  error,
  onChange,
}: {
  line: TypedLine;
  error: (field: string) => string | undefined;
  onChange: (change: Partial<TypedLine>) => void;
}) {
  const ids = useId();
  return (
    <div className="mt-1 grid gap-3 sm:grid-cols-[9rem_1fr_6rem_8rem]">
      <Field id={`${ids}-kind`} label="Kind" error={error("kind")}>
        <select
          id={`${ids}-kind`}
          value={line.kind}
          onChange={(event) => onChange({ kind: event.target.value as LineKind })}
          aria-describedby={describedBy(`${ids}-kind`, false, error("kind"))}
          className={`${fieldClass(error("kind"))} min-h-11 bg-white`}
        >
          {TYPED_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LINE[kind]}
            </option>
          ))}
        </select>
      </Field>
      <Input
        id={`${ids}-what`}
        label="What for"
        value={line.description}
        onChange={(event) => onChange({ description: event.target.value })}
        error={error("description")}
      />
      <Input
        id={`${ids}-quantity`}
        label={line.kind === "labour" ? "Hours" : "Quantity"}
        inputMode="decimal"
        value={line.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
        error={error("quantity")}
      />
      <Input
        id={`${ids}-price`}
        label="Price each ($)"
        hint={line.kind === "labour" && line.price.trim() === "" ? "Blank: the hourly rate." : undefined}

        value={line.price}
        onChange={(event) => onChange({ price: event.target.value })}
        error={error("price")}
      />
    </div>
  );
}
