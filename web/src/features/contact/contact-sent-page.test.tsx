import { screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../lib/store.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ContactSentPage, handle } from './contact-sent-page.tsx';

describe('ContactSentPage', () => {
  it('thanks the visitor and links back to Home and the Catalogue', () => {
    renderWithApp(<ContactSentPage />, { url: '/contact/sent' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thank you – your message was sent');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Catalogue' })).toHaveAttribute('href', '/catalogue');
  });

  it('renders on the server, and its meta needs no data', () => {
    const router = createMemoryRouter([{ path: '*', element: <ContactSentPage /> }], { initialEntries: ['/contact/sent'] });
    const html = renderToString(
      <Provider store={makeStore()}>
        <RouterProvider router={router} />
      </Provider>,
    );
    expect(html).toContain('your message was sent');
    const store = makeStore();
    const meta = handle.meta({ params: {}, url: new URL('http://localhost/contact/sent') }, store.getState());
    expect(meta.title).toBe('Message sent');
    expect(meta.notFound).toBeUndefined();
  });
});
