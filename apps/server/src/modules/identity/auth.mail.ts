import { AUTH_MAILS } from '@campusrun/shared';
import { escapeHtml } from '../../lib/html';
import type { Mail } from '../../lib/mailer';

interface Campus {
  campusName: string;
  publicUrl: string;
}

function layout(campus: Campus, paragraphs: string[], highlight?: string) {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const box = highlight
    ? `<p style="font-size:28px;letter-spacing:6px;font-weight:700;margin:0 0 16px">${escapeHtml(highlight)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:520px;margin:auto;padding:24px">
<h1 style="font-size:20px;color:#4f46e5;margin:0 0 16px">CampusRun · ${escapeHtml(campus.campusName)}</h1>${box}${body}</body></html>`;
}

export function otpMail(campus: Campus, to: string, name: string, code: string, ttlMinutes: number): Mail {
  const lines = [
    AUTH_MAILS.greeting(name),
    AUTH_MAILS.otp.code(code, ttlMinutes),
    AUTH_MAILS.otp.notYou(campus.campusName),
  ];
  return {
    to,
    subject: AUTH_MAILS.otp.subject(code),
    text: lines.join('\n\n'),
    html: layout(campus, [lines[0]!, AUTH_MAILS.otp.codeAbove(ttlMinutes), lines[2]!], code),
    devHint: `code ${code}`,
  };
}

export function resetMail(campus: Campus, to: string, name: string, token: string): Mail {
  const link = `${campus.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const lines = [
    AUTH_MAILS.greeting(name),
    AUTH_MAILS.reset.asked(campus.campusName),
    link,
    AUTH_MAILS.reset.notYou,
  ];
  return {
    to,
    subject: AUTH_MAILS.reset.subject,
    text: lines.join('\n\n'),
    html: layout(campus, lines).replace(
      escapeHtml(link),
      `<a href="${escapeHtml(link)}" style="color:#4f46e5">${escapeHtml(link)}</a>`,
    ),
    devHint: `link ${link}`,
  };
}

export function alreadyRegisteredMail(campus: Campus, to: string, name: string): Mail {
  const lines = [
    AUTH_MAILS.greeting(name),
    AUTH_MAILS.alreadyRegistered.tried(campus.campusName),
    AUTH_MAILS.alreadyRegistered.signIn(campus.publicUrl),
  ];
  return {
    to,
    subject: AUTH_MAILS.alreadyRegistered.subject,
    text: lines.join('\n\n'),
    html: layout(campus, lines),
  };
}
