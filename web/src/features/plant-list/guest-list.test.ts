import { afterEach, describe, expect, it } from 'vitest';
import { GUEST_LIST_COOKIE } from '../../../../shared/guest-plant-list.ts';
import { GUEST_LIST_KEY, readGuestList, writeGuestList } from './guest-list.ts';
import type { GuestLine } from './guest-list.ts';

const snapshot = { code: 'ACECAM-9CM-2040', genus: 'Acer', species: 'campestre', common_name: 'Field maple', form: '9cm', height: '20-40' };
const line = (id: number, quantity = 5): GuestLine => ({ catalogue_item_id: id, quantity, snapshot });

afterEach(() => localStorage.clear());

describe('the guest list in localStorage', () => {
  it('reads back what it wrote, and an empty list removes the key', () => {
    writeGuestList([line(1), line(2, 40)]);
    expect(readGuestList()).toEqual([line(1), line(2, 40)]);
    writeGuestList([]);
    expect(localStorage.getItem(GUEST_LIST_KEY)).toBeNull();
    expect(readGuestList()).toEqual([]);
  });

  it.each([['not json{'], ['{"lines":[]}'], ['null'], ['42']])('reads junk %s as an empty list', (junk) => {
    localStorage.setItem(GUEST_LIST_KEY, junk);
    expect(readGuestList()).toEqual([]);
  });

  it('skips bad lines and repeated ids, keeping the good ones', () => {
    const bad = [
      { catalogue_item_id: 'x', quantity: 1, snapshot },
      { catalogue_item_id: 3, quantity: 0, snapshot },
      { catalogue_item_id: 4, quantity: 1.5, snapshot },
      { catalogue_item_id: 5, quantity: 100_001, snapshot },
      { catalogue_item_id: 6, quantity: 1, snapshot: { ...snapshot, form: 7 } },
      { catalogue_item_id: 7, quantity: 1 },
      null,
    ];
    localStorage.setItem(GUEST_LIST_KEY, JSON.stringify([line(1), ...bad, { ...line(1, 9) }, { ...line(2), extra: 'dropped' }]));
    expect(readGuestList()).toEqual([line(1), line(2)]);
  });

  it('mirrors each write into the cookie /plant-list is rendered from, and drops it with the last line', () => {
    const mirror = () => document.cookie.split('; ').find((cookie) => cookie.startsWith(`${GUEST_LIST_COOKIE}=`));
    writeGuestList([line(12, 40), line(3)]);
    // Sent to /plant-list only: not even visible to the page it was written from.
    expect(mirror()).toBeUndefined();
    const from = window.location.pathname;
    window.history.replaceState(null, '', '/plant-list');
    try {
      expect(mirror()).toBe(`${GUEST_LIST_COOKIE}=12-40_3-5`);
      writeGuestList([]);
      expect(mirror()).toBeUndefined();
    } finally {
      window.history.replaceState(null, '', from);
    }
  });

  it('never reads more than 1000 lines', () => {
    localStorage.setItem(GUEST_LIST_KEY, JSON.stringify(Array.from({ length: 1050 }, (_, i) => line(i + 1))));
    expect(readGuestList()).toHaveLength(1000);
  });
});
