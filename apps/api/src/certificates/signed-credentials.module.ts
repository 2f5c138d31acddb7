import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { CertificatesRepository } from './certificates.repository';
import { CredentialVerifier } from './credential-verifier';
import { SigningKeys } from './signing-keys';

/** The issuer's keys and the verifier: what the API and the analysis worker both need (no HTTP, no admin). */
@Module({
  providers: [
    CertificatesRepository,
    CredentialVerifier,
    { provide: SigningKeys, inject: [APP_CONFIG], useFactory: (config: AppConfig) => SigningKeys.load(config) },
  ],
  exports: [CertificatesRepository, CredentialVerifier, SigningKeys],
})
export class SignedCredentialsModule {}
