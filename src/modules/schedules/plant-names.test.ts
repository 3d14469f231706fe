import { describe, expect, it } from 'vitest';
import { scoreName, wordSimilarity } from './plant-names.ts';

describe('scoreName', () => {
  it('is the same plant despite a slip in the genus or the epithet', () => {
    expect(scoreName('Acer campestre', 'Acer', 'campestre')).toEqual({ relation: 'same', score: 1 });
    expect(scoreName('Acer campestris', 'Acer', 'campestre').relation).toBe('same');
    expect(scoreName('Crategus monogyna', 'Crataegus', 'monogyna').relation).toBe('same');
    expect(scoreName('Elaeagnus x ebbingei', 'Elaeagnus', '× ebbingei').relation).toBe('same');
  });

  it('tells a cultivar from its species, with quotes straight, curly or none', () => {
    expect(scoreName('Acer campestre', 'Acer', "campestre 'Elsrijk'").relation).toBe('cultivar');
    expect(scoreName("Acer campestre 'Elsrijk'", 'Acer', 'campestre').relation).toBe('species');
    expect(scoreName('Acer campestre Elsrijk', 'Acer', "campestre 'Elsrijk'").relation).toBe('same');
    expect(scoreName("Acer campestre 'Elsrijk'", 'Acer', "campestre 'Elsrijk'").relation).toBe('same');
    expect(scoreName("Fagus sylvatica 'Dawyck Gold'", 'Fagus', "sylvatica 'Dawyck Purple'").relation).toBe('different');
  });

  it('knows a cultivar written without its species, and a possessive inside one', () => {
    expect(scoreName("Photinia 'Red Robin'", 'Photinia', "× fraseri 'Red Robin'").relation).toBe('same');
    expect(scoreName("Photinia 'Red Robin'", 'Photinia', "× fraseri 'Little Red Robin'").relation).not.toBe('same');
    expect(scoreName("Photinia x fraseri 'Little Red Robin'", 'Photinia', "× fraseri 'Red Robin'").relation).toBe('different');
    expect(scoreName("Photinia 'Little Red Robin'", 'Photinia', "× fraseri 'Red Robin'").relation).toBe('different');
    expect(scoreName("Crataegus laevigata 'Paul's Scarlet'", 'Crataegus', "laevigata 'Paul's Scarlet'").relation).toBe('same');
    expect(scoreName("Prunus serrulata 'Kanzan'", 'Prunus', "'Kanzan'").relation).toBe('same');
  });

  it('never takes another species or genus for the plant', () => {
    expect(scoreName('Buxus microphylla', 'Buxus', 'sempervirens').relation).toBe('different');
    expect(scoreName('Pyrus communis', 'Prunus', 'cerasifera').relation).toBe('different');
    expect(scoreName('Ulex europaeus', 'Euonymus', 'europaeus').score).toBe(0);
    expect(scoreName('Prunus cerasus', 'Prunus', 'cerasifera').relation).toBe('different');
  });

  it('takes lower-case words left over as noise, capitalised ones as a cultivar', () => {
    expect(scoreName('Carpinus betulus native', 'Carpinus', 'betulus').relation).toBe('same');
    expect(scoreName('Carpinus betulus Lucas', 'Carpinus', 'betulus').relation).toBe('species');
  });
});

describe('wordSimilarity', () => {
  it('is one minus the edit distance over the longer word', () => {
    expect(wordSimilarity('acer', 'acer')).toBe(1);
    expect(wordSimilarity('campestris', 'campestre')).toBeCloseTo(0.8);
    expect(wordSimilarity('abc', 'xyz')).toBe(0);
  });
});
