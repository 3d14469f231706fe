import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { breadcrumbJsonLd, businessJsonLd, jsonForScript, postalAddress } from './structured-data.ts';

const config = (env: Record<string, string> = {}) =>
  loadConfig({ VAR_DIR: mkdtempSync(path.join(tmpdir(), 'nursery-ld-')), APP_URL: 'https://www.hothfieldnurseries.co.uk', ...env });

describe('businessJsonLd', () => {
  it('describes the nursery as a GardenStore with absolute URLs, address, position, hours and identifiers', () => {
    const ld = businessJsonLd(config().business);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'GardenStore',
      '@id': 'https://www.hothfieldnurseries.co.uk/#business',
      name: 'Hothfield Nurseries',
      legalName: 'Hothfield Nurseries Limited',
      url: 'https://www.hothfieldnurseries.co.uk/',
      telephone: '+44 1233 712 400',
      email: 'sales@hothfieldnurseries.co.uk',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Station Road, Hothfield',
        addressLocality: 'Ashford',
        addressRegion: 'Kent',
        postalCode: 'TN26 1AR',
        addressCountry: 'GB',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 51.16, longitude: 0.8 },
      openingHoursSpecification: [
        {
          '@type': 'OpeningHoursSpecification',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map((d) => `https://schema.org/${d}`),
          opens: '07:30',
          closes: '16:30',
        },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['https://schema.org/Saturday'], opens: '08:00', closes: '12:00' },
      ],
      vatID: 'GB812456721',
      identifier: { '@type': 'PropertyValue', propertyID: 'Companies House company number', value: '04567812' },
      logo: 'https://www.hothfieldnurseries.co.uk/favicon.svg',
      image: 'https://www.hothfieldnurseries.co.uk/favicon.svg',
      hasMap: 'https://www.google.com/maps/dir/?api=1&destination=51.16,0.8',
    });
  });

  it('follows the configured position, hours, logo and picture', () => {
    const ld = businessJsonLd(
      config({
        COMPANY_LATITUDE: '51.1634',
        COMPANY_LONGITUDE: '0.8047',
        COMPANY_OPENING_HOURS: 'Mo-Sa 09:00-17:00',
        COMPANY_LOGO: '/logo.png',
        COMPANY_IMAGE: 'https://cdn.example.com/yard.jpg',
      }).business,
    );
    expect(ld).toMatchObject({
      geo: { latitude: 51.1634, longitude: 0.8047 },
      hasMap: 'https://www.google.com/maps/dir/?api=1&destination=51.1634,0.8047',
      logo: 'https://www.hothfieldnurseries.co.uk/logo.png',
      image: 'https://cdn.example.com/yard.jpg',
    });
    expect(ld.openingHoursSpecification).toHaveLength(1);
  });
});

describe('postalAddress', () => {
  it('finds the postcode however it is spaced, and on the county’s line', () => {
    expect(postalAddress('Station Road\nHothfield\nAshford\nKent tn261ar', 'TN26 1AR')).toEqual({
      streetAddress: 'Station Road, Hothfield',
      addressLocality: 'Ashford',
      addressRegion: 'Kent',
      postalCode: 'TN26 1AR',
    });
    expect(postalAddress('1 High Street, Ashford', 'TN24 8AA')).toEqual({
      streetAddress: '1 High Street',
      addressLocality: 'Ashford',
      postalCode: 'TN24 8AA',
    });
  });
});

describe('breadcrumbJsonLd', () => {
  it('starts at Home and gives every item an absolute URL', () => {
    expect(breadcrumbJsonLd('https://www.hothfieldnurseries.co.uk', [{ name: 'How to find us', path: '/find' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.hothfieldnurseries.co.uk/' },
        { '@type': 'ListItem', position: 2, name: 'How to find us', item: 'https://www.hothfieldnurseries.co.uk/find' },
      ],
    });
  });

  it('keeps a site served under a path, and does not repeat Home', () => {
    const ld = breadcrumbJsonLd('https://example.com/nursery/', [
      { name: 'Home', path: '/' },
      { name: 'Catalogue', path: '/catalogue' },
    ]);
    expect((ld.itemListElement as { item: string }[]).map((i) => i.item)).toEqual([
      'https://example.com/nursery/',
      'https://example.com/nursery/catalogue',
    ]);
  });
});

describe('jsonForScript', () => {
  it('escapes what could end the script element, and stays the same JSON', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- & -->', separators: '\u2028\u2029' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('writes null for undefined', () => {
    expect(jsonForScript(undefined)).toBe('null');
  });
});
