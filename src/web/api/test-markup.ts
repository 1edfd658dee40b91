// Reading rendered markup in the web tests as a person reads the page.

const entities: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#x27;': "'" };

/**
 * The text of server-rendered markup: tags as spaces, ampersands, quotes and apostrophes decoded, whitespace
 * collapsed.
 */
export const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;|&quot;|&#x27;/g, (e) => entities[e])
    .replace(/\s+/g, ' ')
    .trim();

/** The labels of the buttons in server-rendered markup, in order, each read as visibleText reads it. */
export const buttonLabels = (html: string) =>
  [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => visibleText(m[1]));
