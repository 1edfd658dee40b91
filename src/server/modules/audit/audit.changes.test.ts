import { describe, expect, it } from 'vitest';
import { auditChanges, SECRET_CHANGED } from './audit.changes';

describe('auditChanges', () => {
  it('keeps only the fields that changed, with their old and new values', () => {
    expect(
      auditChanges(
        { firstName: 'Asha', lastName: 'Rao', phone: '9876543210' },
        { firstName: 'Asha', lastName: 'Iyer', phone: '9876543210' },
      ),
    ).toEqual({ lastName: { from: 'Rao', to: 'Iyer' } });
  });

  it('treats a missing value and null as the same, and records a field set or cleared', () => {
    expect(auditChanges<Record<string, unknown>>({ website: null }, { website: null, gender: 'female' })).toEqual({
      gender: { from: null, to: 'female' },
    });
    expect(auditChanges<{ website: string | null }>({ website: 'https://a.in' }, { website: null })).toEqual({
      website: { from: 'https://a.in', to: null },
    });
  });

  it('compares arrays and objects by value', () => {
    expect(auditChanges({ tags: ['a', 'b'] }, { tags: ['a', 'b'] })).toEqual({});
    expect(auditChanges({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual({ tags: { from: ['a'], to: ['a', 'b'] } });
  });

  it('never writes a secret: only that it changed', () => {
    const changes = auditChanges(
      { upiId: 'old@upi', keySecret: 's3cret-old' },
      { upiId: 'old@upi', keySecret: 's3cret-new' },
      ['keySecret'],
    );
    expect(changes).toEqual({ keySecret: { from: SECRET_CHANGED, to: SECRET_CHANGED } });
    expect(JSON.stringify(changes)).not.toContain('s3cret');
  });

  it('is empty when nothing changed', () => {
    expect(auditChanges({ a: 1, b: 'x' }, { a: 1, b: 'x' })).toEqual({});
  });
});
