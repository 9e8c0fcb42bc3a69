import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import classes from './text-field.module.css';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  /** Shown below the field; marks it invalid. */
  error?: string;
};

type FieldProps = TextFieldProps & { section?: ReactNode };

function Field({ label, error, section, id, ...input }: FieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={classes.root}>
      <label className={classes.label} htmlFor={inputId}>
        {label}
      </label>
      <div
        className={classes.wrapper}
        data-error={error ? true : undefined}
        data-with-section={section ? true : undefined}
      >
        <input
          {...input}
          id={inputId}
          className={classes.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {section && <div className={classes.section}>{section}</div>}
      </div>
      {error && (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Mantine's TextInput look: a labelled field with its error below (see README.md). */
export function TextField(props: TextFieldProps) {
  return <Field {...props} />;
}

/**
 * Mantine's PasswordInput look: a password field with a button that shows the password. Like Mantine's,
 * the button is left out of the tab order (Tab goes from field to field), and says whether it is pressed.
 */
export function PasswordField({
  toggleLabel,
  ...props
}: Omit<TextFieldProps, 'type'> & { toggleLabel: string }) {
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className={classes.toggle}
      aria-label={toggleLabel}
      aria-pressed={visible}
      tabIndex={-1}
      onClick={() => setVisible((value) => !value)}
    >
      <VisibilityIcon visible={visible} />
    </button>
  );
  return <Field {...props} type={visible ? 'text' : 'password'} section={toggle} />;
}

/** Mantine's PasswordToggleIcon: an eye, struck through while the password is shown. */
function VisibilityIcon({ visible }: { visible: boolean }) {
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" aria-hidden="true">
      {visible ? (
        <>
          <path
            {...stroke}
            d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53"
          />
          <path
            {...stroke}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...stroke} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle {...stroke} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}
