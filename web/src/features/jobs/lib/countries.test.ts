import { describe, expect, it } from 'vitest';

import { COUNTRIES, countryName, isCountryCode } from './countries';

describe('countries', () => {
  it('has every ISO 3166-1 alpha-2 country once, by name', () => {
    expect(COUNTRIES).toHaveLength(249);
    const codes = COUNTRIES.map((country) => country.code);
    expect(new Set(codes).size).toBe(249);
    expect(codes.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(COUNTRIES[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
  });

  it('names a code, and keeps an unknown one as it is', () => {
    expect(countryName('IN')).toBe('India');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('QQ')).toBe('QQ');
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('UK')).toBe(false);
    expect(isCountryCode('us')).toBe(false);
  });
});
