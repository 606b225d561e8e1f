import type { MailMessage } from './mailer.ts';

/**
 * The accounts e-mails. English only for now: the user's locale is known (it will pick the translation when
 * the web's message catalogue is shared with the server).
 */
export function verificationMessage(
  to: { email: string; firstName: string },
  link: string,
  appName: string,
): MailMessage {
  return {
    to: to.email,
    subject: `${appName}: verify your e-mail address`,
    text: `Hello ${to.firstName},\n\nOpen this link to verify your e-mail address:\n${link}\n\nThe link expires in 24 hours. If you did not create an account, ignore this message.\n`,
  };
}

export function passwordResetMessage(
  to: { email: string; firstName: string },
  link: string,
  appName: string,
): MailMessage {
  return {
    to: to.email,
    subject: `${appName}: reset your password`,
    text: `Hello ${to.firstName},\n\nOpen this link to choose a new password:\n${link}\n\nThe link expires in 60 minutes and works once. If you did not ask for it, ignore this message: your password is unchanged.\n`,
  };
}

export function twoFactorCodeMessage(
  to: { email: string; firstName: string },
  code: string,
  appName: string,
): MailMessage {
  return {
    to: to.email,
    subject: `${appName}: your sign-in code`,
    text: `Hello ${to.firstName},\n\nYour sign-in code is ${code}. It expires in 10 minutes.\n`,
  };
}
