import { api } from '../../lib/api/api.ts';

/** A contact message as the form sends it. */
export interface ContactMessage {
  name: string;
  telephone: string;
  email: string;
  message: string;
}

/** POST /api/contact: 201 `{message}`; 422 `{message, errors}`; 429 `{message}`. */
const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ message: string }, ContactMessage>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
