import { useId } from 'react';
import styles from './RoleChooser.module.css';

interface Props {
  label: string;
  help: string;
  options: { id: string; title: string }[];
  selected: string;
  onChoose: (id: string) => void;
}

/**
 * The Select Role list as native radio buttons drawn as pills: arrow keys move
 * between roles and each choice shows at once, with no extra script for keyboards.
 */
export function RoleChooser({ label, help, options, selected, onChoose }: Props) {
  const name = useId();
  const helpId = useId();
  return (
    <fieldset className={styles.chooser} aria-describedby={helpId}>
      <legend className={styles.legend}>{label}</legend>
      <span id={helpId} className="sr-only">
        {help}
      </span>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option.id} className={styles.option} data-checked={option.id === selected}>
            <input type="radio" name={name} value={option.id} checked={option.id === selected} onChange={() => onChoose(option.id)} className={styles.input} />
            <span>{option.title}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
