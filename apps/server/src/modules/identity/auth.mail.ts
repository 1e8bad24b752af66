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
    `Hi ${name},`,
    `Your CampusRun verification code is ${code}. It expires in ${ttlMinutes} minutes.`,
    `If you did not sign up for CampusRun at ${campus.campusName}, you can ignore this email.`,
  ];
  return {
    to,
    subject: `Your CampusRun verification code: ${code}`,
    text: lines.join('\n\n'),
    html: layout(
      campus,
      [lines[0]!, `Enter this code to verify your email. It expires in ${ttlMinutes} minutes.`, lines[2]!],
      code,
    ),
    devHint: `code ${code}`,
  };
}

export function resetMail(campus: Campus, to: string, name: string, token: string): Mail {
  const link = `${campus.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  const lines = [
    `Hi ${name},`,
    `Someone asked to reset the password of your CampusRun account at ${campus.campusName}. Open this link within 1 hour to choose a new password:`,
    link,
    'If it was not you, ignore this email: your password stays as it is.',
  ];
  return {
    to,
    subject: 'Reset your CampusRun password',
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
    `Hi ${name},`,
    `Someone tried to create a CampusRun account at ${campus.campusName} with this email, but you already have one.`,
    `Sign in at ${campus.publicUrl}/login, or reset your password at ${campus.publicUrl}/forgot-password if you forgot it.`,
  ];
  return {
    to,
    subject: 'You already have a CampusRun account',
    text: lines.join('\n\n'),
    html: layout(campus, lines),
  };
}
