import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import type { CatalogueLine } from '../../../../../shared/api/catalogue.ts';
import { fakeServer, reply, requestsTo } from '../test/fake-server.ts';
import { LineModal } from './line-modal.tsx';
import { TOO_MANY_DECIMALS, USE_FULL_STOP } from '../../../../../shared/money.ts';

const priced: CatalogueLine = {
  id: 7,
  code: 'FAGSYL-BR-6090',
  genus: 'Fagus',
  species: 'sylvatica',
  common_name: 'Beech',
  form: 'Bare root',
  height: '60-90',
  trade: {
    price_pence: 1250,
    price_breaks: [
      { min_quantity: 10, price_pence: 1101 },
      { min_quantity: 50, price_pence: 990 },
    ],
    stock_status: 'in_stock',
    stock_quantity: 0,
    ready_from: null,
  },
};

const dialog = () => screen.getByRole('dialog');
const field = (name: RegExp | string, within_: HTMLElement = dialog()) => within(within_).getByLabelText(name);

describe('LineModal trade fields', () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends an untouched row back exactly as it came, prices in pence', async () => {
    const onSaved = vi.fn();
    const seen = fakeServer({ 'PATCH /api/catalogue/7': (request) => reply({ ...priced, ...(request.body as object) }) });
    const user = userEvent.setup();
    renderWithApp(<LineModal line={priced} onClose={() => {}} onSaved={onSaved} />);

    expect(field(/^Trade price/)).toHaveValue('12.50');
    expect(field('From quantity', screen.getByRole('group', { name: 'Break 1' }))).toHaveValue('10');
    expect(field(/^Price \(£\)/, screen.getByRole('group', { name: 'Break 1' }))).toHaveValue('11.01');
    expect(screen.queryByLabelText(/^Ready from/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Row' }));

    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requestsTo(seen, 'PATCH /api/catalogue/7')[0]!.body).toEqual({
      code: 'FAGSYL-BR-6090',
      genus: 'Fagus',
      species: 'sylvatica',
      common_name: 'Beech',
      form: 'Bare root',
      height: '60-90',
      ...priced.trade,
    });
  });

  it('adds a row with a price, a break and a ready-from date, in pence, and shows the 422 under the fields', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer = () =>
      reply(
        {
          message: 'The ready from date is required when the stock status is ready_from. (and 1 more error)',
          errors: {
            ready_from: ['The ready from date is required when the stock status is ready_from.'],
            'price_breaks.0.min_quantity': ['The break quantity must be at least 2.'],
            price_breaks: ['There may be at most 10 price breaks.'],
          },
        },
        422,
      );
    const seen = fakeServer({ 'POST /api/catalogue': () => answer() });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<LineModal onClose={() => {}} onSaved={onSaved} />);

    await user.type(field(/^Genus/), 'Carpinus');
    await user.type(field(/^Species/), 'betulus');
    await user.type(field(/^Trade price/), '2.5');
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    await user.click(screen.getByRole('button', { name: 'Add break' }));
    // The first row stays empty (not sent), so the server's index 0 is the second row on screen.
    const second = screen.getByRole('group', { name: 'Break 2' });
    await user.type(field('From quantity', second), '1');
    await user.type(field(/^Price \(£\)/, second), '£2.30');
    await user.type(field(/^Stock quantity/), '1200');
    await user.selectOptions(field(/^Stock status/), 'ready_from');
    expect(field(/^Ready from/)).toHaveAttribute('type', 'date');
    await user.click(screen.getByRole('button', { name: 'Add Row' }));

    expect(await within(dialog()).findByText('The ready from date is required when the stock status is ready_from.')).toBeVisible();
    expect(field(/^Ready from/)).toHaveAccessibleDescription('The ready from date is required when the stock status is ready_from.');
    expect(field('From quantity', second)).toHaveAccessibleDescription('The break quantity must be at least 2.');
    expect(field('From quantity', screen.getByRole('group', { name: 'Break 1' }))).not.toHaveAccessibleDescription();
    expect(within(dialog()).getByText('There may be at most 10 price breaks.')).toBeVisible();
    expect(requestsTo(seen, 'POST /api/catalogue')[0]!.body).toEqual({
      // Blank: the server gives the line its plant's next free code.
      code: '',
      genus: 'Carpinus',
      species: 'betulus',
      common_name: '',
      form: 'Bare root',
      height: '10-20',
      price_pence: 250,
      price_breaks: [{ min_quantity: 1, price_pence: 230 }],
      stock_status: 'ready_from',
      stock_quantity: 1200,
      ready_from: null,
    });
    expect(onSaved).not.toHaveBeenCalled();

    // Fixed: the date goes with the status; a removed break is not sent.
    answer = () => reply({ id: 9 }, 201);
    await user.type(field(/^Ready from/), '2027-03-01');
    await user.click(within(second).getByRole('button', { name: /^Remove/ }));
    await user.click(screen.getByRole('button', { name: 'Add Row' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requestsTo(seen, 'POST /api/catalogue')[1]!.body).toMatchObject({
      price_breaks: [],
      stock_status: 'ready_from',
      ready_from: '2027-03-01',
    });
  }, 20_000);

  it('refuses a price that is not pounds and pence before sending anything', async () => {
    const seen = fakeServer({});
    const user = userEvent.setup();
    renderWithApp(<LineModal line={priced} onClose={() => {}} onSaved={() => {}} />);
    await user.clear(field(/^Trade price/));
    await user.type(field(/^Trade price/), '12.505');
    await user.click(screen.getByRole('button', { name: 'Save Row' }));
    expect(await within(dialog()).findByText(TOO_MANY_DECIMALS)).toBeVisible();
    expect(requestsTo(seen, 'PATCH /api/catalogue/7')).toEqual([]);
  });

  it.each(['2,50', '£2,50'])(
    'refuses a decimal comma, %j, under the price and under a break price, never sending £250.00',
    async (typed) => {
      const seen = fakeServer({ 'PATCH /api/catalogue/7': () => reply(priced) });
      const user = userEvent.setup();
      renderWithApp(<LineModal line={priced} onClose={() => {}} onSaved={() => {}} />);
      const breakPrice = field(/^Price \(£\)/, screen.getByRole('group', { name: 'Break 2' }));
      await user.clear(field(/^Trade price/));
      await user.type(field(/^Trade price/), typed);
      await user.clear(breakPrice);
      await user.type(breakPrice, typed);
      await user.click(screen.getByRole('button', { name: 'Save Row' }));
      await vi.waitFor(() => expect(field(/^Trade price/)).toHaveAccessibleDescription(USE_FULL_STOP));
      expect(breakPrice).toHaveAccessibleDescription(USE_FULL_STOP);
      expect(field(/^Price \(£\)/, screen.getByRole('group', { name: 'Break 1' }))).not.toHaveAccessibleDescription();
      expect(requestsTo(seen, 'PATCH /api/catalogue/7')).toEqual([]);

      // Fixed with a full stop, the same typing saves £2.50: 250 pence.
      await user.clear(field(/^Trade price/));
      await user.type(field(/^Trade price/), typed.replace(',', '.'));
      await user.clear(breakPrice);
      await user.type(breakPrice, '2.40');
      await user.click(screen.getByRole('button', { name: 'Save Row' }));
      await vi.waitFor(() => expect(requestsTo(seen, 'PATCH /api/catalogue/7')).toHaveLength(1));
      expect(requestsTo(seen, 'PATCH /api/catalogue/7')[0]!.body).toMatchObject({
        price_pence: 250,
        price_breaks: [
          { min_quantity: 10, price_pence: 1101 },
          { min_quantity: 50, price_pence: 240 },
        ],
      });
    },
  );

  it('drops the date when the status is no longer "ready from", and an emptied price is null', async () => {
    const seen = fakeServer({ 'PATCH /api/catalogue/7': () => reply(priced) });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    const coming = { ...priced, trade: { ...priced.trade!, stock_status: 'ready_from' as const, ready_from: '2027-03-01' } };
    renderWithApp(<LineModal line={coming} onClose={() => {}} onSaved={onSaved} />);
    expect(field(/^Ready from/)).toHaveValue('2027-03-01');
    await user.selectOptions(field(/^Stock status/), '');
    await user.clear(field(/^Trade price/));
    await user.click(screen.getByRole('button', { name: 'Save Row' }));
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(requestsTo(seen, 'PATCH /api/catalogue/7')[0]!.body).toMatchObject({ price_pence: null, stock_status: null, ready_from: null });
  });
});
