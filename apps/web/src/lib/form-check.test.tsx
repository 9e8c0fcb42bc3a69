import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { notificationDraftSchema } from '@cockpit/contracts';
import { invalidFields, useFormCheck } from './form-check';

const schema = notificationDraftSchema;
// A notification needs its English title and text; German is optional and falls back to English.
const draft = (title: string, text: string) => ({ title: { en: title, de: '' }, text: { en: text, de: '' } });

// The management forms' one validation pattern: the contracts schema decides, errors show from the first submit on.
describe('useFormCheck', () => {
  it('names rejected fields by their dotted path', () => {
    expect([...invalidFields(schema, draft(' ', ''))]).toEqual(['title.en', 'text.en']);
    expect(invalidFields(schema, draft('Hello', 'World')).size).toBe(0);
  });

  it('marks nothing before the first submit, then every problem until it is fixed', () => {
    const { result, rerender } = renderHook(({ value }) => useFormCheck(schema, value), {
      initialProps: { value: draft('', '') },
    });
    expect(result.current.invalid.size).toBe(0);
    expect(result.current.problems.size).toBe(2);
    expect(result.current.error('title.en', 'Enter a title')).toBeUndefined();

    let valid = true;
    act(() => {
      valid = result.current.validate();
    });
    expect(valid).toBe(false);
    expect(result.current.error('title.en', 'Enter a title')).toBe('Enter a title');
    expect(result.current.error('text.en', 'Enter a text')).toBe('Enter a text');

    rerender({ value: draft('Hello', '') });
    expect(result.current.error('title.en', 'Enter a title')).toBeUndefined();
    expect([...result.current.invalid]).toEqual(['text.en']);

    rerender({ value: draft('Hello', 'World') });
    act(() => {
      valid = result.current.validate();
    });
    expect(valid).toBe(true);

    act(() => result.current.reset());
    rerender({ value: draft('', '') });
    expect(result.current.invalid.size).toBe(0);
  });
});
