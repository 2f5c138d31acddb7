import { ApiProperty } from '@nestjs/swagger';
import type { GmailConnectTicket, GmailSetupStatus } from '@app/contracts';

export class GmailSetupStatusDto implements GmailSetupStatus {
  @ApiProperty({ description: 'An account is connected and Google accepts its token' }) configured!: boolean;
  @ApiProperty({ description: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set' }) hasCredentials!: boolean;
  @ApiProperty({ type: String, nullable: true, description: 'The connected account, when configured' }) userEmail!:
    string | null;
  @ApiProperty({ type: String, nullable: true, description: 'What to do next, in plain words' }) nextStep!:
    string | null;
}

export class GmailConnectTicketDto implements GmailConnectTicket {
  @ApiProperty({ description: 'Pass as ?ticket= to GET /api/gmail/connect within 2 minutes; it works once' })
  ticket!: string;
}
