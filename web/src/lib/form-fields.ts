/**
 * The text of a form's named fields as the form shows them, read when it is sent. A server-rendered
 * form can be filled in before the app has hydrated, and what was typed reaches the components'
 * state only once it has (lib/typed-before-start.ts): a form sent in between, from its state,
 * would send what the server rendered. Read from the fields, it always sends what the visitor sees.
 */
export function fieldTexts<Name extends string>(form: HTMLFormElement, names: readonly Name[]): Record<Name, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((name) => [name, textOf(data.get(name))])) as Record<Name, string>;
}

const textOf = (value: FormDataEntryValue | null): string => (typeof value === 'string' ? value : '');
