/**
 * Search-engine crawlers, which get an error's status without an error page to index (spec section 2). Narrower
 * than "any automation": headless browsers and link checkers still see the page a person would.
 */
const SEARCH_BOTS =
  /googlebot|google-inspectiontool|bingbot|slurp|duckduckbot|baiduspider|yandex(bot|images)|sogou|exabot|applebot|petalbot|seznambot|naver|qwantify|ahrefsbot|semrushbot|mj12bot|dotbot|facebookexternalhit|twitterbot|linkedinbot/i;

export function isSearchBot(userAgent: string | undefined): boolean {
  return userAgent !== undefined && SEARCH_BOTS.test(userAgent);
}
