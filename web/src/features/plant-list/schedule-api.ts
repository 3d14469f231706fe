import { api } from '../../lib/api/api.ts';
import type { ScheduleResult } from '../../../../shared/api/schedules.ts';

/** What the buyer sends: a file (XLSX or CSV) or pasted text, and the schedule's name if they gave one. */
type ScheduleUpload = { file: File; name?: string } | { text: string; name?: string };

/**
 * Planting schedules (shared/api/schedules.ts): POST /api/schedules answers 201 with the matched
 * lines, or 202 `matching` for a large one that a worker matches (then GET /api/schedules/{id}
 * until it is done). Guests and signed-in buyers alike; the schedule is the sender's only.
 */
const scheduleApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadSchedule: build.mutation<ScheduleResult, ScheduleUpload>({
      query: (upload) => {
        if ('file' in upload) {
          const body = new FormData();
          body.append('file', upload.file, upload.file.name);
          if (upload.name) body.append('name', upload.name);
          return { url: '/api/schedules', method: 'POST', body };
        }
        return {
          url: '/api/schedules',
          method: 'POST',
          body: upload.name ? { name: upload.name, text: upload.text } : { text: upload.text },
        };
      },
      // The answer is the schedule as GET would give it: the review (or its progress) needs no second request.
      async onQueryStarted(_upload, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          await dispatch(scheduleApi.util.upsertQueryData('getSchedule', data.id, data));
        } catch {
          /* a refusal is shown by the form */
        }
      },
    }),
    getSchedule: build.query<ScheduleResult, string>({
      query: (id) => `/api/schedules/${encodeURIComponent(id)}`,
    }),
  }),
});

export const { useUploadScheduleMutation, useGetScheduleQuery } = scheduleApi;
