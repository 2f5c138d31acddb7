import { Link } from 'react-router';
import type { ReactNode } from 'react';
import { labelClass, secondaryButtonClass } from '~/components/ui/form-styles';

/** A label over its control (and whatever follows it, such as an error), the layout of every admin form field. */
export function LabeledField({ id, label, children }: { id: string; label: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** The options of a select, one a value, shown by `label` (the value itself by default). */
export function SelectOptions<Value extends string>({
  values,
  label = (value) => value,
}: {
  values: readonly Value[];
  label?: (value: Value) => ReactNode;
}) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}

/** The end of a GET filter form: apply, or clear every filter by going to `clearTo`. */
export function FilterActions({ clearTo }: { clearTo: string }) {
  return (
    <div className="flex items-end gap-2">
      <button type="submit" className={secondaryButtonClass}>
        Apply Filters
      </button>
      <Link to={clearTo} className="px-2 py-2 text-sm text-teal-700 underline">
        Clear
      </Link>
    </div>
  );
}
