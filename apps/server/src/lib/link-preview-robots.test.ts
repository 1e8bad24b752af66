import { describe, expect, it } from 'vitest';
import { isLinkPreviewRobot } from './link-preview-robots';

describe('isLinkPreviewRobot', () => {
  it.each([
    ['Facebook', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Facebook (Facebot)', 'Facebot'],
    ['WhatsApp on Android', 'WhatsApp/2.23.20.0 A'],
    ['WhatsApp on iOS', 'WhatsApp/2.23.18.78 i'],
    ['Telegram', 'TelegramBot (like TwitterBot)'],
    ['Slack', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['Slack (plain)', 'Slackbot 1.0 (+https://api.slack.com/robots)'],
    ['Discord', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['X', 'Twitterbot/1.0'],
    ['LinkedIn', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    [
      'Applebot',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ],
    [
      'iMessage',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
    ],
  ])('knows %s', (_, agent) => {
    expect(isLinkPreviewRobot(agent)).toBe(true);
  });

  it.each([
    [
      'Chrome on Android',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    ],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    [
      "Facebook's in-app browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0;FBBV/600000000]',
    ],
    [
      "X's in-app browser",
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Twitter for iPhone/10.48',
    ],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['a word inside another', 'Mozilla/5.0 NotWhatsApp/1.0 xFacebotx'],
    ['nothing', undefined],
    ['empty', ''],
  ])('leaves %s to the app', (_, agent) => {
    expect(isLinkPreviewRobot(agent)).toBe(false);
  });

  it('ignores an absurdly long header', () => {
    expect(isLinkPreviewRobot(`${'x'.repeat(600)} Twitterbot/1.0`)).toBe(false);
  });
});
