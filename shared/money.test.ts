import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPence,
  MAX_PRICE_PENCE,
  NEGATIVE_PRICE,
  NOT_A_PRICE,
  poundsInput,
  poundsNumber,
  PRICE_TOO_HIGH,
  readPrice,
  THOUSANDS_NEED_PENCE,
  TOO_MANY_DECIMALS,
  USE_FULL_STOP,
} from './money.ts';

describe('readPrice: a price as staff type it', () => {
  it.each([
    ['2.50', 250],
    ['2.5', 250],
    ['£2.50', 250],
    [' 2.50 ', 250],
    ['£ 2.50', 250],
    ['2', 200],
    ['2.', 200],
    ['.5', 50],
    ['0', 0],
    ['0.01', 1],
    ['02.50', 250],
    ['2.51', 251],
    ['19.99', 1999],
    ['£1,250.00', 125_000],
    ['1,250.5', 125_050],
    ['100000', MAX_PRICE_PENCE],
    ['£100,000.00', MAX_PRICE_PENCE],
  ])('reads %j', (text, pence) => {
    expect(readPrice(text)).toEqual({ pence });
  });

  it.each(['', '   ', null, undefined])('reads %j as no price', (text) => {
    expect(readPrice(text)).toEqual({ pence: null });
  });

  it.each([
    ['2,50', USE_FULL_STOP],
    ['£2,50', USE_FULL_STOP],
    ['2,5', USE_FULL_STOP],
    [' 2,50 ', USE_FULL_STOP],
    ['1.250,00', USE_FULL_STOP],
    ['12,5000', USE_FULL_STOP],
    ['1,250', THOUSANDS_NEED_PENCE],
    ['£1,250', THOUSANDS_NEED_PENCE],
    ['2.505', TOO_MANY_DECIMALS],
    ['2.500', TOO_MANY_DECIMALS],
    ['1,250.001', TOO_MANY_DECIMALS],
    ['-2.50', NEGATIVE_PRICE],
    ['£-2.50', NEGATIVE_PRICE],
    ['-£2.50', NEGATIVE_PRICE],
    ['\u22122.50', NEGATIVE_PRICE],
    ['cheap', NOT_A_PRICE],
    ['2.50p', NOT_A_PRICE],
    ['£', NOT_A_PRICE],
    ['.', NOT_A_PRICE],
    ['2 50', NOT_A_PRICE],
    ['1e3', NOT_A_PRICE],
    ['$2.50', NOT_A_PRICE],
    ['100000.01', PRICE_TOO_HIGH],
    ['1,000,000.00', PRICE_TOO_HIGH],
    ['99999999999999999999', PRICE_TOO_HIGH],
  ])('refuses %j: %s', (text, error) => {
    expect(readPrice(text)).toEqual({ error });
  });
});

describe('readPrice: a spreadsheet cell holding a number of pounds', () => {
  it.each([
    [2.75, 275],
    [2.7499999999999996, 275],
    [2.7499999, 275],
    [0.1 + 0.2, 30],
    [2.5 * 1.1, 275],
    [12, 1200],
    [0, 0],
    [100_000, MAX_PRICE_PENCE],
  ])('reads %d as %d pence', (pounds, pence) => {
    expect(readPrice(pounds)).toEqual({ pence });
  });

  it.each([
    [2.755, TOO_MANY_DECIMALS],
    [2.7501, TOO_MANY_DECIMALS],
    [-1, NEGATIVE_PRICE],
    [Number.NaN, NOT_A_PRICE],
    [Number.POSITIVE_INFINITY, NOT_A_PRICE],
    [100_000.01, PRICE_TOO_HIGH],
  ])('refuses %d: %s', (pounds, error) => {
    expect(readPrice(pounds)).toEqual({ error });
  });
});

describe('formatPence', () => {
  it.each([
    [0, '£0.00'],
    [1, '£0.01'],
    [250, '£2.50'],
    [1999, '£19.99'],
    [100_000, '£1,000.00'],
    [125_000, '£1,250.00'],
    [MAX_PRICE_PENCE, '£100,000.00'],
  ])('%d → %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });
});

describe('round trips', () => {
  const pence = fc.integer({ min: 0, max: MAX_PRICE_PENCE });

  it('reads back every formatted price as the same pence', () => {
    fc.assert(
      fc.property(pence, (p) => {
        expect(readPrice(formatPence(p))).toEqual({ pence: p });
      }),
    );
  });

  it('reads back every form input and every spreadsheet number as the same pence', () => {
    fc.assert(
      fc.property(pence, (p) => {
        expect(readPrice(poundsInput(p))).toEqual({ pence: p });
        expect(readPrice(poundsNumber(p))).toEqual({ pence: p });
        expect(readPrice(String(poundsNumber(p)))).toEqual({ pence: p });
      }),
    );
  });

  it('never reads a decimal comma as a number: nothing multiplies a price by 100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }), (pounds, pp) => {
        const comma = `${pounds},${String(pp).padStart(2, '0')}`;
        expect(readPrice(comma)).toEqual({ error: USE_FULL_STOP });
        expect(readPrice(`£${comma}`)).toEqual({ error: USE_FULL_STOP });
      }),
    );
  });
});
