import { describe, expect, it } from 'vitest';
import { formDistance, nearestBand, readNotation } from './notation.ts';

describe('readNotation', () => {
  it.each([
    ['Acer campestre 60-90 BR', { name: 'Acer campestre', form: 'Bare root', height: '60-90', quantity: null }],
    ['Carpinus betulus 1L 40/60', { name: 'Carpinus betulus', form: '1L', height: '40-60', quantity: null }],
    ['Taxus baccata 125-150cm RB', { name: 'Taxus baccata', form: 'Rootball', height: '120-150', askedHeight: '125-150' }],
    ["Prunus laurocerasus 'Rotundifolia' 3L", { name: "Prunus laurocerasus 'Rotundifolia'", form: '3L', height: null }],
    ['Crataegus monogyna 0.6-0.9m bare root', { name: 'Crataegus monogyna', form: 'Bare root', height: '60-90' }],
    ['Cupressocyparis × leylandii C2 60-90 50 no.', { name: 'Cupressocyparis x leylandii', form: '2L', height: '60-90', quantity: 50 }],
    ['250 Fagus sylvatica 40-60cm B.R.', { name: 'Fagus sylvatica', form: 'Bare root', height: '40-60', quantity: 250 }],
    ['Buxus sempervirens P9 x 500', { name: 'Buxus sempervirens', form: '9cm', quantity: 500 }],
    ['Ilex aquifolium 9cm pot x 1,000', { name: 'Ilex aquifolium', form: '9cm', quantity: 1000 }],
    ['Lonicera nitida 2 litre 20-40 x 30', { name: 'Lonicera nitida', form: '2L', height: '20-40', quantity: 30 }],
    ['Quercus robur 12-14cm girth RB 8', { name: 'Quercus robur', form: 'Rootball', height: null, quantity: 8 }],
    ['Malus M26 rootstock x 50', { name: 'Malus M26', height: 'Rootstock', quantity: 50 }],
    ['Betula pendula 1.2-1.5 feathered BR 25', { name: 'Betula pendula', form: 'Bare root', height: '120-150', quantity: 25 }],
    ['Acer campestre 60-90 BR 250', { quantity: 250 }],
    ['Viburnum tinus container grown 40-60', { name: 'Viburnum tinus', form: 'Pot', height: '40-60' }],
    ['Prunus Gisela 5 rootstock x 50', { name: 'Prunus Gisela 5', quantity: 50 }],
    ['2L Lonicera nitida 20-40', { name: 'Lonicera nitida', form: '2L', quantity: null }],
    ['hornbeam', { name: 'hornbeam', form: null, height: null, quantity: null }],
    ['Acer campestre (Field Maple), 60-90cm, BR, 250', { name: 'Acer campestre', form: 'Bare root', height: '60-90', quantity: 250 }],
    ['Hornbeam (Carpinus betulus) 40-60 BR x 100', { name: 'Carpinus betulus', height: '40-60', quantity: 100 }],
    ["Prunus 'Kanzan' (Japanese cherry) 10L", { name: "Prunus 'Kanzan'", form: '10L' }],
    ['Quercus robur 12-14 RB 5', { name: 'Quercus robur', form: 'Rootball', height: null, quantity: 5 }],
    ['Quercus robur 175-200 RB 5', { height: '175-200', quantity: 5 }],
    ['Fagus sylvatica 10-20 BR', { height: '10-20' }],
    ['ACER CAMPESTRE 60-90 BR 250', { name: 'ACER CAMPESTRE', height: '60-90', quantity: 250 }],
  ])('%s', (text, expected) => {
    expect(readNotation(text)).toMatchObject(expected);
  });

  it('takes the quantity column over a number in the text', () => {
    expect(readNotation('Acer campestre 60-90 BR x 250', '40').quantity).toBe(40);
    expect(readNotation('Acer campestre 60-90 BR', '1,200 no.').quantity).toBe(1200);
    expect(readNotation('Acer campestre 60-90 BR', 'some').quantity).toBeNull();
    expect(readNotation('Acer campestre 60-90 BR x 99999999999').quantity).toBeNull();
  });

  it('reads curly quotes, the multiplication sign and long dashes as plain marks', () => {
    expect(readNotation('Photinia × fraseri \u2018Red Robin\u2019 3L 40\u201360')).toMatchObject({
      name: "Photinia x fraseri 'Red Robin'",
      form: '3L',
      height: '40-60',
    });
  });
});

describe('nearestBand', () => {
  it.each([
    [[125, 150], '120-150'],
    [[60, 90], '60-90'],
    [[200, 250], '175-200'],
    [[45, 60], '40-60'],
    [[100, 100], '90-120'],
  ] as [[number, number], string][])('%j → %s', (cm, band) => {
    expect(nearestBand(cm)).toBe(band);
  });
});

describe('formDistance', () => {
  it('keeps field-grown forms together and pots by volume', () => {
    expect(formDistance('Rootball', 'Bare root')).toBeLessThan(formDistance('Rootball', '10L'));
    expect(formDistance('5L', '3L')).toBeLessThan(formDistance('5L', '10L') + 0.5);
    expect(formDistance('5L', '7L')).toBeLessThan(formDistance('5L', '1L'));
    expect(formDistance('Pot', 'Bare root')).toBeGreaterThan(formDistance('Pot', '10L'));
  });
});
