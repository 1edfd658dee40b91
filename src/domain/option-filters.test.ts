import { describe, expect, it } from 'vitest';
import { compareOptionValues, optionFilterParam, optionKeyGroups, parseOptionFilter } from './option-filters';

describe('option filters', () => {
  it('reads a name and a value, in any case, split at the first colon', () => {
    expect(parseOptionFilter(' Size : M ')).toEqual({ name: 'size', value: 'm' });
    expect(parseOptionFilter('ratio:3:4')).toEqual({ name: 'ratio', value: '3:4' });
    expect([
      parseOptionFilter('size'),
      parseOptionFilter('size:'),
      parseOptionFilter(':m'),
      parseOptionFilter(`size:${'x'.repeat(41)}`),
    ]).toEqual([null, null, null, null]);
    expect(optionFilterParam('Shoe Size', 'UK 7')).toBe('shoe size:uk 7');
  });

  it('groups the keys by option: values of one option are alternatives', () => {
    expect(optionKeyGroups(['Size:M', 'colour:indigo', 'size:l', 'size:m', 'bad'])).toEqual([
      ['colour=indigo'],
      ['size=l', 'size=m'],
    ]);
    expect(optionKeyGroups([])).toEqual([]);
  });

  it('orders sizes as a shopper expects', () => {
    expect(['XL', 'S', 'Free Size', 'M', 'XXL', 'L', 'XS'].sort(compareOptionValues)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      'XXL',
      'Free Size',
    ]);
    expect(['UK 10', 'UK 7', 'UK 6'].sort(compareOptionValues)).toEqual(['UK 6', 'UK 7', 'UK 10']);
    expect(['Rust', 'indigo', 'Olive'].sort(compareOptionValues)).toEqual(['indigo', 'Olive', 'Rust']);
  });
});
