import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  Redirect,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiFoundResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedAdmin } from '../admin/admin-auth.types';
import { AdminOnly, CurrentAdmin } from '../admin/admin-only.decorator';
import { AdminTicketsService } from '../admin/admin-tickets.service';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/inject-config.decorator';
import { EmailTemplateDto, UpdateEmailTemplateDto } from './dto/email-template.dto';
import { GmailConnectTicketDto, GmailSetupStatusDto } from './dto/gmail-setup-status.dto';
import { OAuthCallbackQueryDto } from './dto/oauth-callback-query.dto';
import { EmailTemplatesService } from './email-templates.service';
import { GmailConnectionService } from './gmail-connection.service';

const STATE_COOKIE = 'gmail_oauth_state';
const CONNECT_TICKET = 'gmail-connect';

interface RedirectTo {
  url: string;
  statusCode: number;
}

function readCookie(request: Request, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

@ApiTags('gmail')
@Controller('gmail')
export class GmailController {
  constructor(
    private readonly connection: GmailConnectionService,
    private readonly templates: EmailTemplatesService,
    private readonly tickets: AdminTicketsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Get('setup-status')
  @ApiOperation({ summary: 'Whether Gmail drafts can be created, and with which account' })
  @ApiOkResponse({ type: GmailSetupStatusDto })
  setupStatus(): Promise<GmailSetupStatusDto> {
    return this.connection.status();
  }

  @Post('connect-ticket')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'A single-use ticket, valid 2 minutes, for the browser navigation to GET /api/gmail/connect',
  })
  @ApiOkResponse({ type: GmailConnectTicketDto })
  @ApiConflictResponse({ description: 'Google OAuth client or token encryption key not configured' })
  async connectTicket(@CurrentAdmin() admin: AuthenticatedAdmin): Promise<GmailConnectTicketDto> {
    this.connection.requireConnectable();
    return { ticket: await this.tickets.issue(admin, CONNECT_TICKET) };
  }

  @Get('connect')
  @Redirect()
  @ApiOperation({ summary: "Starts Google's consent flow (a browser navigation carrying an admin's connect ticket)" })
  @ApiQuery({ name: 'ticket', description: 'From POST /api/gmail/connect-ticket' })
  @ApiFoundResponse({ description: "Redirect to Google's consent page" })
  @ApiUnauthorizedResponse({ description: 'Missing, invalid, expired or already used ticket' })
  @ApiConflictResponse({ description: 'Google OAuth client or token encryption key not configured' })
  async connect(
    @Query('ticket') ticket: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RedirectTo> {
    await this.tickets.redeem(ticket, CONNECT_TICKET);
    const { url, state } = await this.connection.startConsent();
    // Ties the state to this browser, so a callback link made by someone else cannot connect their account here.
    response.cookie(STATE_COOKIE, state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.google.redirectUrl.startsWith('https:'),
      path: '/api/gmail',
      maxAge: 10 * 60 * 1000,
    });
    return { url, statusCode: 302 };
  }

  @Get('callback')
  @Redirect()
  @ApiOperation({ summary: 'Where Google sends the browser back; stores the account, then returns to /evaluation' })
  @ApiFoundResponse({ description: 'Redirect to the evaluation page with ?gmail=connected (or denied)' })
  @ApiBadRequestResponse({ description: 'Missing, unknown, used or expired state' })
  async callback(
    @Query() query: OAuthCallbackQueryDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RedirectTo> {
    response.clearCookie(STATE_COOKIE, { path: '/api/gmail' });
    const back = new URL('/evaluation', this.config.webUrl);
    if (query.error) {
      back.searchParams.set('gmail', 'denied');
      return { url: back.href, statusCode: 302 };
    }
    await this.connection.completeConsent({
      code: query.code ?? '',
      state: query.state ?? '',
      cookieState: readCookie(request, STATE_COOKIE),
    });
    back.searchParams.set('gmail', 'connected');
    return { url: back.href, statusCode: 302 };
  }

  @Post('disconnect')
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({ summary: 'Revokes the grant at Google (best effort) and forgets the account' })
  @ApiOkResponse({ type: GmailSetupStatusDto })
  async disconnect(): Promise<GmailSetupStatusDto> {
    await this.connection.disconnect();
    return this.connection.status();
  }

  @Get('templates')
  @ApiOperation({ summary: 'Outreach email templates, the default first' })
  @ApiOkResponse({ type: [EmailTemplateDto] })
  listTemplates(): Promise<EmailTemplateDto[]> {
    return this.templates.list();
  }

  @Put('templates/:id')
  @AdminOnly()
  @ApiOperation({ summary: 'Changes a template; unknown placeholders are refused' })
  @ApiOkResponse({ type: EmailTemplateDto })
  @ApiBadRequestResponse({ description: 'Empty or over-long text, a multi-line subject, or an unknown placeholder' })
  @ApiNotFoundResponse({ description: 'No such template' })
  updateTemplate(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Body() body: UpdateEmailTemplateDto,
  ): Promise<EmailTemplateDto> {
    return this.templates.update(id, body);
  }
}
