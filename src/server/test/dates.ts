import { todayInIndia } from '../../domain/age';

const DAY = 86_400_000;

/**
 * A date (YYYY-MM-DD) `days` from today in India, as the app counts days (negative: before today).
 * Tests take their dates from here, so that they mean the same whichever year they run in.
 */
export const indiaDate = (days = 0): string => todayInIndia(new Date(Date.now() + days * DAY));

/** This year in India, for dates that are invalid in any year (a 30 February). */
export const indiaYear = (): string => indiaDate().slice(0, 4);
