// A local OpenID Connect provider standing in for Google in the E2E run, in its own process.
// The claims of the next ID token are read from the JSON file given as the first argument.
import { readFileSync } from 'node:fs';
import { OAuth2Server } from 'oauth2-mock-server';

const claimsFile = process.argv[2];
const clientId = process.argv[3];
const provider = new OAuth2Server();
await provider.issuer.keys.generate('RS256');
provider.service.on('beforeTokenSigning', (token) => {
  let claims = {};
  try {
    claims = JSON.parse(readFileSync(claimsFile, 'utf8'));
  } catch {
    // no claims chosen yet
  }
  Object.assign(token.payload, { aud: clientId, ...claims });
});
await provider.start(0, '127.0.0.1');
console.log(`ISSUER ${provider.issuer.url}`);
process.on('SIGTERM', () => provider.stop().then(() => process.exit(0)));
