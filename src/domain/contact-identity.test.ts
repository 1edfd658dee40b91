import { describe, expect, it } from 'vitest';
import { mailboxOf, phoneOf, sameMailbox, samePhone } from './contact-identity';

describe('mailboxOf', () => {
  it.each([
    ['meera@example.in', 'meera@example.in'],
    ['  Meera@Example.IN ', 'meera@example.in'],
    ['meera+offers@example.in', 'meera@example.in'],
    ['meera+a+b@example.in', 'meera@example.in'],
    // Dots count outside Gmail: another provider may give them to another person.
    ['mee.ra@example.in', 'mee.ra@example.in'],
    ['mee.ra@gmail.com', 'meera@gmail.com'],
    ['M.e.e.r.a+ref1@Gmail.com', 'meera@gmail.com'],
    ['mee.ra+x@googlemail.com', 'meera@gmail.com'],
    ['MEERA@GOOGLEMAIL.COM', 'meera@gmail.com'],
    // Nothing to strip down to: left as typed (lowercase).
    ['+tag@example.in', '+tag@example.in'],
    ['...@gmail.com', '...@gmail.com'],
    ['not-an-email', 'not-an-email'],
  ])('%s is the mailbox %s', (email, mailbox) => {
    expect(mailboxOf(email)).toBe(mailbox);
  });

  it('tells one mailbox from another', () => {
    expect(sameMailbox('meera+x@gmail.com', 'M.eera@googlemail.com')).toBe(true);
    expect(sameMailbox('meera@gmail.com', 'meera@example.in')).toBe(false);
    expect(sameMailbox('meera@gmail.com', 'meera1@gmail.com')).toBe(false);
    expect(sameMailbox('mee.ra@example.in', 'meera@example.in')).toBe(false);
  });
});

describe('phoneOf', () => {
  it.each([
    ['9845012345', '9845012345'],
    ['98450 12345', '9845012345'],
    ['98450-12345', '9845012345'],
    ['+91 98450 12345', '9845012345'],
    ['+91-98450-12345', '9845012345'],
    ['919845012345', '9845012345'],
    ['09845012345', '9845012345'],
    ['098450-12345', '9845012345'],
    ['0091 98450 12345', '9845012345'],
    ['+91 0 98450 12345', '9845012345'],
    ['(+91) 98450 12345', '9845012345'],
    // Ten digits that begin with 91 are a number, not a prefix.
    ['9198765432', '9198765432'],
    ['', ''],
  ])('%s is the phone %s', (phone, digits) => {
    expect(phoneOf(phone)).toBe(digits);
  });

  it('tells one phone from another; a missing phone matches nothing', () => {
    expect(samePhone('+91 98450 12345', '098450-12345')).toBe(true);
    expect(samePhone('9845012345', '9845012346')).toBe(false);
    expect(samePhone('', '')).toBe(false);
    expect(samePhone(null, null)).toBe(false);
    expect(samePhone(undefined, '9845012345')).toBe(false);
  });
});
