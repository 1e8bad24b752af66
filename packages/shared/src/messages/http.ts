/**
 * What the server answers when a request fails before a feature's own rules decide: signing in,
 * the shape of the input, uploads, a database that refuses or is away, the live connection.
 */
export const HTTP_MESSAGES = {
  signInFirst: 'Please login first',
  sessionExpired: 'Your session has expired. Please sign in again.',
  notAllowed: 'You are not allowed to do that',
  /** A route for one role called by the other: "Only hostellers can do that". */
  onlyRoles: (roles: readonly ('hosteller' | 'dayscholar')[]) =>
    `Only ${roles.map((r) => (r === 'hosteller' ? 'hostellers' : 'day scholars')).join(' or ')} can do that`,
  notFound: 'Not found',
  invalidInput: 'Invalid input',
  invalidValue: 'Invalid value',
  invalidCursor: 'Invalid cursor',
  invalidJson: 'The request body is not valid JSON.',
  sendJson: 'Unsupported content type. Send JSON.',
  tooLarge: 'The request is too large.',
  internal: 'Something went wrong on our side. Please try again.',
  // Forms with files.
  sendMultipart: 'Send the form as multipart/form-data.',
  fieldTooLong: 'This field is too long',
  tooManyFields: 'The form has too many fields.',
  invalidField: 'The form contains an invalid field.',
  /** A file sent in another field than the form's file field. */
  filesGoIn: (field: string) => `Files go in the "${field}" field.`,
  fieldNamedTooLong: (field: string) => `The ${field} field is too long.`,
  uploadIncomplete: 'The upload was incomplete or malformed. Please try again.',
  // What the database refused, said of the request.
  valueInvalid: 'A value in the request is not valid.',
  numberOutOfRange: 'A number in the request is out of range.',
  dateOutOfRange: 'A date in the request is out of range.',
  dateInvalid: 'A date in the request is not valid.',
  valueTooLong: 'A value in the request is too long.',
  charactersNotAllowed: 'The request contains characters that are not allowed.',
  gone: 'This no longer exists. Please reload and try again.',
  exists: 'This already exists. Please reload and try again.',
  changedMeanwhile: 'Someone changed this at the same time. Please try again.',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again.',
  // The live connection's handshake.
  tooManyConnections: 'Too many connection attempts. Please wait a moment.',
  connectFailed: 'Could not connect. Please try again.',
} as const;
