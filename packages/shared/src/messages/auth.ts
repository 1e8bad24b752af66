/** What the account flows answer: signing up, the e-mailed code, signing in and resetting a password. */
export const AUTH_MESSAGES = {
  registered: 'Registration successful. Please check your email for the verification code.',
  otpSent: 'OTP sent successfully',
  /** The limiter fills in `{seconds}`. */
  otpCooldown: 'Please wait {seconds} seconds before requesting a new OTP.',
  otpInvalid: 'Invalid or expired OTP. Please check the code or request a new one.',
  otpLocked: 'Too many wrong attempts. Please request a new OTP.',
  verified: 'Email verified successfully!',
  badCredentials: 'Invalid email or password',
  notVerified: 'Your email is not verified. Please verify your email.',
  forgotSent: 'If an account exists for that email, password reset instructions have been sent.',
  resetInvalid: 'This reset link is invalid or has expired. Please request a new one.',
  resetDone: 'Password reset successful! You can now sign in.',
  /** The Google callback page's code was refused, or the page came without one. */
  googleFailed: 'Authentication failed. Please try again.',
} as const;

/** The wording of the sign-up, reset and already-registered e-mails (each paragraph one string). */
export const AUTH_MAILS = {
  greeting: (name: string) => `Hi ${name},`,
  otp: {
    subject: (code: string) => `Your CampusRun verification code: ${code}`,
    /** The plain-text paragraph that carries the code. */
    code: (code: string, ttlMinutes: number) =>
      `Your CampusRun verification code is ${code}. It expires in ${ttlMinutes} minutes.`,
    /** The HTML version's paragraph under the code shown large. */
    codeAbove: (ttlMinutes: number) =>
      `Enter this code to verify your email. It expires in ${ttlMinutes} minutes.`,
    notYou: (campus: string) =>
      `If you did not sign up for CampusRun at ${campus}, you can ignore this email.`,
  },
  reset: {
    subject: 'Reset your CampusRun password',
    asked: (campus: string) =>
      `Someone asked to reset the password of your CampusRun account at ${campus}. Open this link within 1 hour to choose a new password:`,
    notYou: 'If it was not you, ignore this email: your password stays as it is.',
  },
  alreadyRegistered: {
    subject: 'You already have a CampusRun account',
    tried: (campus: string) =>
      `Someone tried to create a CampusRun account at ${campus} with this email, but you already have one.`,
    signIn: (publicUrl: string) =>
      `Sign in at ${publicUrl}/login, or reset your password at ${publicUrl}/forgot-password if you forgot it.`,
  },
} as const;
