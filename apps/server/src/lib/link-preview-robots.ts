/**
 * The robots that fetch a shared link to draw its preview card in a chat or a feed: Facebook and
 * Messenger (`facebookexternalhit`, `Facebot`), WhatsApp, Telegram, Slack (`Slackbot`,
 * `Slackbot-LinkExpanding`), Discord, X (`Twitterbot`), LinkedIn and Apple's (`Applebot`; iMessage
 * itself sends a `facebookexternalhit` or `Twitterbot` one). A person's browser, the apps' own
 * in-app browsers included (`FBAN`, `FB_IAB`, `Twitter for iPhone`, Telegram's web view), is none
 * of these.
 */
const ROBOTS =
  /\bfacebookexternalhit\/|\bFacebot\b|(?:^|\s)WhatsApp\/|\bTelegramBot\b|\bSlackbot\b|\bDiscordbot\b|\bTwitterbot\b|\bLinkedInBot\b|\bApplebot\b/i;

/** Whether a request's User-Agent is a link-preview robot's. */
export const isLinkPreviewRobot = (userAgent: string | undefined): boolean =>
  Boolean(userAgent && userAgent.length <= 512 && ROBOTS.test(userAgent));
