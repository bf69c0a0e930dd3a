export interface SelectOption {
  value: string;
  label: string;
}

/** Options under a heading of their own (<optgroup>): the roles of one stream. */
export interface SelectGroup {
  label: string;
  options: SelectOption[];
}

interface Props {
  /** The select's id; its label points at it. */
  id: string;
  /** The form field's name, which is also its key in the address (?year=2). */
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first choice, worth "" (no filter): "Any", "All categories". */
  any: string;
  options?: readonly SelectOption[];
  groups?: readonly SelectGroup[];
}

/**
 * One labelled choice of a filter bar (the internship finder, the course
 * catalogue, the comparison): a native <select>, so it works on every phone
 * and before any script, whose first option means "no filter".
 */
export function FilterSelect({ id, name, label, value, onChange, any, options = [], groups = [] }: Props) {
  const option = (o: SelectOption) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {options.map(option)}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map(option)}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
