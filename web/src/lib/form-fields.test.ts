import { describe, expect, it } from 'vitest';
import { fieldTexts } from './form-fields.ts';

describe('fieldTexts', () => {
  it('reads what each named field shows, and an empty text for a field the form lacks', () => {
    const form = document.createElement('form');
    form.innerHTML = '<input name="email" value="pat@example.com"><textarea name="message">By Friday</textarea>';
    form.querySelector('textarea')!.value = 'By Friday, please';
    expect(fieldTexts(form, ['email', 'message', 'telephone'])).toEqual({
      email: 'pat@example.com',
      message: 'By Friday, please',
      telephone: '',
    });
  });
});
