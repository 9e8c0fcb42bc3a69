import { useState } from 'react';
import { useFormCheck, type FormCheck, type IssueSource } from '../../../lib/form-check';
import { proposeName, type LocalisedValues } from './catalogue-form';

/** The values every catalogue object's form has, or may have. */
type CommonValues = {
  title: LocalisedValues;
  /** Items and dashboards. */
  subTitle?: LocalisedValues;
  /** Groups and items; a dashboard has a layout id instead. */
  name?: string;
  layoutId?: string;
  /** Items and dashboards: the group they belong to. */
  group?: string;
};

/** The save call of a catalogue dialog, as TanStack Query's mutation result has it. */
type SaveCall = { isError: boolean; isPending: boolean; error: unknown };

/** What the shared parts of a catalogue dialog (titles, placement, the foot) need of its form. */
export type CatalogueForm = {
  creating: boolean;
  values: CommonValues;
  check: FormCheck;
  save: SaveCall;
  /** Sends the input (after the check passed). */
  submit: () => void;
  setTitle: (title: LocalisedValues) => void;
  setSubTitle: (subTitle: LocalisedValues) => void;
  setPlacement: (key: 'name' | 'layoutId' | 'group', value: string) => void;
};

/**
 * The form of a catalogue dialog (decision 015): its values, the input they make, the contracts schema's
 * check of it and the save. Where the object has a name (groups, items), a new one's name follows its
 * English title until the name is typed.
 */
export function useCatalogueForm<V extends CommonValues, I>(options: {
  initial: () => V;
  creating: boolean;
  toInput: (values: V) => I;
  schema: IssueSource;
  save: SaveCall;
  send: (input: I) => void;
}) {
  const [values, setValues] = useState<V>(options.initial);
  const [nameTouched, setNameTouched] = useState(!options.creating);
  const input = options.toInput(values);
  const check = useFormCheck(options.schema, input);

  const set = <K extends keyof V>(key: K, value: V[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  return {
    creating: options.creating,
    values,
    input,
    check,
    save: options.save,
    submit: () => options.send(input),
    set,
    setValues,
    setTitle: (title: LocalisedValues) =>
      setValues((current) =>
        current.name !== undefined && !nameTouched
          ? { ...current, title, name: proposeName(title.en) }
          : { ...current, title },
      ),
    setSubTitle: (subTitle: LocalisedValues) => setValues((current) => ({ ...current, subTitle })),
    setPlacement: (key: 'name' | 'layoutId' | 'group', value: string) => {
      if (key === 'name') setNameTouched(true);
      setValues((current) => ({ ...current, [key]: value }));
    },
  } satisfies CatalogueForm & Record<string, unknown>;
}
