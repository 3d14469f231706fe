import { describe, expect, it } from 'vitest';
import { CATALOGUE_ROWS } from '../../../seeds/data/catalogue.ts';
import { GENUS_COMMON_NAMES, generaNamed, plantsCalled, SPECIES_COMMON_NAMES, speciesNamed } from './common-names.ts';
import { speciesEpithet } from './species-epithet.ts';

/** The curated names are data: these checks keep a hand edit from quietly breaking search. */
describe('the curated common names', () => {
  const speciesEntries = Object.entries(SPECIES_COMMON_NAMES).flatMap(([genus, species]) =>
    Object.entries(species).map(([epithet, names]) => ({ genus, epithet, names })),
  );

  it('are sentence case, trimmed and listed once per plant', () => {
    const lists = [...Object.values(GENUS_COMMON_NAMES), ...speciesEntries.map((e) => e.names)];
    for (const names of lists) {
      for (const name of names) expect(name).toMatch(/^[A-Z][^\s]*( [^\s]+)*$/);
      expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
    }
  });

  it('key species by the epithet search reads from a line', () => {
    for (const { epithet } of speciesEntries) expect(speciesEpithet(epithet)).toBe(epithet);
  });

  it("name a species only where it differs from its genus's names", () => {
    for (const { genus, names } of speciesEntries) {
      const genusNames = (GENUS_COMMON_NAMES[genus] ?? []).map((n) => n.toLowerCase());
      for (const name of names) expect(genusNames, `${genus}: ${name}`).not.toContain(name.toLowerCase());
    }
  });

  it('give the laurels to their species, not to every Prunus', () => {
    expect(generaNamed('laurel')).toEqual(['Laurus']);
    expect(speciesNamed('laurel')).toEqual(new Map([['Prunus', ['laurocerasus', 'lusitanica']]]));
    expect(speciesNamed('CHERRY LAUREL')).toEqual(new Map([['Prunus', ['laurocerasus']]]));
  });

  it('name the demo catalogue species buyers ask for by their common names', () => {
    const held = new Set(CATALOGUE_ROWS.map((r) => `${r.genus} ${speciesEpithet(r.species)}`));
    const asked = [
      'Prunus laurocerasus',
      'Prunus lusitanica',
      'Prunus avium',
      'Prunus spinosa',
      'Prunus cerasifera',
      'Fagus sylvatica',
      'Carpinus betulus',
      'Crataegus monogyna',
      'Ilex aquifolium',
      'Taxus baccata',
      'Ligustrum vulgare',
      'Viburnum opulus',
    ];
    for (const plant of asked) {
      const [genus, epithet] = plant.split(' ') as [string, string];
      expect(held, plant).toContain(plant);
      expect(SPECIES_COMMON_NAMES[genus]?.[epithet], plant).toBeDefined();
    }
  });
});

describe('plantsCalled (a whole name, as a schedule writes it)', () => {
  it('gives the species a name stands for, else the genus, any capitals', () => {
    expect(plantsCalled(' Quickthorn ')).toEqual([{ genus: 'Crataegus', epithet: 'monogyna' }]);
    expect(plantsCalled('FIELD MAPLE')).toEqual([{ genus: 'Acer', epithet: 'campestre' }]);
    expect(plantsCalled('hornbeam')).toEqual([{ genus: 'Carpinus', epithet: null }]);
    expect(plantsCalled('laurel')).toEqual([]); // only part of names: a whole name is asked for
  });
});
