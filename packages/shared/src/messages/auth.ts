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
