import { describe, expect, it } from 'vitest';
import { chooseOptionMessage, combinationKey, optionKeys, variantLabel } from './variants';

describe('variants', () => {
  const names = { option1Name: 'Size', option2Name: 'Colour' };
  it('labels a variant with its option names and values', () => {
    expect(variantLabel(names, { option1Value: 'M', option2Value: 'Indigo' })).toBe('Size: M · Colour: Indigo');
    expect(variantLabel({ option1Name: 'Size', option2Name: null }, { option1Value: 'XL', option2Value: null })).toBe(
      'Size: XL',
    );
  });
  it('gives search keys without case or spaces', () => {
    expect(
      optionKeys({ option1Name: ' Size ', option2Name: 'Colour' }, { option1Value: 'm', option2Value: 'Dark  Blue' }),
    ).toEqual(['size=m', 'colour=dark blue']);
  });
  it('keys a combination the same whatever the case', () => {
    expect(combinationKey({ option1Value: 'M ', option2Value: 'indigo' })).toBe(
      combinationKey({ option1Value: 'm', option2Value: 'Indigo' }),
    );
  });
  it('asks for the missing choice', () => {
    expect(chooseOptionMessage({ option1Name: 'Size', option2Name: null })).toBe('Please choose a size');
    expect(chooseOptionMessage(names, { option1Value: 'M' })).toBe('Please choose a colour');
    expect(chooseOptionMessage(names)).toBe('Please choose a size and a colour');
  });
});
