// Reading rendered markup in the web tests as a person reads the page.

/** The text of server-rendered markup: tags as spaces, apostrophes decoded, whitespace collapsed. */
export const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
