import { AWAY_EMAILS, type EmailKind } from '@campusrun/shared';
import { escapeHtml } from '../../lib/html';
import type { Mail } from '../../lib/mailer';

/** An away e-mail: a line, a button to the page, and the kind's unsubscribe link (also as List-Unsubscribe). */
export function awayMail(opts: {
  to: string;
  subject: string;
  lines: string[];
  action: { label: string; url: string };
  unsubscribe: { url: string; kind: EmailKind };
  /** Why the member gets it (by default: they were away). */
  why?: string;
}): Mail {
  const { to, subject, lines, action, unsubscribe, why = AWAY_EMAILS.whyYouGetThis } = opts;
  const stop = AWAY_EMAILS.stop(unsubscribe.kind);
  const footer = `${why} ${stop}: ${unsubscribe.url}`;
  return {
    to,
    subject,
    text: [...lines, `${action.label}: ${action.url}`, '', footer].join('\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4f46e5;margin:0 0 16px">CampusRun</h1>
${lines.map((l) => `<p style="margin:0 0 16px">${escapeHtml(l)}</p>`).join('')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#475569;margin-top:32px">${escapeHtml(why)}
<a href="${escapeHtml(unsubscribe.url)}">${escapeHtml(stop)}</a>.</p></body></html>`,
    headers: {
      'List-Unsubscribe': `<${unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
